// Node on current tz data: the time zone rules of the Chromium the browser layer runs (its ICU data file, icudtl.dat
// beside it, carries them: 2026e in Debian's Chromium 156), given to a Node process through ICU_TIMEZONE_FILES_DIR,
// where ICU looks before its own built-in data. Node 20.20 carries 2025c, from before British Columbia stayed on UTC-7:
// a build run on both shows that the company's clock does not depend on the runtime's tz data (cms.test.ts).
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromePath } from './chromium.ts';
import { root } from './paths.ts';

/** The items of an ICU common data file, by name without the package's (zoneinfo64.res). Its layout: a header whose
 *  length is its first uint16, then a table: a count, and for each item the offsets of its name (NUL-terminated, like
 *  icudt78l/zoneinfo64.res) and of its bytes, from the table's start; an item ends where the next begins. */
function icuItems(file: string): Map<string, Buffer> {
  const dat = readFileSync(file);
  const table = dat.readUInt16LE(0);
  const count = dat.readUInt32LE(table);
  const entry = (i: number) => ({ name: dat.readUInt32LE(table + 4 + i * 8), data: dat.readUInt32LE(table + 8 + i * 8) });
  const items = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const { name, data } = entry(i);
    const end = i + 1 < count ? entry(i + 1).data : dat.length - table;
    const full = dat.toString('latin1', table + name, dat.indexOf(0, table + name));
    items.set(full.slice(full.indexOf('/') + 1), dat.subarray(table + data, table + end));
  }
  return items;
}

let dir: string | undefined;
/** A folder holding Chromium's time zone resources, as ICU_TIMEZONE_FILES_DIR takes them. */
export function chromiumTzDir(): string {
  if (dir) return dir;
  const chrome = chromePath();
  if (!chrome) throw new Error('no Chromium: the browser layer installs one (tests/support/chromium.ts)');
  // beside the browser, or where Debian's launcher script (/usr/bin/chromium) starts it from
  const dat = [path.dirname(realpathSync(chrome)), '/usr/lib/chromium'].map((d) => path.join(d, 'icudtl.dat')).find(existsSync);
  if (!dat) throw new Error(`no icudtl.dat beside ${chrome}`);
  const items = icuItems(dat);
  const made = mkdtempSync(path.join(os.tmpdir(), 'chromium-tz-'));
  for (const name of ['zoneinfo64.res', 'timezoneTypes.res', 'metaZones.res']) {
    const bytes = items.get(name);
    if (!bytes) throw new Error(`Chromium's icudtl.dat has no ${name}`);
    writeFileSync(path.join(made, name), bytes);
  }
  return (dir = made);
}

/** A build (tests/support/on-tz-data.ts) in a Node of its own, on Chromium's tz data or on Node's own: that Node's tz
 *  data, and the end of the alert it wrote. */
export async function onTzData<T>(data: 'chromium' | 'own', task: 'build', arg: unknown): Promise<{ tz: string; result: T }> {
  const { ICU_TIMEZONE_FILES_DIR: _, ...env } = process.env;
  if (data === 'chromium') env.ICU_TIMEZONE_FILES_DIR = chromiumTzDir();
  const script = path.join(root, 'tests/support/on-tz-data.ts');
  const run = promisify(execFile)(process.execPath, ['--import', 'tsx', script, task, JSON.stringify(arg)], { cwd: root, env });
  return JSON.parse((await run).stdout.trim().split('\n').pop()!);
}
