// Finished jobs (content/jobs/): each city and service page shows its own newest three, /recent-work all of them in
// pages of jobs.perPage; with no jobs, no section, page or link appears.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeTable } from '../../generator/build-site.ts';
import { unlistedRoutes } from '../../templates/model/routes.ts';
import { site } from '../support/facts.ts';
import { builtFixture, testFixture } from '../support/test-fixture.ts';
import { addJobs, testJob, type TestJob } from '../support/jobs.ts';
import { allFiles, html } from '../support/site.ts';
import { sitemapEntries } from '../support/files.ts';
import { $, $$, attr, parseHtml, text } from '../support/html.ts';
import { BUDGET, firstVisitBytes, PHOTO_BUDGET } from '../support/weight.ts';

const [c0, c1] = site.cities.map((c) => c.slug);
const [s0, s1] = site.services.map((s) => s.slug);
// three in one city (one more than a page shows), one in another; two services, one of them on four jobs
const JOBS: TestJob[] = [
  testJob(1, c0, [s0], '2026-03-10'),
  testJob(2, c1, [s0, s1], '2026-04-02'),
  testJob(3, c0, [s1], '2026-05-20'),
  testJob(4, c0, [s0], '2026-06-15'),
  testJob(5, c0, [s0], '2026-02-01'),
];
const PER_PAGE = 2;
const byDate = (jobs: TestJob[]) => [...jobs].sort((a, b) => (a.date < b.date ? 1 : -1));

const fx = builtFixture(async (f) => {
  await addJobs(f, JOBS);
  f.editSite((s) => (s.jobs = { perPage: PER_PAGE }));
});
const page = (urlPath: string) => parseHtml(html(urlPath, fx.out));
/** The jobs a page shows, in order, by the titles of their cards. */
const shown = (doc: ReturnType<typeof page>) =>
  $$('li.card.job-card[id^="job-"]', doc).map((li) => JOBS.find((j) => `job-${j.slug}` === attr(li, 'id'))!.title);
const titles = (jobs: TestJob[]) => jobs.map((j) => j.title);

describe('jobs', () => {
  it.each([
    ['city', 'cities', (j: TestJob, slug: string) => j.city === slug],
    ['service', 'services', (j: TestJob, slug: string) => j.services.includes(slug)],
  ] as const)(
    "shows each %s's own newest three on its page, under the content's heading, and no section on one without a job",
    (_, list, own) => {
      for (const entry of fx.result.site[list]) {
        const jobs = byDate(JOBS.filter((j) => own(j, entry.slug))).slice(0, 3);
        const doc = page(entry.path);
        expect(shown(doc), entry.slug).toEqual(titles(jobs));
        const heading = $('h2#recent-work-heading', doc);
        expect(heading !== null, entry.slug).toBe(jobs.length > 0);
        if (heading && list === 'cities')
          expect(text(heading), entry.slug).toBe(fx.result.site.recentWork.cityHeading.replaceAll('{city}', entry.name));
      }
      expect(shown(page(`/service-area/${c0}`))).toHaveLength(3);
    },
  );

  it('lists every job on /recent-work, newest first, in pages of jobs.perPage, each page linking the others', () => {
    const listing = routeTable(fx.result.site).filter((r) => r.kind === 'recentWork');
    expect(listing.map((r) => r.path)).toEqual(
      Array.from({ length: Math.ceil(JOBS.length / PER_PAGE) }, (_, i) => (i ? `/recent-work/page/${i + 1}` : '/recent-work')),
    );
    expect(listing.flatMap((r) => shown(page(r.path)))).toEqual(titles(byDate(JOBS)));
    for (const [i, r] of listing.entries()) {
      const doc = page(r.path);
      for (const other of listing.filter((o) => o !== r))
        expect($(`a[href="${other.path}"]`, doc), `${r.path} links ${other.path}`).not.toBeNull();
      expect(text($('h1', doc)), r.path).toBe(
        i
          ? fx.result.site.recentWork.pager.pagedTitle.replace('{page}', String(i + 1)).replace('{pages}', String(listing.length))
          : fx.result.site.recentWork.h1,
      );
    }
    // the first page has one address: /recent-work/page/1 goes there
    expect(fx.result.site.redirects).toContainEqual({ from: '/recent-work/page/1', to: '/recent-work' });
  });

  it('puts /recent-work in the sitemap and links it from the footer of every page', () => {
    const sitemap = sitemapEntries(readFileSync(path.join(fx.out, 'sitemap.xml'), 'utf8'));
    // each page of /recent-work changes with the newest job it lists: its sitemap date
    const pages = byDate(JOBS).map((j, i) => [Math.floor(i / PER_PAGE), j.date] as const);
    for (const r of routeTable(fx.result.site).filter((x) => x.kind === 'recentWork')) {
      const newest = pages.find(([p]) => p === (r.data as { page: number }).page - 1)![1];
      expect(sitemap).toContainEqual({ loc: `${site.business.origin}${r.path}`, lastmod: newest });
    }
    for (const r of [...routeTable(fx.result.site), ...unlistedRoutes])
      expect($$('footer a[href="/recent-work"]', page(r.path)).map(text), r.path).toContain(fx.result.site.recentWork.footerLink);
  });

  it('sends every photo through the photo pipeline, with its alt text and its before or after label', () => {
    const raw = html(`/service-area/${c1}`, fx.out);
    const doc = parseHtml(raw);
    const job = JOBS.find((j) => j.city === c1)!;
    for (const p of job.photos) {
      const stem = path.basename(p.src, '.jpg');
      const img = $$('img', doc).find((i) => attr(i, 'alt') === p.alt)!;
      expect(img, p.src).toBeDefined();
      expect(attr(img, 'src'), p.src).toMatch(new RegExp(`^/assets/img/${stem}-[0-9a-f]{8}-\\d+\\.jpg$`));
      expect(attr(img, 'loading'), p.src).toBe('lazy');
      const exts = allFiles(path.join(fx.out, 'assets/img')).flatMap((f) => (path.basename(f).startsWith(stem) ? [path.extname(f)] : []));
      expect(new Set(exts)).toEqual(new Set(['.avif', '.webp', '.jpg']));
      expect($$('figcaption', doc).map(text)).toContain(fx.result.site.recentWork.labels[p.label!]);
    }
    // the original is never linked: its name is nowhere in the file's bytes (no attribute, no text, no script)
    expect(raw).not.toContain(job.photos[0].src);
  });

  it('keeps every page within the first-visit budget with its jobs on it (their photos load lazily)', () => {
    const over: string[] = [];
    for (const r of routeTable(fx.result.site)) {
      const { bytes, assets } = firstVisitBytes(fx.out, r.path);
      const jobPhotos = assets.filter((a) => JOBS.some((j) => j.photos.some((p) => a.includes(path.basename(p.src, '.jpg')))));
      expect(jobPhotos, r.path).toEqual([]);
      if (bytes > (assets.some((a) => a.startsWith('/assets/img/')) ? PHOTO_BUDGET : BUDGET)) over.push(`${r.path}: ${bytes} B`);
    }
    const city = `/service-area/${c0}`; // the city with three jobs on its page
    console.log(`first visit of ${city} with its three jobs: ${(firstVisitBytes(fx.out, city).bytes / 1024).toFixed(1)} KB brotli`);
    expect(over).toEqual([]);
  });

  it('shows where and when: the neighbourhood, the city, the date and the services, linked', () => {
    const job = JOBS.find((j) => j.city === c1)!;
    const card = $(`li.card.job-card#job-${job.slug}`, page(`/service-area/${c1}`))!;
    expect(card).not.toBeNull();
    expect($(`time[datetime="${job.date}"]`, card)).not.toBeNull();
    expect(text(card)).toContain(`${job.neighbourhood}, ${site.cities[1].name}`);
    for (const slug of job.services) expect($(`a[href="/${slug}"]`, card), slug).not.toBeNull();
    expect(text(card)).toContain(job.story.split(':')[0]);
  });
});

it('with no jobs, there is no /recent-work, no section and no link on any page, and no entry in the sitemap', async () => {
  const none = testFixture();
  rmSync(none.file('jobs'), { recursive: true, force: true });
  const r = await none.build();
  expect(r.site.jobs).toEqual([]);
  expect(routeTable(r.site).some((x) => x.kind === 'recentWork')).toBe(false);
  expect(existsSync(path.join(none.out, 'recent-work.html'))).toBe(false);
  // what any page shows (its <body>: the stylesheet in every <head> has the rules for jobs), and the host files
  for (const f of allFiles(none.out).filter((x) => /\.(html|xml|txt)$/.test(x) || path.basename(x).startsWith('_'))) {
    const text = readFileSync(f, 'utf8');
    // any trace in the bytes from where the parser sees the body start (a class, a link, an id, a script's string)
    const shown = f.endsWith('.html') ? text.slice($('body', parseHtml(text))!.startIndex!) : text;
    expect(/recent-work|job-card/.test(shown), path.relative(none.out, f)).toBe(false);
  }
});
