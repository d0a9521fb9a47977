// A test file's engines: each started on first use and closed after the file; each test's pages closed after it.
import { afterAll, afterEach, expect } from 'vitest';
import { scriptErrors } from '../page-clock.ts';
import { DESKTOP, type Engine, type EngineBrowser, type EnginePage, type OpenOptions } from './driver.ts';
import { launchPuppeteer } from './puppeteer.ts';
import { launchWebKit } from './webkit.ts';

export { DESKTOP, ENGINES, type EnginePage } from './driver.ts';
/** The page's clock and its record of script errors (served with every page: ./site-server.ts). */
export { clock, scriptErrors } from '../page-clock.ts';

/** A phone's screen, as most visitors have it. */
export const PHONE = { width: 390, height: 844 };

/** `open(engine, options, kept)` for a test file: a fresh visit, or (`kept`, by default with `oneVisit`) one page an
 *  engine for the whole file, each test going to its own address (a WebKit session takes seconds to start; where a
 *  journey needs no fresh storage, it need not pay them again). A test fails if a page it leaves has seen a script error. */
export function useEngines({ oneVisit = false } = {}) {
  const browsers = new Map<Engine, Promise<EngineBrowser>>();
  const kept = new Map<Engine, Promise<EnginePage>>();
  const opened: EnginePage[] = [];
  afterEach(async () => {
    const fresh = opened.splice(0);
    const pages = [...fresh, ...(await Promise.all([...kept.values()].map((p) => p.catch(() => undefined))))].filter((p) => !!p);
    const read = (p: EnginePage) => scriptErrors(p).catch((e) => [`the page could not be read: ${e}`]);
    const errors = await Promise.all(pages.map(async (p) => (await read(p)).map((e) => `${p.engine}: ${e}`)));
    await Promise.all(fresh.map((p) => p.close().catch(() => {})));
    expect(errors.flat(), 'script errors on the pages the test leaves').toEqual([]);
  });
  afterAll(async () => {
    await Promise.all([...kept.values()].map(async (p) => (await p).close().catch(() => {})));
    await Promise.all([...browsers.values()].map(async (b) => (await b).close().catch(() => {})));
  });
  const fresh = async (engine: Engine, options: OpenOptions) => {
    if (!browsers.has(engine)) browsers.set(engine, engine === 'webkit' ? launchWebKit() : launchPuppeteer(engine));
    return (await browsers.get(engine)!).open(options);
  };
  return async function open(engine: Engine, options: OpenOptions = {}, keep = oneVisit): Promise<EnginePage> {
    if (!keep) {
      const page = await fresh(engine, options);
      opened.push(page);
      return page;
    }
    if (!kept.has(engine)) kept.set(engine, fresh(engine, options));
    const page = await kept.get(engine)!;
    await page.resize(options.viewport ?? DESKTOP);
    return page;
  };
}
