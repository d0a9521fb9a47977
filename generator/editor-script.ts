// The editor's save check, in the browser at /admin (bundled by admin-script.ts, loaded after Sveltia CMS): before
// Sveltia writes a file, its preSave event runs the build's own rules on it (editor-check.ts) against the site index
// the last build wrote. A problem stops the save: Sveltia's "saving failed" dialog lists the build's words, and each
// message is shown next to its field. Spaces alone count as empty: they are emptied before the save.
import { checkEntry, entryRef, type SiteIndex } from './editor-check.ts';
import type { ContentError } from './errors.ts';

interface ImmutableMap {
  toJS(): { data?: Record<string, unknown>; path?: string; slug?: string; mediaFiles?: { name: string; url?: string }[] };
  setIn(path: (string | number)[], value: unknown): ImmutableMap;
}
declare const CMS: { registerEventListener(l: { name: string; handler: (a: { entry: ImmutableMap }) => unknown }): void };

const ADMIN = new URL('.', (document.currentScript as HTMLScriptElement | null)?.src ?? location.href).pathname;
let index: Promise<SiteIndex> | undefined;
const siteIndex = () => (index ??= fetch(`${ADMIN}site-index.json`).then((r) => r.json() as Promise<SiteIndex>));

/** Blank text's place in the data: it is saved empty, which the editor leaves out where the field is optional. */
function blanks(data: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (typeof data === 'string' && data.length && !data.trim()) out.push(at);
  else if (Array.isArray(data)) data.forEach((v, i) => blanks(v, [...at, i], out));
  else if (data && typeof data === 'object') for (const [k, v] of Object.entries(data)) blanks(v, [...at, k], out);
  return out;
}

/** A photo being uploaded with this save is a blob: address until it is written: it will be /images/its-name. */
function uploads(data: unknown, files: { name: string; url?: string }[], added: Set<string>): unknown {
  if (typeof data === 'string' && data.startsWith('blob:')) {
    const src = `/images/${files.find((x) => x.url === data)?.name ?? 'upload.jpg'}`;
    added.add(src);
    return src;
  }
  if (Array.isArray(data)) return data.map((v) => uploads(v, files, added));
  if (data && typeof data === 'object') return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, uploads(v, files, added)]));
  return data;
}

/** Every problem the build would report about this save, or none. Exposed for tests as window.editorRules. */
export async function check(path: string, data: Record<string, unknown>, mediaFiles: { name: string; url?: string }[] = []) {
  const ref = entryRef(path);
  if (!ref) return [];
  const idx = await siteIndex();
  const added = new Set<string>();
  const { body = '', ...front } = uploads(data, mediaFiles, added) as Record<string, unknown>;
  const files = { ...idx, images: [...idx.images, ...[...added].filter((a) => !idx.images.includes(a))] };
  const slug = ref.slug;
  return checkEntry(slug ? { ...ref, slug } : ref, front, typeof body === 'string' ? body : '', files).map((e) => ({
    file: e.file,
    field: e.field,
    problem: e.problem,
    message: e.file === path ? `${e.field ? `${e.field}: ` : ''}${e.problem}` : e.message,
  }));
}

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
    note.style.cssText = 'color:var(--sui-error-foreground-color,#c00);margin:4px 16px;font-size:var(--sui-font-size-default,14px)';
    note.textContent = p.message;
    host.append(note);
  }
}

CMS.registerEventListener({
  name: 'preSave',
  handler: async ({ entry }) => {
    let out = entry;
    const e = entry.toJS();
    for (const at of blanks(e.data)) out = out.setIn(['data', ...at], '');
    const problems = await check(e.path ?? '', out.toJS().data ?? {}, e.mediaFiles ?? []);
    showNextToFields(problems);
    // Sveltia shows the cause of a "saving_failed" error in its dialog and writes nothing
    if (problems.length) throw new Error('saving_failed', { cause: new Error(problems.map((p) => p.message).join(' · ')) });
    return out;
  },
});

(window as unknown as { editorRules: unknown }).editorRules = { check, entryRef };
export type { ContentError };
