// The storm alert in Chromium, in storm mode (its first steps under the message; the build layer has both modes): on
// one page of each kind of a build inside its window (each kind carries its own stylesheet; that every
// page has the alert, in its place in the markup: tests/build/alert.test.ts): readable as a status, axe clean (the
// alert; the pages themselves: accessibility.test.ts), nothing moving as the page loads, there without JavaScript;
// gone, steps and all, from the first paint of a page opened at its end (the page clock), whatever the visitor's zone.
// Gone from a page left open at its end, with no rebuild: tests/engines/requests.test.ts, in the three engines; its
// hostile text escaped: tests/build/alert.test.ts.
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { MIDDLE, setAlert } from '../support/alert.ts';
import { axe } from '../support/axe.ts';
import { routeTable } from '../../generator/build-site.ts';
import { unlistedRoutes } from '../../templates/model/routes.ts';
import { business, site } from '../support/facts.ts';
import { ATTR_BREAK, SCRIPT_BREAK } from '../support/hostile.ts';
import { recordShifts, shifts } from '../support/shifts.ts';
import { count, useBuiltSite, useChromium, visible } from '../support/use-chromium.ts';

const MESSAGE = `Storm response: crews out tonight, call for fallen trees. ${SCRIPT_BREAK} ${ATTR_BREAK} & more`;
const server = useBuiltSite((fx) => setAlert(fx, { message: MESSAGE, link: site.services[0].path, storm: true }), {
  now: MIDDLE,
  simulateForms: true,
});
const open = useChromium({}, recordShifts);

/** The alert as Chromium's accessibility tree has it, a status with the storm's words: shown, its phone link, its top,
 *  whether its first steps show. */
async function alertAsStatus(page: Page) {
  const status = await page.$('::-p-aria([role="status"]) ::-p-text(Storm response)');
  return status?.evaluate(
    (el, phone, heading) => {
      const alert = el.closest('[role="status"]')!;
      const link = [...alert.querySelectorAll('a')].find((a) => a.textContent!.includes(phone));
      const steps = [...alert.querySelectorAll('*')].some((e) => e.textContent!.trim() === heading && e.checkVisibility());
      return { shown: alert.checkVisibility(), phone: link?.getAttribute('href'), top: alert.getBoundingClientRect().top, steps };
    },
    business.phone,
    site.storm.heading,
  );
}

describe('the storm alert in the browser', () => {
  it('shows on each kind of page at the top, as a status with the message and the phone, axe clean, with no layout shift', async () => {
    const page = await open({ viewport: { width: 390, height: 844 }, reducedMotion: true, clock: MIDDLE.getTime() });
    const found: string[] = [];
    // one page of each kind, as KIND_PAGES takes them, of this build (made at a moment of the alert's window, which a
    // post dated after it is not published at)
    const routes = [...routeTable(server.result.site), ...unlistedRoutes];
    const kinds = [...new Map(routes.reverse().map((r) => [r.kind, r.path])).values()];
    expect(kinds.length).toBeGreaterThan(5);
    for (const p of kinds) {
      await page.goto(server.url + p, { waitUntil: 'load' });
      const status = await alertAsStatus(page);
      if (!status?.shown) found.push(`${p}: no visible alert`);
      else {
        if (status.phone !== `tel:${business.phoneE164}`) found.push(`${p}: no phone link`);
        if (status.top !== 0) found.push(`${p}: the alert is ${status.top}px from the top`);
        if (!status.steps) found.push(`${p}: no first steps`);
      }
      for (const v of await axe(page, '.site-alert')) found.push(`${p} ${v}`);
      for (const s of await shifts(page)) found.push(`${p}: layout shift ${s}`);
    }
    expect(found).toEqual([]);
    expect(page.errors).toEqual([]);
  }, 120_000);

  it('is there without JavaScript', async () => {
    const page = await open({ javaScript: false });
    await page.goto(server.url + site.cities[0].path);
    expect((await alertAsStatus(page))?.shown).toBe(true);
  });

  it("ends at the moment the build wrote, whatever the visitor's zone: on a phone 14 hours ahead of UTC, there a minute before; opened at it, hidden before the first paint, nothing moving", async () => {
    const end = server.result.site.alert!.end;
    const before = await open({ clock: end - 60_000 });
    await before.emulateTimezone('Pacific/Kiritimati');
    await before.goto(server.url + site.cities[0].path, { waitUntil: 'load' });
    expect(await visible(before, '.site-alert'), 'a minute before its end').toBe(true);

    const page = await open({ clock: end });
    await page.emulateTimezone('Pacific/Kiritimati');
    // what the first paint shows: the alert's box at the moment the browser reports the paint
    await page.evaluateOnNewDocument(() => {
      const w = window as unknown as { atPaint: string };
      new PerformanceObserver(() => {
        const el = document.querySelector('.site-alert');
        w.atPaint = el ? getComputedStyle(el).display : 'absent';
      }).observe({ type: 'paint', buffered: true });
    });
    await page.goto(server.url + site.cities[0].path, { waitUntil: 'load' });
    expect(await count(page, '.site-alert')).toBe(1); // in the HTML, as built
    expect(await visible(page, '.site-alert'), 'at its end').toBe(false);
    expect(await visible(page, `::-p-text(${JSON.stringify(site.storm.heading)})`), 'its first steps with it').toBe(false);
    await expect.poll(() => page.evaluate(() => (window as unknown as { atPaint?: string }).atPaint)).toBe('none');
    expect(await shifts(page)).toEqual([]);
  });
});
