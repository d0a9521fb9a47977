// The company's clock (generator/time.ts, on moment-timezone's tz data) against current tz data: Chromium's, which a
// Node process is given for the test (tests/support/current-tz.ts). The browser layer holds it because Chromium's
// files are its; no page is opened. That the editor's "Now" is read right by the next build: cms.test.ts.
import { describe, expect, it } from 'vitest';
import { tzVersion } from '../../generator/time.ts';
import { onTzData } from '../support/current-tz.ts';
import { site } from '../support/facts.ts';

/** Every hour of six years around British Columbia's change (the last clock change on 8 March 2026). */
const HOURS = { from: Date.UTC(2025, 0, 1), to: Date.UTC(2031, 0, 1), step: 3_600_000 };
/** The company's zone, and zones a company elsewhere could be in: with clock changes, without, half an hour off. */
const ZONES = [
  ...new Set([site.blogSettings.timeZone, 'America/Vancouver', 'America/Toronto', 'America/Edmonton', 'Europe/London', 'Asia/Kolkata']),
];
const FIRST_WITH_BC = '2026a'; // the first tz data release that keeps British Columbia on UTC-7

describe("the company's clock", () => {
  it('reads every hour of 2025 to 2030 as current tz data does, in the company’s zone and in others', async () => {
    const current = await onTzData<string[]>('chromium', 'compare', { zones: ZONES, ...HOURS });
    expect(current.tz >= FIRST_WITH_BC, `Chromium's tz data, ${current.tz}, is current`).toBe(true);
    expect(current.result, `moments read otherwise than Chromium's tz data ${current.tz} (the clock's: ${tzVersion()})`).toEqual([]);
  });

  it("is not the runtime's: Node's own tz data, from before British Columbia's change, reads its winters an hour behind", async () => {
    const own = await onTzData<string[]>('own', 'compare', { zones: ['America/Vancouver'], ...HOURS });
    // the control of the test above, while Node carries old data (Node 20.20: 2025c); a Node with current data agrees
    if (own.tz < FIRST_WITH_BC)
      expect(own.result[0]).toMatch(/^America\/Vancouver 2026-11-01T09:00:00.000Z: 2026-11-01T01:00, 2026-11-01T02:00$/);
    else expect(own.result).toEqual([]);
  });
});
