// Measures toasts inside the page, where a busy test machine cannot skew the numbers.

/** Installed with page.addInitScript(TOAST_TIMES): window.toastTimes(act) runs act(), then resolves
 *  [ms until a toast appears, ms it stays on screen]. */
export const TOAST_TIMES = `window.toastTimes = (act) => new Promise((resolve) => {
  const t0 = performance.now();
  let shown = 0;
  new MutationObserver(() => {
    const has = !!document.querySelector('.toast');
    if (has && !shown) shown = performance.now();
    if (!has && shown) resolve([shown - t0, performance.now() - shown]);
  }).observe(document.getElementById('toasts'), { childList: true, subtree: true });
  act();
})`;

declare global {
  function toastTimes(act: () => void): Promise<[number, number]>;
}
