// What was saved in this editor since the build that wrote the site index (kept in the browser until a newer build's
// index arrives): a city or service created a minute ago is one of the site's at once, as the editor's own lists offer
// it, and so are the photos chosen for it and the redirects saved in Business settings. The save check judges a save
// against the index with these (save-check.ts).
import { withEntry, type SiteIndex } from '../check.ts';
import { chosen } from './photos.ts';

/** The editor's folder (/admin/), from its script's address. */
const EDITOR_DIR = new URL('.', (document.currentScript as HTMLScriptElement | null)?.src ?? location.href).pathname;
let index: Promise<string> | undefined;
/** The site index the last build wrote (editor/build/site-index.ts), as its text. */
const lastBuild = () => (index ??= fetch(`${EDITOR_DIR}site-index.json`).then((r) => r.text()));

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
export async function siteIndex(): Promise<SiteIndex> {
  const text = await lastBuild();
  const saved = savedSince(stamp(text));
  let idx = JSON.parse(text) as SiteIndex;
  for (const p of saved.paths) idx = withEntry(idx, p);
  if (saved.redirects) idx.redirects = saved.redirects;
  idx.images = [...idx.images, ...saved.images.filter((i) => !idx.images.includes(i))];
  return idx;
}

/** Remembers a save (Sveltia's postSave): its file, the photos chosen for it, Business settings' redirects. */
export async function rememberSaved(path: string, data: Record<string, unknown>) {
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
