// The company's clock: what a moment reads on the wall in its time zone (site.yaml blog.timeZone), and back. Scheduled
// posts go out on the company's day; the storm alert's start and end are written in its wall-clock time. A zone's rules
// come from the IANA tz data moment-timezone ships (a pinned package, released with each tz release), never from the tz
// data of whatever runtime builds: Node 20.20's (2025c) still puts Vancouver on UTC-8 in winter, though British
// Columbia stays on UTC-7 from November 2026 (docs/decisions/company-clock.md). Only the data is used, read when a
// zone is first asked for; the editor's script never imports this file (it would carry the whole table, 730 KB).
import { createRequire } from 'node:module';

/** moment-timezone's packed data: each zone a line, `Name|abbreviations|offsets|offset of each span|span lengths|...`,
 *  numbers in base 60; each link `Zone|Another name`. */
interface PackedData {
  version: string;
  zones: string[];
  links: string[];
}
/** A zone as spans of time: until untils[i] (ms since the epoch), it is offsets[i] minutes behind UTC. */
interface Zone {
  untils: number[];
  offsets: number[];
}

let data: PackedData | undefined;
const tzData = () => (data ??= createRequire(import.meta.url)('moment-timezone/data/packed/latest.json') as PackedData);
const zones = new Map<string, Zone>();

/** The tz data release the clock follows, like 2026f. */
export const tzVersion = (): string => tzData().version;

/** Every time zone name the clock knows, the links (Canada/Pacific) with the zones (America/Vancouver). */
export function zoneNames(): string[] {
  const d = tzData();
  return [...d.zones.map((z) => z.slice(0, z.indexOf('|'))), ...d.links.map((l) => l.slice(l.indexOf('|') + 1))];
}

/** A number as the data writes it: base 60 (0-9, a-z, A-X), maybe a minus and a fraction after a dot. */
function base60(s: string): number {
  const digit = (c: string) => {
    const code = c.charCodeAt(0);
    return code > 96 ? code - 87 : code > 64 ? code - 29 : code - 48;
  };
  const [whole, fraction = ''] = s.replace(/^-/, '').split('.');
  let n = [...whole].reduce((sum, c) => sum * 60 + digit(c), 0);
  let unit = 1;
  for (const c of fraction) n += digit(c) * (unit /= 60);
  return s.startsWith('-') ? -n : n;
}

/** A zone's packed line as spans (the data's own unpacking: each span's length in minutes, rounded to the ms). */
function unpack(line: string): Zone {
  const [, , offsetList, spans, lengths] = line.split('|');
  const offsets = offsetList.split(' ').map(base60);
  const steps = lengths ? lengths.split(' ') : [];
  let until = 0;
  return {
    offsets: [...spans].map((i) => offsets[base60(i)]),
    untils: [...spans].map((_, i) => (i < steps.length ? (until = Math.round(until + base60(steps[i]) * 60_000)) : Infinity)),
  };
}

function zone(name: string): Zone {
  let z = zones.get(name);
  if (z) return z;
  const { zones: lines, links } = tzData();
  const target = links.find((l) => l.endsWith(`|${name}`))?.split('|')[0] ?? name;
  const line = lines.find((l) => l.startsWith(`${target}|`));
  if (!line) throw new Error(`"${name}" is not a time zone of the tz data ${tzVersion()}`);
  zones.set(name, (z = unpack(line)));
  return z;
}

/** How far a zone's wall clock is ahead of UTC at a moment, in ms (negative west of Greenwich). */
function offsetAt(timeZone: string, t: number): number {
  const { untils, offsets } = zone(timeZone);
  let i = 0;
  while (t >= untils[i]) i++;
  return -offsets[i] * 60_000;
}

/** A moment as the wall clock reads in a time zone: YYYY-MM-DDTHH:MM. */
export function wallClock(t: number | Date, timeZone: string): string {
  const ms = +t;
  return new Date(ms + offsetAt(timeZone, ms)).toISOString().slice(0, 16);
}

/** Today's date (YYYY-MM-DD) in a time zone: the day a scheduled post goes out. */
export function todayIn(timeZone: string, now = new Date()): string {
  return wallClock(now, timeZone).slice(0, 10);
}

/** The moment a wall-clock time (YYYY-MM-DDTHH:MM) names in a time zone, in ms since the epoch. */
export function instantIn(local: string, timeZone: string): number {
  const asUtc = Date.parse(`${local}:00Z`);
  const guess = asUtc - offsetAt(timeZone, asUtc);
  return asUtc - offsetAt(timeZone, guess); // the offset at the moment itself, which differs from the guess's across a clock change
}
