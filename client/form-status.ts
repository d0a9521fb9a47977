// The status line inside a form with real delivery (templates/parts/forms.tsx): an unsent request brought back, a
// failure, or a wait for the network.

/** Shows `text` in the form's status line; an empty text hides it. */
export function showStatus(form: HTMLFormElement, text: string) {
  const p = form.querySelector<HTMLElement>('.form-status');
  if (!p) return;
  p.textContent = text;
  p.hidden = !text;
}

/** The send button's label, which the status line's words name. */
export const buttonLabel = (form: HTMLFormElement) => form.querySelector('button[type="submit"]')!.textContent!.trim();
