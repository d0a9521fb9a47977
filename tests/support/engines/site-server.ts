// Serves a built site to the engines, each HTML page with the page clock (../page-clock.ts) at the top of its <head>:
// WebKit's WebDriver runs no script before a page's own, so the clock comes with the page, the same way in every
// engine. Without the site's _headers: the clock is an inline script its CSP would refuse, and no journey of this layer
// is about the CSP (tests/browser/csp.test.ts and the deploy layer are).
// The same server answers as a second site on 127.0.0.1 (the site itself is localhost): a page there that links to
// the site is where a visit "came from", as a search engine's result is, in every engine alike.
import type http from 'node:http';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { clockScript } from '../page-clock.ts';
import { serve } from '../server.ts';

/** axe-core, for a page to load by a script tag (cached, and far cheaper than its 500 KB sent with every call). */
export const AXE_PATH = '/__axe.js';
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'));
/** The path on the referring site whose page links to `?to=` (an address on the site). */
const ELSEWHERE = '/__elsewhere';

export interface SiteServer {
  /** The site: http://localhost:PORT */
  url: string;
  /** Where the next pages' clocks start (ms since the epoch); undefined: now. */
  clockStart?: number;
  /** A page on another site (another host) with one link, to `sitePath` on the site: follow it to arrive from there. */
  elsewhere(sitePath: string): string;
  /** The host a page reached from elsewhere() names as its referrer. */
  referrerHost: string;
  /** Every request the server has had, as `METHOD address referer`: what reached it, and what did not. */
  requests: string[];
  /** While set, a request whose path `path` matches waits for `until`: a file still on its way. */
  hold?: { path: RegExp; until: Promise<unknown> };
  close(): Promise<void>;
}

export async function serveSite(root: string): Promise<SiteServer> {
  const s: SiteServer = {
    url: '',
    referrerHost: '127.0.0.1',
    requests: [],
    elsewhere: (sitePath) => `${s.url.replace('localhost', s.referrerHost)}${ELSEWHERE}?to=${encodeURIComponent(sitePath)}`,
    close: async () => {},
  };
  const route = async (url: URL, res: http.ServerResponse) => {
    s.requests.push(`${res.req.method} ${url.href} ${res.req.headers.referer ?? ''}`);
    if (url.pathname === ELSEWHERE) {
      const to = new URL(url.searchParams.get('to') ?? '/', s.url).href.replace(/"/g, '&quot;');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>Search results</title><p><a id="result" href="${to}">The tree company</a></p>`);
      return true;
    }
    if (url.pathname === AXE_PATH) {
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'max-age=3600' }).end(AXE);
      return true;
    }
    if (s.hold?.path.test(url.pathname)) await s.hold.until;
    return false;
  };
  // (a function: the minified script holds `$` sequences a replacement string would read as patterns)
  const html = (page: string) => page.replace('<head>', () => `<head><script>${clockScript(s.clockStart)}</script>`);
  Object.assign(s, await serve(root, { route, html, headers: { 'cache-control': 'no-store' } }));
  return s;
}
