// Jobs in Chromium: a city page with its jobs' photos (decoded, described, nothing moving as they load, axe clean at
// phone and desktop widths), and /recent-work's pages, which the pager walks. The pager is plain links, which no script
// touches (templates/parts/Pager.tsx), so the walk is the same without JavaScript; its links: tests/build/jobs.test.ts.
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { routeTable } from '../../generator/build-site.ts';
import { axe } from '../support/axe.ts';
import { site } from '../support/facts.ts';
import { addJobs, testJob } from '../support/jobs.ts';
import { recordShifts, shifts } from '../support/shifts.ts';
import { byRole, text, useBuiltSite, useChromium } from '../support/use-chromium.ts';

const [c0, c1] = site.cities;
const [s0, s1] = site.services.map((s) => s.slug);
const JOBS = [
  testJob(1, c0.slug, [s0], '2026-09-01'),
  testJob(2, c1.slug, [s1], '2026-09-12'),
  testJob(3, c0.slug, [s0, s1], '2026-10-03'),
];
const server = useBuiltSite(
  async (fx) => {
    await addJobs(fx, JOBS);
    fx.editSite((s) => (s.jobs = { perPage: 2 }));
  },
  { simulateForms: true },
);
const open = useChromium({}, recordShifts);

describe('a city page with jobs', () => {
  for (const [label, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const)
    it(`shows its jobs' photos, decoded and described, with nothing moving as they load, axe clean (${label})`, async () => {
      const page = await open({ viewport, reducedMotion: true });
      await page.goto(server.url + c0.path, { waitUntil: 'load' });
      const section = byRole('region', server.result.site.recentWork.cityHeading.replaceAll('{city}', c0.name));
      expect(await page.$$(`${section} .job-card`)).toHaveLength(JOBS.filter((j) => j.city === c0.slug).length);
      // scrolled to each photo in turn, as a visitor would: each lazy photo loads, from the encoded files
      const images = await page.$$(`${section} img`);
      for (const image of images) {
        await image.evaluate((img) => img.scrollIntoView({ block: 'center', behavior: 'instant' }));
        await expect
          .poll(() => image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))
          .toBe(true);
      }
      // (their alt text, in the newest job's order: tests/build/jobs.test.ts)
      const sources = await Promise.all(images.map((img) => img.evaluate((i) => (i as HTMLImageElement).currentSrc)));
      expect(sources.filter((s) => !s.includes('/assets/img/'))).toEqual([]);
      expect(await shifts(page)).toEqual([]);
      expect(await axe(page)).toEqual([]);
      expect(page.errors).toEqual([]);
    });
});

describe('/recent-work', () => {
  const listing = () => routeTable(server.result.site).filter((r) => r.kind === 'recentWork');
  /** Walks the listing's pages from the first by the pager's Older link, collecting the jobs' titles. */
  async function walk(page: Page) {
    const seen: string[] = [];
    for (const [i, { path }] of listing().entries()) {
      await expect.poll(() => new URL(page.url()).pathname, { message: `page ${i + 1} of the listing` }).toBe(path);
      seen.push(...(await page.$$eval('.job-card__title', (ts) => ts.map((t) => t.textContent!))));
      if (i === listing().length - 1) break;
      const older = await page.$$(`${byRole('navigation', server.result.site.recentWork.pager.label)} a`);
      const names = await Promise.all(older.map((a) => a.evaluate((el) => el.getAttribute('aria-label') ?? el.textContent!.trim())));
      await Promise.all([
        page.waitForNavigation(),
        older[names.findIndex((n) => n.startsWith(server.result.site.recentWork.pager.older))].click(),
      ]);
    }
    expect(seen, 'every job, newest first').toEqual([...JOBS].sort((a, b) => (a.date < b.date ? 1 : -1)).map((j) => j.title));
  }

  it("is reached from a city's jobs, and its pager walks its pages, newest jobs first; axe clean", async () => {
    const page = await open();
    await page.goto(server.url + c1.path);
    await Promise.all([
      page.waitForNavigation(),
      page.locator(`.recent-work ${byRole('link', server.result.site.recentWork.allLink)}`).click(),
    ]);
    expect(await text(page, 'h1'), 'the listing').toBe(server.result.site.recentWork.h1);
    await walk(page);
    expect(await axe(page)).toEqual([]);
  });
});
