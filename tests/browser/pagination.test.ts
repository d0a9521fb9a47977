// The blog's pager in a real Chromium: accessible names, keyboard, no JavaScript, axe, and the 404 past the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe } from '../support/axe.ts';
import { blogFixture } from '../support/fixture.ts';
import { serve } from '../support/server.ts';
import { useBrowser } from '../support/use-browser.ts';

const fx = blogFixture(30, 3); // ten pages: enough for a gap on each side of page 5
let server: Awaited<ReturnType<typeof serve>>;
beforeAll(async () => {
  await fx.build();
  server = await serve(fx.out);
}, 120_000);
afterAll(async () => {
  await server?.close();
  fx.remove();
});
const open = useBrowser();
const phone = { viewport: { width: 390, height: 844 } };

describe('the blog pager', () => {
  it('passes axe on page 2', async () => {
    const page = await open(phone);
    await page.goto(`${server.url}/blog/page/2`);
    expect(await axe(page)).toEqual([]);
  });

  it('names its links for a screen reader and marks the current page', async () => {
    const page = await open(phone);
    await page.goto(`${server.url}/blog/page/5`);
    const pager = page.getByRole('navigation', { name: 'Blog pages' });
    await expect.poll(() => pager.locator('[aria-current="page"]').textContent()).toBe('Page 5');
    for (const name of ['Newer guides, page 4', 'Older guides, page 6', 'Page 1', 'Page 10'])
      expect(await pager.getByRole('link', { name, exact: true }).count(), name).toBe(1);
    expect(await pager.getByRole('link', { name: 'Page 2', exact: true }).count()).toBe(0); // behind the gap
    expect(await pager.locator('[aria-hidden="true"]', { hasText: '…' }).count()).toBe(2);
  });

  it('works by keyboard alone', async () => {
    const page = await open(phone);
    await page.goto(`${server.url}/blog/page/2`);
    const older = page.getByRole('link', { name: 'Older guides, page 3' });
    for (let i = 0; i < 200 && !(await older.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/blog/page/3');
    expect(await page.locator('h1').textContent()).toContain('Page 3 of 10');
  });

  it('works without JavaScript', async () => {
    const page = await open({ ...phone, javaScriptEnabled: false });
    await page.goto(`${server.url}/blog`);
    await page.getByRole('link', { name: 'Page 10', exact: true }).click();
    await page.waitForURL('**/blog/page/10');
    await page.getByRole('link', { name: 'Newer guides, page 9' }).click();
    await page.waitForURL('**/blog/page/9');
  });

  it('answers 404 past the last page', async () => {
    const res = await fetch(`${server.url}/blog/page/11`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<meta name="robots" content="noindex"/>');
  });
});
