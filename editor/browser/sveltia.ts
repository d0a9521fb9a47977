// What the editor's script knows of Sveltia CMS, the editor's engine: an entry as its events hand it over, its call to
// register them, who is signed in as it keeps that in the browser, and where it keeps a repository's data. The backend
// is the build's (EDITOR_BACKEND: editor/build/bundle.ts), never read back from the config.yml written beside it.

/** An entry as Sveltia's preSave and postSave events give it (an Immutable.js map). */
export interface ImmutableMap {
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

/** Runs `handler` on each of Sveltia's `name` events (preSave, postSave). */
export function onEditorEvent(name: string, handler: (a: { entry: ImmutableMap }) => unknown) {
  CMS.registerEventListener({ name, handler });
}

/** Who is signed in, as Sveltia keeps it in the browser: the backend's name and, for GitHub, the token. */
export function signedIn(): { backendName?: string; token?: string } | null {
  try {
    return JSON.parse(localStorage.getItem('sveltia-cms.user') ?? 'null') as { backendName?: string; token?: string } | null;
  } catch {
    return null; // not readable: no notice
  }
}

/** Where Sveltia keeps what it stores in the browser for the backend's repository (IndexedDB): `github:owner/name`. */
export function database(): string {
  return `${EDITOR_BACKEND.name}:${EDITOR_BACKEND.repo}`;
}
