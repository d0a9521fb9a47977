// dist/_headers carries a strict Content-Security-Policy made from what the site really uses. Served with exactly
// those headers, no page, menu, dialog, FAQ or form trips it, and no page logs an error.
// tests/build/first-paint.test.ts checks the style hash against every page's <style>, byte for byte.
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installClock } from '../support/clock.ts';
import { headersFor, parseHeadersFile, serve, type HeaderRule } from '../support/server.ts';
import { allFiles, siteDir } from '../support/site.ts';
import { CITY_NAMES, FORM_LABELS, REDIRECTS, ROUTES, SERVICE_PATHS, site } from '../support/facts.ts';
import { toastTitles } from '../support/toasts.ts';
import { useBrowser } from '../support/use-browser.ts';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

let rules: HeaderRule[];
let csp: Map<string, string[]>;
let server: { url: string; close: () => Promise<void> };
const open = useBrowser(installClock);

function parseCsp(value: string): Map<string, string[]> {
  return new Map(
    value
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}
const htmlFiles = () => allFiles().filter((f) => f.endsWith('.html'));
/** Bodies of the classic inline scripts of a page (not JSON-LD data blocks, not external modules). */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter(([, attrs = '']) => !/\bsrc=|type="application\/ld\+json"/.test(attrs))
    .map((m) => m[2]);
}
const sha256 = (s: string) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`;

beforeAll(async () => {
  rules = parseHeadersFile(readFileSync(path.join(siteDir(), '_headers'), 'utf8'));
  csp = parseCsp(headersFor(rules, '/')['Content-Security-Policy'] ?? '');
  server = await serve(siteDir(), { withHeaders: true });
});
afterAll(async () => {
  await server?.close();
});

describe('dist/_headers', () => {
  it('gives every path the security headers', () => {
    const assets = allFiles().map((f) => '/' + path.relative(siteDir(), f).split(path.sep).join('/'));
    for (const p of [...ROUTES, '/no-such-page', '/404.html', ...assets]) {
      const h = headersFor(rules, p);
      expect(h['Content-Security-Policy'], p).toBeTruthy();
      expect(h['Strict-Transport-Security'], p).toMatch(/^max-age=\d{8,}/);
      expect(h['X-Content-Type-Options'], p).toBe('nosniff');
      expect(h['Referrer-Policy'], p).toBe('strict-origin-when-cross-origin');
      expect(h['Permissions-Policy'], p).toMatch(/camera=\(\)/);
    }
  });

  it('has a strict CSP: self, hashed inline scripts and style, no unsafe-inline or unsafe-eval anywhere', () => {
    const value = headersFor(rules, '/')['Content-Security-Policy'];
    expect(value).not.toMatch(/unsafe-|\*|https?:\s|'strict-dynamic'/);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')![0]).toBe("'self'");
    for (const source of csp.get('script-src')!.slice(1)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    // the site itself (the estimate file's stylesheet, which the client links) and the inline stylesheets (a kind of
    // page's share each) by their hashes, and nothing else: no style attribute
    expect(csp.get('style-src')![0]).toBe("'self'");
    expect(csp.get('style-src')!.length).toBeGreaterThan(1);
    for (const source of csp.get('style-src')!.slice(1)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('frame-src')).toEqual(['https://maps.google.com', 'https://www.google.com']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'", 'mailto:']);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('hashes exactly the inline scripts the pages carry (the head script and the redirect stub script)', () => {
    const used = new Set(htmlFiles().flatMap((f) => inlineScripts(readFileSync(f, 'utf8')).map(sha256)));
    expect(used.size).toBe(2);
    expect(new Set(csp.get('script-src')!.slice(1))).toEqual(used);
  });

  it('leaves nothing in the markup that the CSP would block: no style attributes, unhashed <style>, handlers or javascript: URLs', () => {
    const problems: string[] = [];
    for (const f of htmlFiles()) {
      const html = readFileSync(f, 'utf8').replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g, '');
      const name = path.relative(siteDir(), f);
      for (const m of html.matchAll(/<[a-z][^>]*\s(style|on[a-z]+)=/gi)) problems.push(`${name}: ${m[1]} attribute`);
      for (const [, css] of html.matchAll(/<style>([^<]*)<\/style>/g))
        if (!csp.get('style-src')!.includes(sha256(css))) problems.push(`${name}: <style> not in style-src`);
      if (html.match(/<style[\s>]/gi)?.length !== html.match(/<style>[^<]*<\/style>/g)?.length)
        problems.push(`${name}: a <style> with attributes`);
      if (/(href|src|action)="\s*javascript:/i.test(html)) problems.push(`${name}: javascript: URL`);
      // a map's frame, made on a press from its placeholder's data-map-src (client/map.ts)
      for (const src of [...html.matchAll(/<iframe[^>]*\ssrc="([^"]+)"|\sdata-map-src="([^"]+)"/g)].map((m) => m[1] ?? m[2])) {
        if (!csp.get('frame-src')!.includes(new URL(src.replace(/&amp;/g, '&')).origin))
          problems.push(`${name}: frame ${src} not in frame-src`);
      }
      for (const [, src] of html.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)) {
        if (!src.startsWith('/') && !src.startsWith('data:')) problems.push(`${name}: image ${src} not in img-src`);
      }
      for (const [, action] of html.matchAll(/<form[^>]*\saction="([^"]+)"/g)) {
        if (!action.startsWith('/') && !action.startsWith('mailto:')) problems.push(`${name}: form action ${action} not in form-action`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('caches hashed assets for a year and makes pages revalidate, never setting a header twice for one path', () => {
    const files = allFiles().map((f) => '/' + path.relative(siteDir(), f).split(path.sep).join('/'));
    const assets = files.filter((p) => p.startsWith('/assets/'));
    // the first-visit module, the quote-delivery module it may load later, and the estimate file with its stylesheet,
    // which it fetches on a page with estimate buttons (a page's own stylesheet is in the page)
    expect(assets.map((p) => p.replace(/-\w+\.(\w+)$/, '.$1')).sort()).toEqual([
      '/assets/app.js',
      '/assets/delivery.js',
      '/assets/estimate.css',
      '/assets/estimate.html',
    ]);
    for (const p of assets) expect(headersFor(rules, p)['Cache-Control'], p).toBe('public, max-age=31536000, immutable');
    for (const p of ROUTES) expect(headersFor(rules, p)['Cache-Control'], p).toMatch(/max-age=0, must-revalidate|no-cache/);
    // Netlify and Cloudflare Pages join a header set by two matching rules with a comma: "max-age=0, ..., immutable"
    for (const p of [...ROUTES, ...files, '/no-such-page']) {
      const names = rules.filter((r) => Object.keys(headersFor([r], p)).length).flatMap((r) => r.headers.map(([k]) => k.toLowerCase()));
      expect(names.length, `${p}: ${names}`).toBe(new Set(names).size);
    }
  });
});

type CspPage = Page & { errors: string[]; violations: string[]; requested: string[] };
/** A page that records CSP violations (securitypolicyviolation events, in every document it shows), console errors and
 * the addresses it asked for (its frames' included). */
async function cspPage(options = {}): Promise<CspPage> {
  const page = (await open(options)) as CspPage;
  page.violations = [];
  page.requested = [];
  page.on('request', (r) => page.requested.push(r.url()));
  await page.exposeFunction('__reportCsp', (v: string) => page.violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCsp: (v: string) => void }).__reportCsp(
        `${location.pathname}: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  return page;
}

/** The page whose estimate dialog is sent (the others' dialogs are opened and closed), and the city it sends. */
const DIALOG_SENT_FROM = SERVICE_PATHS[0];
const CITY = CITY_NAMES[0];

async function exercise(page: CspPage, p: string) {
  // goto() resolved once the enhancements started (they start after the first paint), or once the head script gave up
  expect(await page.evaluate(() => document.documentElement.dataset.app)).toBe('ready');
  // the mobile menu
  await page.locator('.menu-toggle').click();
  await expect.poll(() => page.locator('#mobile-menu.is-open').count(), { message: 'the menu opens' }).toBe(1);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('#mobile-menu.is-open').count()).toBe(0);
  // an FAQ item
  const question = page.locator('.faq__question').first();
  if (await question.count()) {
    await question.scrollIntoViewIfNeeded();
    await question.click();
    expect(
      await page
        .locator('details.faq__item')
        .first()
        .evaluate((d: HTMLDetailsElement) => d.open),
    ).toBe(true);
  }
  // the estimate dialog
  const opener = page.locator('[data-estimate]:visible').first();
  if (await opener.count()) {
    await opener.click();
    await expect.poll(() => page.locator('#estimate-dialog[open]').count(), { message: 'the dialog opens' }).toBe(1);
    if (p === DIALOG_SENT_FROM) {
      const form = page.locator('#estimate-form');
      await form.getByLabel(FORM_LABELS.name).fill('Sam Tester');
      await form.getByLabel(FORM_LABELS.phone).fill('(604) 555-0100');
      await form.getByLabel(FORM_LABELS.area).selectOption(CITY);
      await sent(page, form);
    } else {
      await page.keyboard.press('Escape');
    }
  }
  if (p === '/') {
    const form = page.locator('#contact-form');
    await form.getByLabel(FORM_LABELS.name).fill('Alex Example');
    await form.getByLabel(FORM_LABELS.phone).fill('(604) 555-0199');
    await form.getByLabel(FORM_LABELS.area).selectOption(CITY_NAMES[1]);
    await sent(page, form);
    // a short swipe: Preact moves the toast through element.style, which CSP allows
    const box = (await page.locator('.toast__body').boundingBox())!;
    await page.mouse.move(box.x + 10, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 40, box.y + box.height / 2, { steps: 3 });
    await page.mouse.up();
  }
  // the rest of the page: the reveal animation (it writes styles through the CSSOM) and the maps, whose frames a
  // press makes (frame-src)
  const cards = page.locator('.reveal');
  if (await cards.count()) {
    await cards.last().scrollIntoViewIfNeeded();
    const revealed = () => cards.last().evaluate((el) => el.classList.contains('is-visible'));
    await expect.poll(revealed, { message: 'the last card in view is revealed' }).toBe(true);
  }
  for (const map of await page.locator('.map').all()) {
    const src = new URL((await map.getAttribute('data-map-src'))!).href;
    await map.getByRole('button').click();
    const tried = () => page.requested.includes(src) || page.violations.length > 0;
    await expect.poll(tried, { message: `the frame a press makes asks for ${src}, or the CSP refuses it` }).toBe(true);
  }
}

/** Sends a quote form, the submit delay passed on the page's clock: its toast shows. */
async function sent(page: Page, form: Locator) {
  await form.locator('button[type=submit]').click();
  await page.clock.runFor(site.timing.submitDelay);
  await expect.poll(() => toastTitles(page), { message: 'a toast after the submit delay' }).toHaveLength(1);
}

describe('served with exactly those headers, in Chromium', () => {
  it('serves the CSP on the pages (the test server reads dist/_headers)', async () => {
    const res = await fetch(server.url + '/about');
    expect(res.headers.get('content-security-policy')).toBe(headersFor(rules, '/about')['Content-Security-Policy']);
  });

  it.each([...ROUTES, '/no-such-page'])(
    '%s: menu, FAQ, dialog and forms cause no CSP violation and no console error',
    async (p) => {
      const page = await cspPage(PHONE);
      const res = await page.goto(server.url + p);
      expect(res!.headers()['content-security-policy']).toBeTruthy();
      // the hashed head script ran: it marks the document before paint
      expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(true);
      await exercise(page, p);
      expect(page.violations).toEqual([]);
      expect(page.errors).toEqual([]);
    },
    60_000,
  );

  it("runs the redirect stubs' hashed script under the CSP", async () => {
    const page = await cspPage();
    for (const [from, to] of REDIRECTS) {
      await page.goto(server.url + from + '?ref=csp');
      const [target, hash] = to.split('#');
      await expect.poll(() => page.url()).toBe(server.url + target + '?ref=csp' + (hash ? `#${hash}` : ''));
    }
    expect(page.violations).toEqual([]);
    expect(page.errors).toEqual([]);
  }, 60_000);

  it('would catch a violation: with the script hashes taken out, the head script is refused', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'csp-control-'));
    const copy = path.join(tmp, 'dist');
    cpSync(siteDir(), copy, { recursive: true });
    const file = path.join(copy, '_headers');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(/script-src [^;]*/g, (d) => d.replace(/ 'sha256-[^']+'/g, '')),
    );
    const broken = await serve(copy, { withHeaders: true });
    try {
      const page = await cspPage();
      await page.goto(broken.url + '/');
      await expect.poll(() => page.violations.length).toBeGreaterThan(0);
      expect(page.violations[0]).toMatch(/script-src/);
      expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(false);
    } finally {
      await broken.close();
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('would catch a violation: with the style hashes taken out, the inline stylesheet is refused and the page is unstyled', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'csp-style-control-'));
    const copy = path.join(tmp, 'dist');
    cpSync(siteDir(), copy, { recursive: true });
    const file = path.join(copy, '_headers');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/(style-src 'self')( 'sha256-[^']+')+/, '$1'));
    const broken = await serve(copy, { withHeaders: true });
    try {
      const page = await cspPage(PHONE);
      await page.goto(broken.url + '/about');
      await expect.poll(() => page.violations.length).toBeGreaterThan(0);
      expect(page.violations[0]).toMatch(/style-src/);
      // unstyled: the mobile menu, hidden by the stylesheet, shows
      expect(await page.locator('.mobile-menu__panel').isVisible()).toBe(true);
    } finally {
      await broken.close();
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
