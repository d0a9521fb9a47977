// The editor's save check: before Sveltia writes a file, the build's own rules run on it (editor/check.ts) against the
// site index the last build wrote, with what this editor saved since (saves.ts). A problem stops the save: Sveltia's
// "saving failed" dialog lists the build's words, and each message is shown next to its field; what the build would
// only warn of is shown once the save is made. Spaces alone count as empty: they are emptied before the save. A new
// entry whose address another has is refused too. Photos chosen in this editor count as saved (photos.ts).
import type { ContentError } from '../../generator/errors.ts';
import { checkEntry, kindOf, takenAddress } from '../check.ts';
import { tell } from './dialog.ts';
import { chosen } from './photos.ts';
import { siteIndex } from './saves.ts';
import type { ImmutableMap } from './sveltia.ts';

/** Blank text's place in the data: it is saved empty, which the editor leaves out where the field is optional. */
function blanks(data: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (typeof data === 'string' && data.length && !data.trim()) out.push(at);
  else if (Array.isArray(data)) data.forEach((v, i) => blanks(v, [...at, i], out));
  else if (data && typeof data === 'object') for (const [k, v] of Object.entries(data)) blanks(v, [...at, k], out);
  return out;
}

/** Sveltia's own keys in list items (`__sc_item_id`): not written to the file. */
function ownKeys(data: unknown): unknown {
  if (Array.isArray(data)) return data.map(ownKeys);
  if (data && typeof data === 'object')
    return Object.fromEntries(Object.entries(data).flatMap(([k, v]) => (k.startsWith('__sc_') ? [] : [[k, ownKeys(v)]])));
  return data;
}

/**
 * Every problem the build would report about this save, or none; `warned` gets what it would publish with a warning.
 * A new entry (`isNew`) is also refused where the editor would give it another's address with -1 (takenAddress).
 * Exposed for tests as window.editorRules.
 */
export async function check(
  path: string,
  data: Record<string, unknown>,
  mediaFiles: { name: string; url?: string }[] = [],
  { isNew = false, warned = [] as string[] } = {},
) {
  if (path !== 'content/site.yaml' && !kindOf(path)) return []; // not a file of the site's content
  const idx = await siteIndex();
  const { body = '', ...front } = ownKeys(data) as Record<string, unknown>;
  const known = [...mediaFiles.map((f) => `/images/${f.name}`), ...chosen.keys()];
  const files = {
    ...idx,
    images: [...idx.images, ...known.filter((a) => !idx.images.includes(a))],
    imageSizes: { ...idx.imageSizes, ...Object.fromEntries(chosen) },
  };
  const warnings: ContentError[] = [];
  const errors = checkEntry(path, front, typeof body === 'string' ? body : '', files, warnings);
  // a name another entry has already is the build's own mistake (same name): said once, in its words
  const taken = isNew ? takenAddress(path, front, files) : null;
  if (taken && !errors.some((e) => e.file === path && e.field === taken.field)) errors.unshift(taken);
  const message = (e: ContentError) => (e.file === path ? `${e.field ? `${e.field}: ` : ''}${e.problem}` : e.message);
  warned.push(...warnings.map(message));
  return errors.map((e) => ({ file: e.file, field: e.field, problem: e.problem, message: message(e) }));
}
/** What the build would warn of in a save, by its file, shown once the save is made (showWarnings). */
const warnings = new Map<string, string[]>();
const SAVED_WITH_WARNINGS = 'Saved, with something to look at';

const MARK = 'data-build-rule';

/** The field's editor on the page for a message's field: `faq[0].a` is Sveltia's `faq.0.a`; the nearest shown one. */
function fieldElement(field: string): Element | null {
  let keys = field
    .replace(/, line \d+$/, '')
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.');
  while (keys.length) {
    const el = document.querySelector(`[data-key-path="${CSS.escape(keys.join('.'))}"]`);
    if (el) return el;
    keys = keys.slice(0, -1);
  }
  return document.querySelector('[data-key-path]');
}

/** Shows each message under its field's editor, as Sveltia shows its own, replacing the last save's. */
function showNextToFields(problems: { field: string; message: string }[]) {
  document.querySelectorAll(`[${MARK}]`).forEach((el) => el.remove());
  for (const p of problems) {
    const host = fieldElement(p.field);
    if (!host) continue;
    const note = document.createElement('p');
    note.setAttribute(MARK, p.field);
    note.setAttribute('role', 'alert');
    note.textContent = p.message;
    host.append(note);
  }
}

/**
 * Checks a save as Sveltia's preSave hands it over: blank text is emptied; a save the build would refuse is stopped,
 * its messages shown. Returns the entry to write when spaces were emptied.
 */
export async function checkSave(entry: ImmutableMap): Promise<ImmutableMap | undefined> {
  let out = entry;
  const e = entry.toJS();
  const emptied = blanks(e.data);
  for (const at of emptied) out = out.setIn(['data', ...at], '');
  const warned: string[] = [];
  const problems = await check(e.path ?? '', out.toJS().data ?? {}, e.mediaFiles ?? [], { isNew: e.newRecord, warned });
  showNextToFields(problems);
  warnings.set(e.path ?? '', warned);
  // Sveltia shows the cause of a "saving_failed" error in its dialog, and writes nothing
  if (problems.length) throw new Error('saving_failed', { cause: new Error(problems.map((p) => p.message).join(' · ')) });
  // the entry as it was, unless spaces were emptied: Sveltia then writes the data given back
  return emptied.length ? out : undefined;
}

/** Once a save is made (postSave): what the build would warn of in it, in a box. */
export function showWarnings(path: string) {
  const warned = warnings.get(path);
  warnings.delete(path);
  if (warned?.length) tell(SAVED_WITH_WARNINGS, warned.join('\n'));
}
