// The storm alert in Chromium, in storm mode (its first steps under the message; the build layer has both modes): on
// each kind of page of a build inside its window (readable as a status, axe clean, nothing moving as the page loads,
// there without JavaScript), gone, steps and all, from the first paint of a page opened after its end (Playwright's
// clock), whatever the visitor's zone. Gone from a page left open at its end, with no rebuild:
// tests/engines/requests.test.ts, in the three engines; its hostile text escaped: tests/build/alert.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../../generator/build-site.ts';
import { unlistedRoutes } from '../../templates/model/routes.ts';
import { MIDDLE, setAlert } from '../support/alert.ts';
import { axe } from '../support/axe.ts';
import { business, site } from '../support/facts.ts';
import { Fixture } from '../support/fixture.ts';
import { ATTR_BREAK, SCRIPT_BREAK } from '../support/hostile.ts';
import { serve } from '../support/server.ts';
import { recordShifts, shifts } from '../support/shifts.ts';
import { useBrowser } from '../support/use-browser.ts';

const fx = new Fixture();
const MESSAGE = `Storm response: crews out tonight, call for fallen trees. ${SCRIPT_BREAK} ${ATTR_BREAK} & more`;
let server: { url: string; close: () => Promise<void> };
let routes: { kind: string; path: string }[];
let end: number;

const open = useBrowser(recordShifts);

beforeAll(async () => {
  setAlert(fx, { message: MESSAGE, link: site.services[0].path, storm: true });
  const r = await fx.build({ now: MIDDLE, simulateForms: true });
  server = await serve(fx.out);
  routes = [...routeTable(r.site), ...unlistedRoutes];
  end = r.site.alert!.end;
}, 60_000);
afterAll(async () => {
  await server?.close();
  fx.remove();
});

describe('the storm alert in the browser', () => {
  it('shows on each kind of page at the top, as a status with the message and the phone, axe clean, with no layout shift', async () => {
    const page = await open({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    await page.clock.install({ time: MIDDLE });
    const found: string[] = [];
    // one page of each kind: each kind carries its own stylesheet (that every page has the alert, in its place in the
    // markup: tests/build/alert.test.ts)
    const kinds = [...new Map(routes.map((r) => [r.kind, r.path])).values()];
    expect(kinds.length).toBeGreaterThan(5);
    for (const p of kinds) {
      await page.goto(server.url + p, { waitUntil: 'load' });
      const status = page.getByRole('status').filter({ hasText: 'Storm response' });
      if (!(await status.isVisible())) found.push(`${p}: no visible alert`);
      else {
        if ((await status.getByRole('link', { name: business.phone }).getAttribute('href')) !== `tel:${business.phoneE164}`)
          found.push(`${p}: no phone link`);
        const box = (await status.boundingBox())!;
        if (box.y !== 0) found.push(`${p}: the alert is ${box.y}px from the top`);
        if (!(await status.getByText(site.storm.heading).isVisible())) found.push(`${p}: no first steps`);
      }
      for (const v of await axe(page)) found.push(`${p} ${v}`);
      for (const s of await shifts(page)) found.push(`${p}: layout shift ${s}`);
    }
    expect(found).toEqual([]);
    expect(page.errors).toEqual([]);
  }, 120_000);

  it('is there without JavaScript', async () => {
    const page = await open({ javaScriptEnabled: false });
    await page.goto(server.url + site.cities[0].path);
    await expect(page.getByRole('status').filter({ hasText: 'Storm response' }).isVisible()).resolves.toBe(true);
  });

  it("ends at the moment the build wrote, whatever the visitor's zone: on a phone 14 hours ahead of UTC, there a minute before, gone at it", async () => {
    for (const [at, shown] of [
      [end - 60_000, true],
      [end, false],
    ] as const) {
      const page = await open({ timezoneId: 'Pacific/Kiritimati' });
      await page.clock.install({ time: at });
      await page.goto(server.url + site.cities[0].path, { waitUntil: 'load' });
      await expect(page.locator('.site-alert').isVisible(), new Date(at).toISOString()).resolves.toBe(shown);
    }
  });

  it('is never shown on a page opened after its end: hidden before the first paint, nothing moves', async () => {
    const page = await open();
    await page.clock.install({ time: end + 3_600_000 });
    // what the first paint shows: the alert's box at the moment the browser reports the paint
    await page.addInitScript(() => {
      const w = window as unknown as { atPaint: string };
      new PerformanceObserver(() => {
        const el = document.querySelector('.site-alert');
        w.atPaint = el ? getComputedStyle(el).display : 'absent';
      }).observe({ type: 'paint', buffered: true });
    });
    await page.goto(server.url + site.cities[0].path, { waitUntil: 'load' });
    await expect(page.locator('.site-alert').count()).resolves.toBe(1); // in the HTML, as built
    await expect(page.locator('.site-alert').isVisible()).resolves.toBe(false);
    await expect(page.getByText(site.storm.heading).isVisible(), 'its first steps with it').resolves.toBe(false);
    await expect.poll(() => page.evaluate(() => (window as unknown as { atPaint?: string }).atPaint)).toBe('none');
    expect(await shifts(page)).toEqual([]);
  });
});
