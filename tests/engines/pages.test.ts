// One page of each kind (KIND_PAGES: a kind's routes share its template and its scripts, which are what an engine sees)
// in each engine, on a phone, one load answering all of it: it renders, its app starts with no script error, it fits a
// 320 px and a 390 px screen without scrolling sideways, axe finds nothing on it (in Chromium;
// tests/browser/accessibility.test.ts at desktop width), and scrolled to its end it has fetched and holds nothing from
// another origin (the page's own resource timing and its markup: not every driver sees requests). What varies by route
// is checked on every route in the build layer: its markup loads nothing from another origin
// (tests/build/validity.test.ts), its heading (tests/build/first-paint.test.ts), its words and links
// (tests/build/pages.test.ts). At desktop width Chromium watches the requests themselves
// (tests/browser/accessibility.test.ts), and a press on a map's button (tests/browser/maps.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WCAG_TAGS } from '../support/axe.ts';
import { KIND_PAGES, site } from '../support/facts.ts';
import { AXE_PATH, serveSite, type SiteServer } from '../support/engines/site-server.ts';
import { ENGINES, PHONE, useEngines, type EnginePage } from '../support/engines/use-engines.ts';
import { siteDir } from '../support/site.ts';

const open = useEngines({ oneVisit: true }); // one page an engine: nothing here reads what a visit stores
let server: SiteServer;
beforeAll(async () => {
  server = await serveSite(siteDir());
});
afterAll(() => server?.close());

/** The narrowest phones still sold, and the common one (PHONE, where the next page then loads). */
const WIDTHS = [320, PHONE.width];
/** axe at phone width in Chromium, the cheapest engine: its rules read the DOM and the computed styles, the same markup
 *  and stylesheet in every engine, so Firefox (where it ran, 65 CPU-s of the file) or WebKit would prove nothing more
 *  (docs/decisions/test-layers.md). */
const AXE_IN = new Set(['chromium']);

/** In the page, one call (a WebDriver round trip in WebKit): its heading and app state; scrolled to its end and
 *  painted there, what came from, or would load from, another origin (its resource timing, and its markup, lazy or
 *  not, wherever it is); given axe's address, axe's findings once nothing fades in (a card fading in as it scrolls
 *  into view is, for a moment, paler than its text); and the script errors it has seen (../support/page-clock.ts). */
async function look(axeSrc: string | null, tags: string[]) {
  const w = window as any;
  scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' as ScrollBehavior });
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const other = (u: string | null) =>
    !!u && /^(https?|wss?):$/.test(new URL(u, location.href).protocol) && new URL(u, location.href).origin !== location.origin;
  const loads =
    'iframe, frame, img, script, source, video, audio, embed, link:is([rel~="stylesheet"], [rel~="preload"], [rel~="modulepreload"], [rel~="icon"])';
  const others = [
    ...performance.getEntriesByType('resource').map((e) => e.name),
    ...[...document.querySelectorAll(loads)].map((el) => el.getAttribute('src') ?? el.getAttribute('href')),
    ...[...document.querySelectorAll('[srcset]')].flatMap((el) =>
      el
        .getAttribute('srcset')!
        .split(',')
        .map((c) => c.trim().split(/\s+/)[0]),
    ),
  ].filter(other) as string[];
  let violations: string[] = [];
  if (axeSrc) {
    if (!w.axe) {
      const script = Object.assign(document.createElement('script'), { src: axeSrc });
      await new Promise((loaded, failed) => {
        script.onload = loaded;
        script.onerror = () => failed(new Error(`${axeSrc} did not load`));
        document.head.append(script);
      });
    }
    const ending = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((a) => a.finished.catch(() => {})));
    const r = await w.axe.run(document, { runOnly: { type: 'tag', values: tags } });
    violations = r.violations.flatMap((v: any) => v.nodes.map((n: any) => `${v.id}: ${n.target.join(' ')}`));
  }
  const heading = document.querySelector('main h1')?.textContent?.trim();
  return { heading, app: document.documentElement.dataset.app, others, violations, errors: (w.__errors ?? []) as string[] };
}
const lookAt = (page: EnginePage) => page.evaluate(look, AXE_IN.has(page.engine) ? AXE_PATH : null, WCAG_TAGS);

/**
 * How many CSS px the page is wider than a screen of each of `widths` px (0: it fits), measured in the engine's own
 * window when it can be made that narrow, else (WebKitGTK's MiniBrowser keeps its window as wide as its toolbar) in a
 * frame of that width on the page: the same engine laying out the same page for that viewport, its media queries
 * included. The window is left at the last width.
 */
async function overflowAt(page: EnginePage, widths: number[], height = PHONE.height): Promise<Record<number, number>> {
  const out: Record<number, number> = {};
  const inFrame: number[] = [];
  for (const width of widths) {
    if ((await page.resize({ width, height })) === width)
      out[width] = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    else inFrame.push(width);
  }
  if (!inFrame.length) return out;
  const framed = await page.evaluate(framedOverflow, inFrame, height);
  return { ...out, ...Object.fromEntries(framed) };
}

async function framedOverflow(ws: number[], h: number): Promise<[number, number][]> {
  const frame = document.createElement('iframe');
  frame.style.cssText = `position:fixed;top:0;left:0;width:${ws[0]}px;height:${h}px;border:0;z-index:2147483647`;
  const loaded = new Promise((r) => (frame.onload = r));
  frame.src = location.href;
  document.body.append(frame);
  await loaded;
  const d = frame.contentDocument!.documentElement;
  const frames = (n: number) => new Promise<void>((r) => (n ? requestAnimationFrame(() => frames(n - 1).then(r)) : r()));
  // the app may change the layout (the menu, reveal): measure once it has started, as in the window
  for (let i = 0; i < 600 && d.dataset.app !== 'ready' && d.classList.contains('js'); i++) await frames(1);
  const over: [number, number][] = [];
  for (const w of ws) {
    frame.style.width = `${w}px`;
    await frames(2); // laid out again for the new width, its media queries with it
    over.push([w, d.scrollWidth - d.clientWidth]);
  }
  frame.remove();
  return over;
}

/** A page load, a scroll to its end, two widths and (in Chromium) axe a page: seconds each on a loaded machine. */
const TIMEOUT = 60_000 + KIND_PAGES.length * 8_000;

describe.each(ENGINES)('%s', (engine) => {
  it(
    `a page of each kind renders, starts its app with no script error, fits ${WIDTHS.join(' and ')} px${AXE_IN.has(engine) ? ', is axe clean' : ''} and, scrolled to its end, has fetched and holds nothing from another origin`,
    async () => {
      const page = await open(engine, { viewport: PHONE });
      const found: string[] = [];
      expect(KIND_PAGES.length, 'the kinds of page beside the missing and thank-you pages').toBeGreaterThan(2);
      for (const p of KIND_PAGES) {
        await page.goto(server.url + p);
        const seen = await lookAt(page);
        if (!seen.heading) found.push(`${p}: no heading`);
        if (seen.app !== 'ready') found.push(`${p}: the app did not say it is ready`);
        for (const u of seen.others) found.push(`${p}: from another origin: ${u}`);
        for (const v of seen.violations) found.push(`${p}: ${v}`);
        for (const e of seen.errors) found.push(`${p}: script error: ${e}`);
        for (const [width, over] of Object.entries(await overflowAt(page, WIDTHS)))
          if (over > 0) found.push(`${p}: ${over} px wider than a ${width} px screen`);
      }
      expect(found).toEqual([]);
    },
    TIMEOUT,
  );
});

it("would catch the lazy frame the pages had before (Google's map in the page), in one engine", async () => {
  const page = await open('chromium', { viewport: PHONE });
  await page.goto(server.url + site.cities[0].path);
  await page.evaluate(() => {
    const m = document.querySelector<HTMLElement>('.map')!;
    m.replaceChildren(Object.assign(document.createElement('iframe'), { loading: 'lazy', src: m.dataset.mapSrc! }));
  });
  expect((await page.evaluate(look, null, [])).others.map((u) => new URL(u).origin)).toContain('https://maps.google.com');
});
