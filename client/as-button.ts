// An <a> the script turns into a button: the mobile menu's toggle and close links, the estimate buttons.

/** An <a> that acts as a button once JavaScript runs: its role and the Space key. */
export function asButton(el: HTMLElement) {
  el.setAttribute('role', 'button');
  el.addEventListener('keydown', (e) => {
    if (e.key === ' ') {
      e.preventDefault();
      el.click();
    }
  });
}
