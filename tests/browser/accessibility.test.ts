// axe-core (WCAG 2.2 AA rules) on every route, at phone and desktop widths, and on open menus.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe } from '../support/axe.ts';
import { launch, openPage } from '../support/browser.ts';
import { site } from '../support/facts.ts';
import { baseUrl, routePaths } from '../support/site.ts';

let browser: Browser;
let paths: string[];
beforeAll(async () => {
  browser = await launch();
  paths = [...(await routePaths()), '/404.html', '/thanks'];
});
afterAll(() => browser?.close());

describe('axe', () => {
  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    it(`finds zero violations on every route at ${label} width`, async () => {
      const page = await openPage(browser, { viewport, reducedMotion: 'reduce' });
      const found: string[] = [];
      for (const p of paths) {
        await page.goto(baseUrl() + p);
        for (const v of await axe(page)) found.push(`${p} ${v}`);
      }
      expect(paths.length).toBeGreaterThanOrEqual(23);
      expect(found).toEqual([]);
    }, 120_000);
  }
  it('finds zero violations with the mobile menu and the Services dropdown open', async () => {
    const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto(baseUrl() + '/');
    await page.getByRole('button', { name: site.header.openMenu }).click();
    await page.locator('.mobile-menu.is-open').waitFor();
    expect(await axe(page)).toEqual([]);
    const desktop = await openPage(browser);
    await desktop.goto(baseUrl() + '/');
    await desktop.locator('.dropdown__toggle').click();
    expect(await axe(desktop)).toEqual([]);
  });
  it('finds zero violations with a toast showing', async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl() + '/');
    await page.evaluate(() =>
      document.getElementById('toasts')!.dispatchEvent(new CustomEvent('toast', { detail: { title: 'Hello', description: 'World' } })),
    );
    await page.locator('.toast').waitFor();
    expect(await axe(page)).toEqual([]);
  });
});
