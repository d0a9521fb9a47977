// The editor's save check, in the browser at /admin (bundled by admin-script.ts, loaded after Sveltia CMS): before
// Sveltia writes a file, its preSave event runs the build's own rules on it (editor-check.ts) against the site index
// the last build wrote. A problem stops the save: Sveltia's "saving failed" dialog lists the build's words, and each
// message is shown next to its field. Spaces alone count as empty: they are emptied before the save. A file the build
// cannot use as a photo is refused as it is chosen, and a photo is made no wider than the site shows.
import { CHECK_CONTEXT } from './errors.ts';
import { checkEntry, kindOf, withEntry, type SiteIndex } from './editor-check.ts';
import { unusablePhoto, WIDEST_PHOTO } from './photo-files.ts';

interface ImmutableMap {
  toJS(): { data?: Record<string, unknown>; path?: string; slug?: string; mediaFiles?: { name: string; url?: string }[] };
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

/** Remembers a save (Sveltia's postSave): its file, the photos chosen for it, Business settings' redirects. */
async function postSave({ entry }: { entry: ImmutableMap }) {
  void followCheck().catch(() => undefined); // the editor's config not readable (offline): no notice
  const { path = '', data = {} } = entry.toJS();
  const build = stamp(await lastBuild());
  const saved = savedSince(build);
  if (!saved.paths.includes(path)) saved.paths.push(path);
  saved.images = [...new Set([...saved.images, ...chosen])];
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
 * Photos chosen in this editor (a file input or a drop) are written with the save that uses them, so they are not in the
 * site index yet: they count as saved, by their name as the editor writes it (lower case, dashes).
 */
const chosen = new Set<string>();
const choose = (files: FileList | null | undefined) => {
  for (const f of files ?? []) {
    chosen.add(`/images/${f.name}`);
    chosen.add(`/images/${f.name.toLowerCase().replace(/[^a-z0-9.]+/g, '-')}`);
  }
};

/**
 * A photo wider than the site shows is made that wide before the editor takes it, upright (the browser applies its EXIF
 * orientation; one too old to be asked leaves the file as it is) and as JPEG without the camera's metadata (GPS
 * included): the build makes every size from it, so nothing larger is ever used. A PNG is left as it is (it may be
 * transparent, and a phone's photos are not PNGs).
 */
async function shrink(file: File): Promise<File> {
  if (!/^image\/(jpeg|webp|avif)$/.test(file.type)) return file;
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' }).catch(() => null);
  if (!bitmap || bitmap.width <= WIDEST_PHOTO) return (bitmap?.close(), file);
  const canvas = new OffscreenCanvas(WIDEST_PHOTO, Math.round((bitmap.height * WIDEST_PHOTO) / bitmap.width));
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const jpeg = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
  const name = /\.jpe?g$/i.test(file.name) ? file.name : file.name.replace(/(\.[^.]*)?$/, '.jpg');
  return new File([jpeg], name, { type: 'image/jpeg', lastModified: file.lastModified });
}

/** Set while the files made by take() are handed on to the editor. */
let handing = false;

/**
 * Every file chosen or dropped passes here before the editor sees it. One the build cannot use as a photo (an iPhone's
 * HEIC dropped in from a computer: the editor would store it as it is) is refused in the build's words, in a dialog;
 * photos are made no wider than the site shows (shrink), then handed on.
 */
function take(e: Event, files: FileList | null | undefined) {
  if (handing || !files?.length) return choose(files);
  e.stopImmediatePropagation();
  e.preventDefault();
  const refused = [...files].flatMap((f) => {
    const problem = unusablePhoto(f.name);
    return problem ? [`${f.name} ${problem}`] : [];
  });
  if (refused.length) {
    if (e.target instanceof HTMLInputElement) e.target.value = '';
    return void tell(NOT_ADDED, refused.join('\n'));
  }
  // until the photos are handed on, the editor has none: a dialog holds every control (Save included), so a save
  // made meanwhile cannot go out without them or be refused for their absence
  const preparing = tell(PREPARING, [...files].map((f) => f.name).join('\n'), false);
  // a photo the browser cannot remake goes on as it came (the build makes every size from it)
  void Promise.all([...files].map((f) => shrink(f).catch(() => f))).then((made) => {
    const handed = new DataTransfer();
    for (const f of made) handed.items.add(f);
    handing = true;
    try {
      if (e instanceof DragEvent) e.target?.dispatchEvent(new DragEvent('drop', { dataTransfer: handed, bubbles: true, cancelable: true }));
      else if (e.target instanceof HTMLInputElement) {
        e.target.files = handed.files;
        e.target.dispatchEvent(new Event('change', { bubbles: true }));
      }
    } finally {
      handing = false;
      preparing.close();
    }
  });
}

/** A dialog of the editor's own, over everything: a refusal with its OK, or (not closable) work under way. */
function tell(title: string, message: string, closable = true): HTMLDialogElement {
  const dialog = document.createElement('dialog');
  dialog.setAttribute('role', closable ? 'alertdialog' : 'dialog');
  dialog.setAttribute('aria-label', title);
  dialog.style.cssText = 'max-width:32em;padding:16px 24px;border:0;border-radius:8px;font:inherit;line-height:1.5';
  const heading = document.createElement('h2');
  heading.textContent = title;
  heading.style.cssText = 'font-size:1.2em;margin:0 0 8px';
  const text = document.createElement('p');
  text.textContent = message;
  text.style.whiteSpace = 'pre-line';
  dialog.append(heading, text);
  if (closable) {
    const ok = document.createElement('button');
    ok.textContent = 'OK';
    ok.addEventListener('click', () => dialog.close());
    dialog.append(ok);
  } else {
    dialog.setAttribute('aria-busy', 'true');
    dialog.addEventListener('cancel', (e) => e.preventDefault()); // Escape does not drop the photos half-made
  }
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  return dialog;
}
const NOT_ADDED = 'Not added';
const PREPARING = 'Preparing the photo for the site…';
document.addEventListener('change', (e) => take(e, (e.target as HTMLInputElement | null)?.files), true);
document.addEventListener('drop', (e) => take(e, e.dataTransfer?.files), true);

/** Every problem the build would report about this save, or none. Exposed for tests as window.editorRules. */
export async function check(path: string, data: Record<string, unknown>, mediaFiles: { name: string; url?: string }[] = []) {
  if (path !== 'content/site.yaml' && !kindOf(path)) return []; // not a file of the site's content
  const idx = await siteIndex();
  const { body = '', ...front } = ownKeys(data) as Record<string, unknown>;
  const known = [...mediaFiles.map((f) => `/images/${f.name}`), ...chosen];
  const files = { ...idx, images: [...idx.images, ...known.filter((a) => !idx.images.includes(a))] };
  return checkEntry(path, front, typeof body === 'string' ? body : '', files).map((e) => ({
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

/** Sveltia's preSave handler: blank text emptied; a save the build would refuse is stopped, its messages shown. */
async function preSave({ entry }: { entry: ImmutableMap }): Promise<ImmutableMap | undefined> {
  let out = entry;
  const e = entry.toJS();
  const emptied = blanks(e.data);
  for (const at of emptied) out = out.setIn(['data', ...at], '');
  const problems = await check(e.path ?? '', out.toJS().data ?? {}, e.mediaFiles ?? []);
  showNextToFields(problems);
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
    el.id = 'content-check';
    el.style.cssText =
      'position:fixed;left:16px;bottom:16px;z-index:1000;max-width:min(40em,calc(100vw - 32px));padding:8px 12px;border:1px solid var(--sui-primary-border-color,#ccc);border-radius:8px;background:var(--sui-primary-background-color,#fff);color:var(--sui-primary-foreground-color,#222);box-shadow:var(--sui-popup-shadow,0 2px 10px rgba(0,0,0,.35));font:var(--sui-font-size-default,14px)/1.5 var(--sui-font-family-default,sans-serif)';
    const text = document.createElement('span');
    text.setAttribute('role', 'status');
    const details = document.createElement('a');
    details.textContent = CHECK_WORDS.details;
    details.target = '_blank';
    details.rel = 'noopener';
    details.style.margin = '0 12px';
    const dismiss = document.createElement('button');
    dismiss.type = 'button';
    dismiss.style.cssText =
      'font:inherit;padding:2px 10px;border:1px solid var(--sui-control-border-color,#999);border-radius:4px;background:none;color:inherit';
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
  const config = await fetch(`${ADMIN}config.yml`).then((r) => r.text());
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

CMS.registerEventListener({ name: 'preSave', handler: preSave });
CMS.registerEventListener({ name: 'postSave', handler: postSave });

// for tests: the check, and the handler as Sveltia calls it
(window as unknown as { editorRules: unknown }).editorRules = { check, preSave };
