// The estimate visit's field (templates/parts/forms.tsx VisitFields): windows whose time has passed go, and the toast
// after a send says which were requested, with a calendar file of them.
import { calendar } from './calendar.ts';
import { app } from './handover.ts';
import type { ToastOptions } from './toaster.tsx';

/** Its choices: each window an option whose data-until is the
 * last moment it may be chosen, by the build's instants, so the visitor's own clock zone plays no part. */
const choices = (form: HTMLFormElement) => [...form.querySelectorAll<HTMLSelectElement>('.visits select')];

/** Takes out the windows whose time has passed, so a page left open offers what the office still can. */
export function dropPassed(form: HTMLFormElement) {
  for (const select of choices(form)) for (const o of [...select.options]) if (Number(o.dataset.until) <= Date.now()) o.remove();
}

/** The visit field: its passed windows go now and whenever a visitor comes back to the form. */
export function visitField(form: HTMLFormElement) {
  if (!choices(form).length) return;
  dropPassed(form);
  form.addEventListener('focusin', () => dropPassed(form));
}

/** What the toast after a send adds when the request chose windows: that the visit is requested and when the office
 * confirms it, and the windows for the visitor's calendar, marked tentative, made here (no request). */
export function visitToast(form: HTMLFormElement): Partial<ToastOptions> | undefined {
  const chosen = choices(form)
    .map((s) => s.selectedOptions[0])
    .filter((o) => o?.dataset.until);
  if (!chosen.length) return undefined;
  const text = app.say('requested', { visit: chosen.map((o) => o.text).join('; ') });
  const ics = calendar(chosen, app.say('calendarTitle'), text);
  const href = URL.createObjectURL(new Blob([ics], { type: 'text/calendar' }));
  return { note: text, link: { label: app.say('calendar'), href, download: 'estimate-visit.ics' } };
}
