// Writing the site: files into a temp folder as they are rendered, then one swap into place.
import { existsSync, mkdirSync, promises as fs, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Writes files as they come, creating folders as it goes. Synchronous writes: each of thousands of small files
 *  would otherwise make a round trip through Node's thread pool. */
export class Writer {
  private dirs = new Set<string>();
  private count = 0;
  constructor(private root: string) {}

  put(rel: string, body: string | Uint8Array) {
    const file = path.join(this.root, rel);
    const dir = path.dirname(file);
    if (!this.dirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.dirs.add(dir);
    }
    writeFileSync(file, body);
    this.count++;
  }

  /** How many files were written. */
  done() {
    return this.count;
  }
}

/** A fresh temp folder beside `out`, for a build to write into. */
export function tempFolderFor(out: string): string {
  return `${out}.tmp-${process.pid}-${Date.now()}`;
}

/** Replaces out with tmp in two renames, so readers never see a half-written folder. */
export async function swapIn(tmp: string, out: string) {
  const old = `${out}.old-${process.pid}-${Date.now()}`;
  const had = existsSync(out);
  if (had) await fs.rename(out, old);
  await fs.rename(tmp, out);
  if (had) await fs.rm(old, { recursive: true, force: true });
}
