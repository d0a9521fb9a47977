// The company's clock (generator/time.ts, on moment-timezone's tz data) against current tz data: Chromium's, read by
// Intl in a page of the browser layer's Chromium. That the editor's "Now" is read right by the
// next build: cms.test.ts.
// Checked to fail: with the clock an hour ahead in London from June 2029 (generator/time.ts offsetAt), the first test
// names those hours.
import { describe, expect, it } from 'vitest';
import { tzVersion, wallClock } from '../../generator/time.ts';
import { site } from '../support/facts.ts';
import { useChromium } from '../support/use-chromium.ts';

const open = useChromium();

/** Every hour of six years around British Columbia's change (the last clock change on 8 March 2026). */
const HOURS = Array.from(
  { length: (Date.UTC(2031, 0, 1) - Date.UTC(2025, 0, 1)) / 3_600_000 },
  (_, i) => Date.UTC(2025, 0, 1) + i * 3_600_000,
);
/** The company's zone, and zones a company elsewhere could be in: with clock changes, without, half an hour off. */
const ZONES = [
  ...new Set([site.blogSettings.timeZone, 'America/Vancouver', 'America/Toronto', 'America/Edmonton', 'Europe/London', 'Asia/Kolkata']),
];
/** The first winter British Columbia stays on UTC-7: 2 a.m. an hour after 1 a.m., as the clock reads it. */
const BC_STAYS = ['America/Vancouver', Date.UTC(2026, 10, 1, 9), '2026-11-01T02:00'] as const;

/** The clock's reading of each hour in each zone. */
const readings = (zones: string[]) => zones.map((zone) => HOURS.map((t) => wallClock(t, zone)));

/** The moments this runtime's Intl reads otherwise than `clock` does in a zone (at most 20): `zone moment: Intl's
 *  reading, the clock's`. Runs in Node and, as it is, in a page. */
function otherwise(zones: string[], hours: number[], clock: string[][]): string[] {
  const found: string[] = [];
  zones.forEach((zone, z) => {
    // another road than the clock's: Swedish dates are written YYYY-MM-DD HH:MM
    const format = new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' });
    hours.forEach((t, i) => {
      const intl = format.format(t).replace(' ', 'T');
      if (intl !== clock[z][i] && found.length < 20) found.push(`${zone} ${new Date(t).toISOString()}: ${intl}, ${clock[z][i]}`);
    });
  });
  return found;
}

describe("the company's clock", () => {
  it('reads every hour of 2025 to 2030 as current tz data (Chromium’s) does, in the company’s zone and in others', async () => {
    const [zone, moment, reading] = BC_STAYS;
    expect(wallClock(moment, zone), "the clock's tz data keeps British Columbia on UTC-7").toBe(reading);
    const page = await open();
    expect(
      await page.evaluate(otherwise, ZONES, HOURS, readings(ZONES)),
      `moments read otherwise (the clock's data: ${tzVersion()})`,
    ).toEqual([]);
  });
});
