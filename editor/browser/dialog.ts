// The editor's own boxes at /admin (save-check.ts, photos.ts): a refusal or a warning with its OK, or work
// under way. Drawn as Sveltia CMS draws its dialogs (editor.css), and, like them, a real <dialog> opened with
// showModal(): focus moves into it (to OK), Tab stays in it, Escape closes it, a screen reader announces it by its
// heading and reads its text, and focus goes back where it was when it closes.
import css from './editor.css';

// the editor's own stylesheet (its boxes, and the notice after a save), once, as the script loads
const style = document.createElement('style');
style.textContent = css;
document.head.append(style);

let made = 0;

/** Opens a box: `closable`, with OK (a refusal, a warning), or not (work under way, until the caller closes it). */
export function tell(title: string, message: string, closable = true): HTMLDialogElement {
  const id = `editor-box-${++made}`;
  const dialog = document.createElement('dialog');
  dialog.className = 'editor-box';
  dialog.setAttribute('role', closable ? 'alertdialog' : 'dialog');
  dialog.setAttribute('aria-labelledby', `${id}-title`);
  dialog.setAttribute('aria-describedby', `${id}-text`);
  const heading = document.createElement('h2');
  heading.id = `${id}-title`;
  heading.textContent = title;
  const text = document.createElement('p');
  text.id = `${id}-text`;
  text.textContent = message;
  dialog.append(heading, text);
  if (closable) {
    const buttons = document.createElement('div');
    buttons.className = 'editor-box__buttons';
    const ok = document.createElement('button');
    ok.type = 'button';
    ok.textContent = 'OK';
    ok.autofocus = true;
    ok.addEventListener('click', () => dialog.close());
    buttons.append(ok);
    dialog.append(buttons);
  } else {
    dialog.setAttribute('aria-busy', 'true');
    dialog.tabIndex = -1; // nothing in it to focus: the box itself takes the focus, so the keyboard stays in it
    dialog.addEventListener('cancel', (e) => e.preventDefault()); // Escape does not drop the work half done
  }
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  return dialog;
}
