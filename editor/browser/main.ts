// The editor's save check, in the browser at /admin (bundled by admin-script.ts, loaded after Sveltia CMS): before
// Sveltia writes a file, its preSave event runs the build's own rules on it (editor-check.ts) against the site index
// the last build wrote. A problem stops the save: Sveltia's "saving failed" dialog lists the build's words, and each
// message is shown next to its field; what the build would only warn of is shown once the save is made. Spaces alone
// count as empty: they are emptied before the save. A save on a file someone else saved since this page read it is
// refused (editor-conflict.ts, for the local folder; Sveltia itself for GitHub), and so is a new entry whose address
// another has. Photos are refused or made the size the site uses as they are chosen (editor-photos.ts).
import { CHECK_CONTEXT, type ContentError } from './errors.ts';
import { checkEntry, kindOf, takenAddress, withEntry, type SiteIndex } from './editor-check.ts';
import { refuseIfSavedElsewhere, rememberSave } from './editor-conflict.ts';
import { tell } from './editor-dialog.ts';
import { chosen, takePhotos } from './editor-photos.ts';

interface ImmutableMap {
  toJS(): {
    data?: Record<string, unknown>;
    path?: string;
    slug?: string;
    newRecord?: boolean;
    mediaFiles?: { name: string; url?: string }[];
  };
  setIn(path: (string | number)[], value: unknown): ImmutableMap;
}
declare const CMS: { registerEventListener(l: { name: string; handler: (a: { entry: ImmutableMap }) => unknown }): void };

const ADMIN = new URL('.', (document.currentScript as HTMLScriptElement | null)?.src ?? location.href).pathname;
let index: Promise<string> | undefined;
/** The site index the last build wrote (site-index.ts), as its text. */
const lastBuild = () => (index ??= fetch(`${ADMIN}site-index.json`).then((r) => r.text()));

/**
 * What was saved in this editor since the build that wrote the index (kept in the browser until a newer build's index
 * arrives): a city or service created a minute ago is one of the site's at once, as the editor's own lists offer it,
 * and so are the photos chosen for it and the redirects saved in Business settings.
 */
interface Saved {
  build: string; // the index it adds to
  paths: string[];
  images: string[];
  redirects?: { from: string; to: string }[];
}
const SAVED = 'editor-rules-saved';
let memory: Saved | null = null; // where the browser keeps nothing (a private window)
function savedSince(build: string): Saved {
  let saved = memory;
  try {
    saved = (JSON.parse(localStorage.getItem(SAVED) ?? 'null') as Saved | null) ?? memory;
  } catch {
    // not readable: what this page remembers
  }
  return saved?.build === build ? saved : { build, paths: [], images: [] };
}
function stamp(text: string): string {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return `${text.length}-${h}`;
}

/** The index of the last build, with what was saved since. */
async function siteIndex(): Promise<SiteIndex> {
  const text = await lastBuild();
  const saved = savedSince(stamp(text));
  let idx = JSON.parse(text) as SiteIndex;
  for (const p of saved.paths) idx = withEntry(idx, p);
  if (saved.redirects) idx.redirects = saved.redirects;
  idx.images = [...idx.images, ...saved.images.filter((i) => !idx.images.includes(i))];
  return idx;
}

/**
 * Remembers a save (Sveltia's postSave): its file (and, on the local folder, when this page wrote it), the photos
 * chosen for it, Business settings' redirects; then shows what the build would warn of in it.
 */
async function postSave({ entry }: { entry: ImmutableMap }) {
  void followCheck().catch(() => undefined); // the editor's config not readable (offline): no notice
  const { path = '', data = {} } = entry.toJS();
  const warned = warnings.get(path);
  warnings.delete(path);
  if (warned?.length) tell(SAVED_WITH_WARNINGS, warned.join('\n'));
  if (signedIn()?.backendName === 'local') await rememberSave(await database(), path).catch(() => undefined);
  const build = stamp(await lastBuild());
  const saved = savedSince(build);
  if (!saved.paths.includes(path)) saved.paths.push(path);
  saved.images = [...new Set([...saved.images, ...chosen.keys()])];
  if (path === 'content/site.yaml' && Array.isArray(data.redirects)) saved.redirects = data.redirects as Saved['redirects'];
  memory = saved;
  try {
    localStorage.setItem(SAVED, JSON.stringify(saved));
  } catch {
    // storage refused: remembered until the page is left
  }
}

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
  const taken = isNew ? takenAddress(path, front, files) : null;
  const errors = [...(taken ? [taken] : []), ...checkEntry(path, front, typeof body === 'string' ? body : '', files, warnings)];
  const message = (e: ContentError) => (e.file === path ? `${e.field ? `${e.field}: ` : ''}${e.problem}` : e.message);
  warned.push(...warnings.map(message));
  return errors.map((e) => ({ file: e.file, field: e.field, problem: e.problem, message: message(e) }));
}
/** What the build would warn of in a save, by its file, shown once the save is made (postSave). */
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
 * Sveltia's preSave handler: a save on the local folder over someone else's is stopped (GitHub's, Sveltia stops
 * itself); blank text is emptied; a save the build would refuse is stopped, its messages shown.
 */
async function preSave({ entry }: { entry: ImmutableMap }): Promise<ImmutableMap | undefined> {
  let out = entry;
  const e = entry.toJS();
  if (signedIn()?.backendName === 'local') await refuseIfSavedElsewhere(await database(), e.path ?? '');
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

/** The content check's commit status (content-check-report.ts), as GitHub's REST API gives it. */
interface CheckStatus {
  state: 'pending' | 'success' | 'failure' | 'error';
  context: string;
  description: string;
  target_url: string | null;
}
/** The notice's own words; what a refusal says is the status's, the build's first message. */
const CHECK_WORDS = {
  building: 'Building the site with your change…',
  published: 'Published',
  refused: 'Not published:',
  details: 'Details',
  dismiss: 'Dismiss',
};
/** How often GitHub is asked while the check is pending (or not started: the workflow takes a few seconds), and how long. */
const ASK_EVERY = 5_000;
const ASK_FOR = 15 * 60_000;

/** The backend's settings as config.yml (cms.ts) writes them: `backend:`, then one `key: value` a line, two spaces in. */
function backendOf(config: string): Record<string, string> {
  const block = /^backend:\n((?: {2}.*\n)*)/m.exec(config)?.[1] ?? '';
  return Object.fromEntries([...block.matchAll(/^ {2}(\w+): *['"]?(.*?)['"]?$/gm)].map((m) => [m[1], m[2]]));
}
let config: Promise<string> | undefined;
/** The editor's configuration, as the build wrote it (config.yml). */
const editorConfig = () => (config ??= fetch(`${ADMIN}config.yml`).then((r) => r.text()));
/** Where Sveltia keeps what it stores in the browser for the backend's repository (IndexedDB): `github:owner/name`. */
async function database(): Promise<string> {
  const backend = backendOf(await editorConfig());
  return `${backend.name}:${backend.repo}`;
}

/** The REST root for a backend's api_root, as Sveltia makes it: GitHub's own, or a GitHub Enterprise server's /api/v3. */
function restRoot(apiRoot = 'https://api.github.com'): string {
  const root = apiRoot.replace(/\/+$/, '');
  if (root === 'https://api.github.com' || root.endsWith('/api/v3')) return root;
  return root.endsWith('/api') ? `${root}/v3` : `${root}/api/v3`;
}

let box: { el: HTMLElement; text: HTMLElement; details: HTMLAnchorElement } | undefined;
/** The notice, fixed at the bottom left of the editor (Save is at the top): what the check says now. */
function showCheck(check: CheckStatus | undefined) {
  if (!box) {
    const el = document.createElement('div');
    el.id = 'content-check'; // drawn by editor.css
    const text = document.createElement('span');
    text.setAttribute('role', 'status');
    const details = document.createElement('a');
    details.textContent = CHECK_WORDS.details;
    details.target = '_blank';
    details.rel = 'noopener';
    const dismiss = document.createElement('button');
    dismiss.type = 'button';
    dismiss.textContent = CHECK_WORDS.dismiss;
    dismiss.addEventListener('click', () => ((el.hidden = true), following++));
    el.addEventListener('keydown', (e) => e.key === 'Escape' && dismiss.click());
    el.append(text, details, dismiss);
    document.body.append(el);
    box = { el, text, details };
  }
  const refused = check && check.state !== 'pending' && check.state !== 'success';
  box.text.textContent =
    !check || check.state === 'pending'
      ? CHECK_WORDS.building
      : refused
        ? `${CHECK_WORDS.refused} ${check.description}`
        : CHECK_WORDS.published;
  box.details.hidden = !(refused && check.target_url);
  box.details.href = (refused && check.target_url) || '';
  box.el.hidden = false;
}

/** Who is signed in, as Sveltia keeps it in the browser: the backend's name and, for GitHub, the token. */
function signedIn(): { backendName?: string; token?: string } | null {
  try {
    return JSON.parse(localStorage.getItem('sveltia-cms.user') ?? 'null') as { backendName?: string; token?: string } | null;
  } catch {
    return null; // not readable: no notice
  }
}

/** Counts the saves: a newer save (or Dismiss) stops following the one before. */
let following = 0;
/**
 * After a save with the GitHub backend: the content check of the branch's head (the commit just saved), asked of GitHub
 * with the token Sveltia keeps, every few seconds until the check has published or refused the change. Nothing with the
 * local folder (npm run dev), where the dev server's own build output is the check, nor with the editorial workflow,
 * where a save is a draft on a branch of its own and its card on the board shows its state.
 */
async function followCheck() {
  const run = ++following;
  const user = signedIn();
  if (user?.backendName !== 'github' || !user.token) return;
  const config = await editorConfig();
  if (/^publish_mode: *editorial_workflow$/m.test(config)) return; // a save is a draft: its card on the board shows its state
  const backend = backendOf(config);
  const url = `${restRoot(backend.api_root)}/repos/${backend.repo}/commits/${encodeURIComponent(backend.branch)}/status`;
  const headers = { authorization: `token ${user.token}`, accept: 'application/vnd.github+json' };
  const until = Date.now() + ASK_FOR;
  while (run === following) {
    const answer = (await fetch(url, { headers, cache: 'no-store' })
      .then((r) => (r.ok ? r.json() : null))
      .catch(() => null)) as { statuses?: CheckStatus[] } | null;
    if (run !== following) return;
    // GitHub refused the question (a token without Commit statuses: read) or could not be reached: nothing to tell
    if (!answer) return void (box && (box.el.hidden = true));
    const check = answer.statuses?.find((s) => s.context === CHECK_CONTEXT);
    showCheck(check);
    if ((check && check.state !== 'pending') || Date.now() > until) return;
    await new Promise((resolve) => setTimeout(resolve, ASK_EVERY));
  }
}

takePhotos();
CMS.registerEventListener({ name: 'preSave', handler: preSave });
CMS.registerEventListener({ name: 'postSave', handler: postSave });

// for tests: the check, and the handler as Sveltia calls it
(window as unknown as { editorRules: unknown }).editorRules = { check, preSave };
