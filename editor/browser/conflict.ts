// Two people saving one file in the editor at /admin, on the local folder (npm run dev: Sveltia CMS's File System
// Access backend). Sveltia reads the folder once, as the page opens, and writes the whole file as its form holds it: a
// save from a page opened before someone else's save (another tab, another program) would silently undo theirs. With
// the GitHub backend Sveltia itself refuses that save (it checks the branch before it commits, and GitHub refuses a
// commit on a moved head); here the file's modification time tells, and the save is refused with the same box.
// Run by the editor's script (main.ts) before and after each save on the local folder.

/**
 * When Sveltia started reading the folder: as this page started (it signs in by itself with a folder it knows), or
 * later, when a person picks the folder (Work with Local Repository). A file changed after may not be as it was read.
 */
let opened = Date.now();
const pick = (window as { showDirectoryPicker?: (...a: unknown[]) => Promise<unknown> }).showDirectoryPicker;
if (pick)
  Object.assign(window, {
    showDirectoryPicker: (...a: unknown[]) => ((opened = Date.now()), pick.apply(window, a)),
  });
/** The files this page saved, and their modification time then. */
const ownSaves = new Map<string, number>();

/** The folder Sveltia works on, as it keeps it in the browser (IndexedDB `<backend>:<repo>`), or undefined. */
function folder(database: string): Promise<FileSystemDirectoryHandle | undefined> {
  return new Promise((resolve) => {
    const open = indexedDB.open(database);
    open.onupgradeneeded = () => open.transaction?.abort(); // not there: nothing of Sveltia's to read, and nothing made
    open.onerror = () => resolve(undefined);
    open.onsuccess = () => {
      const db = open.result;
      try {
        const get = db.transaction('file-system-handles').objectStore('file-system-handles').get('root_dir_handle');
        get.onsuccess = () => resolve(get.result as FileSystemDirectoryHandle | undefined);
        get.onerror = () => resolve(undefined);
      } catch {
        resolve(undefined);
      } finally {
        db.close();
      }
    };
  });
}

/** The file at `path` (content/site.yaml) in the folder as it is now, or null (not there, or the folder unknown). */
async function fileNow(database: string, path: string): Promise<File | null> {
  try {
    let dir = await folder(database);
    const parts = path.split('/');
    for (const p of parts.slice(0, -1)) dir = await dir?.getDirectoryHandle(p);
    return (await dir?.getFileHandle(parts.at(-1)!).then((h) => h.getFile())) ?? null;
  } catch {
    return null; // a new file
  }
}

/**
 * Refuses a save on a file changed since this page read it, other than by this page's own saves: Sveltia's conflict
 * box shows what happened and what to do (its words are the build's: editor/build/files.ts EDITOR_WORDS).
 */
export async function refuseIfSavedElsewhere(database: string, path: string): Promise<void> {
  const file = await fileNow(database, path);
  if (!file || file.lastModified <= (ownSaves.get(path) ?? opened)) return;
  throw new Error('save_conflict', { cause: { type: 'modified', entry: { commitDate: new Date(file.lastModified) } } });
}

/** Remembers this page's save of `path` (Sveltia's postSave): a change by it is no one else's. */
export async function rememberSave(database: string, path: string): Promise<void> {
  const file = await fileNow(database, path);
  if (file) ownSaves.set(path, file.lastModified);
}
