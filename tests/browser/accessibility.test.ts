// axe-core (WCAG 2.2 AA rules) on every route at desktop width, and on open menus. Every route at phone width is
// checked in Chromium and Firefox by the engines layer (tests/engines/pages.test.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { axe } from '../support/axe.ts';
import { ROUTES, site } from '../support/facts.ts';
import { baseUrl, routePaths } from '../support/site.ts';
import { useBrowser } from '../support/use-browser.ts';

const openPage = useBrowser();
let paths: string[];
beforeAll(async () => {
  paths = [...(await routePaths()), '/404.html', '/thanks'];
});
/** A page load and an axe run take a few seconds each on a loaded 2-core machine: the time grows with the routes. */
const ALL_ROUTES_TIMEOUT = 60_000 + (ROUTES.length + 2) * 8_000;

describe('axe', () => {
  for (const [label, viewport] of [['desktop', { width: 1280, height: 800 }]] as const) {
    it(
      `finds zero violations on every route at ${label} width`,
      async () => {
        const page = await openPage({ viewport, reducedMotion: 'reduce' });
        const found: string[] = [];
        for (const p of paths) {
          await page.goto(baseUrl() + p);
          for (const v of await axe(page)) found.push(`${p} ${v}`);
        }
        expect(paths).toEqual(expect.arrayContaining(ROUTES));
        expect(found).toEqual([]);
      },
      ALL_ROUTES_TIMEOUT,
    );
  }
  it('finds zero violations with the mobile menu and the Services dropdown open', async () => {
    const page = await openPage({ viewport: { width: 390, height: 844 } });
    await page.goto(baseUrl() + '/');
    await page.getByRole('button', { name: site.header.openMenu }).click();
    await page.locator('.mobile-menu.is-open').waitFor();
    expect(await axe(page)).toEqual([]);
    const desktop = await openPage();
    await desktop.goto(baseUrl() + '/');
    await desktop.locator('.dropdown__toggle').click();
    expect(await axe(desktop)).toEqual([]);
  });
  it('finds zero violations with a toast showing', async () => {
    // A toast that stays until closed (the same markup as one that leaves after its time), so it is still there
    // however long axe takes on a loaded machine. (Not Playwright's paused clock: axe-core waits on setTimeout itself.)
    const page = await openPage();
    await page.goto(baseUrl() + '/');
    await page.evaluate(() =>
      document
        .getElementById('toasts')!
        .dispatchEvent(new CustomEvent('toast', { detail: { title: 'Hello', description: 'World', duration: Infinity } })),
    );
    await page.locator('.toast').waitFor();
    expect(await axe(page)).toEqual([]);
    expect(await page.locator('.toast').isVisible(), 'the toast, still showing once axe is done').toBe(true);
  });
});
