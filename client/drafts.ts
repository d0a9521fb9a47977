// With real delivery, nothing typed is lost: a form's values are kept in localStorage (the key the form names) from the
// first change until the request is sent, and come back on a reload or the dialog's next opening. Photos are not kept:
// a draft remembers how many there were, and its note asks for them again.
import { showStatus, buttonLabel } from './form-status.ts';
import { app } from './handover.ts';
import { photoCount } from './photo-field.ts';
import { newId } from './new-id.ts';
import { URGENT_FIELD, VISIT_FIELDS } from '../templates/model/constants.ts';

interface Draft {
  v: Record<string, string>; // the visitor's values
  id?: string; // the request id of the last attempt with exactly these values, so a retry reuses it
  at: number; // when it was saved; drafts older than DRAFT_DAYS are dropped
  p?: number; // how many photos it had: they are not kept, so a draft brought back asks for them again
}

const DRAFT_DAYS = 30;
/** What a visitor fills in, and the dialog's page title: the request's own fields, in the spec's order; then the
 * estimate visit's choices and, in storm mode, the urgent mark (templates/parts/forms.tsx VisitFields). */
const FIELDS = ['name', 'phone', 'serviceArea', 'service', 'message', 'source_page', ...VISIT_FIELDS, URGENT_FIELD];

/** The form's draft, unless it is older than DRAFT_DAYS (then it goes) or unreadable. */
function read(form: HTMLFormElement): Draft | null {
  let d: Draft | null = null;
  try {
    d = JSON.parse(app.storedDraft(form) || 'null') as Draft | null;
  } catch {
    return null; // an entry that is not JSON: there is no draft
  }
  if (d && Date.now() - d.at < DRAFT_DAYS * 864e5) return d;
  write(form, null);
  return null;
}

function write(form: HTMLFormElement, d: Draft | null) {
  try {
    if (d) localStorage.setItem(form.dataset.draftKey!, JSON.stringify(d));
    else localStorage.removeItem(form.dataset.draftKey!);
  } catch {
    // storage full or blocked (some private modes): the form itself still holds the values
  }
}

/** The values a request sends of what the visitor filled in. */
export function values(form: HTMLFormElement): Record<string, string> {
  const data = new FormData(form);
  const v: Record<string, string> = {};
  for (const f of FIELDS) {
    const x = data.get(f);
    if (typeof x === 'string') v[f] = x;
  }
  return v;
}

/** Keeps the typed values as a draft, with the number of photos; an emptied form keeps nothing. Real delivery only. */
export function saveDraft(form: HTMLFormElement) {
  if (!form.dataset.delivery) return;
  const v = values(form);
  const any = FIELDS.some((f) => f !== 'source_page' && v[f]);
  write(form, any ? { v, at: Date.now(), p: photoCount(form) } : null);
}

/** Keeps `v` as the draft of an attempt to send it, and returns the attempt's request id: the last attempt's when the
 * values are the same, so the receiver can tell a retry from a new request. */
export function draftForSending(form: HTMLFormElement, v: Record<string, string>): string {
  const last = read(form);
  const id = last?.id && JSON.stringify(last.v) === JSON.stringify(v) ? last.id : newId();
  write(form, { v, id, at: Date.now(), p: photoCount(form) });
  return id;
}

/** The request is sent: its draft goes. */
export const dropDraft = (form: HTMLFormElement) => write(form, null);

/** Fills the form again from a request that was not sent, with a note saying so (and that photos need choosing again). */
export function restoreDraft(form: HTMLFormElement) {
  const d = read(form);
  const again = d?.p && !photoCount(form) ? ` ${app.say('again')}` : '';
  showStatus(form, d ? app.say('draftNote', { button: buttonLabel(form) }) + again : '');
  if (!d) return;
  for (const [k, v] of Object.entries(d.v)) {
    if (k === 'source_page') continue; // the dialog records the page it is opened on now
    const el = form.elements.namedItem(k) as HTMLInputElement | null;
    if (el && 'value' in el) el.value = v;
  }
}
