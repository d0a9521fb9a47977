// axe-core (WCAG 2.2 AA rules) in Chromium on every route at desktop width, scrolled to its end, where Chromium also
// watches for any request to another origin; and axe with each thing that opens over a page open. Every route at
// phone width, in Chromium and Firefox, and what leaves for another origin in the three engines:
// tests/engines/pages.test.ts.
import { describe, expect, it } from 'vitest';
import { axe } from '../support/axe.ts';
import { ROUTES, SERVICE_PATHS, site } from '../support/facts.ts';
import { baseUrl } from '../support/site.ts';
import { useBrowser } from '../support/use-browser.ts';

const openPage = useBrowser();
const PATHS = [...ROUTES, '/404.html', '/thanks'];

describe('axe', () => {
  it(
    'finds zero violations on every route at desktop width, and no route asks another origin for anything',
    async () => {
      const page = await openPage({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
      const found: string[] = [];
      // reported before openPage's route aborts it (tests/support/browser.ts)
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (/^(https?|wss?):$/.test(url.protocol) && url.origin !== new URL(baseUrl()).origin) found.push(`${page.url()} asked ${r.url()}`);
      });
      for (const p of PATHS) {
        await page.goto(baseUrl() + p);
        await page.evaluate(async () => {
          while (innerHeight + scrollY < document.documentElement.scrollHeight - 1) {
            scrollBy({ top: innerHeight, behavior: 'instant' as ScrollBehavior });
            await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          }
        });
        for (const v of await axe(page)) found.push(`${p} ${v}`);
      }
      expect(found).toEqual([]);
    },
    60_000 + PATHS.length * 8_000,
  );

  it('finds zero violations with the mobile menu, the Services dropdown, the dialog (a service page, /about) or a toast open', async () => {
    const phone = await openPage({ viewport: { width: 390, height: 844 } });
    await phone.goto(baseUrl() + '/');
    await phone.getByRole('button', { name: site.header.openMenu }).click();
    await phone.locator('.mobile-menu.is-open').waitFor();
    expect(await axe(phone), 'the mobile menu').toEqual([]);
    const page = await openPage({ reducedMotion: 'reduce' });
    await page.goto(baseUrl() + '/');
    await page.locator('.dropdown__toggle').click();
    expect(await axe(page), 'the dropdown').toEqual([]);
    // A toast that stays until closed (the same markup as one that leaves after its time), so it is still there
    // however long axe takes on a loaded machine. (Not Playwright's paused clock: axe-core waits on setTimeout itself.)
    await page.evaluate(() =>
      document
        .getElementById('toasts')!
        .dispatchEvent(new CustomEvent('toast', { detail: { title: 'Hello', description: 'World', duration: Infinity } })),
    );
    await page.locator('.toast').waitFor();
    expect(await axe(page), 'a toast').toEqual([]);
    expect(await page.locator('.toast').isVisible(), 'the toast, still showing once axe is done').toBe(true);
    for (const p of [SERVICE_PATHS[0], '/about']) {
      await page.goto(baseUrl() + p);
      await page.locator('[data-estimate]').first().click();
      await page.locator('#estimate-dialog[open]').waitFor();
      expect(await axe(page), `the dialog on ${p}`).toEqual([]);
    }
  });
});
