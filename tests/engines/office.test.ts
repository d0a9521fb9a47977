// The office's side of a request, in each engine: a real request sent from the contact form to a receiver on loopback
// (forms.delivery: endpoint), its office link opened on a phone's screen. The page shows the request (who, where,
// what, the windows in order) fitting the screen, each window's Book link is the editor's booking address for its day
// and window; the same link with one character changed is refused in words with nothing to book; the site's server
// never received the request (no address it was asked for, and no referrer, holds the link's code, the customer's name
// or phone); and axe finds nothing on the page (in Chromium). What the link holds and each refusal's case, the
// confirmation and the calendar file: tests/build/office.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { windowText } from '../../editor/browser/office-actions.ts';
import { OFFICE_FIELD, sentWindow } from '../../templates/model/office-link.ts';
import { bookingPath, OFFICE_PATH } from '../../templates/model/constants.ts';
import { WCAG_TAGS } from '../support/axe.ts';
import { CITY_NAMES, site } from '../support/facts.ts';
import { Fixture } from '../support/fixture.ts';
import { officeValues } from '../support/site.ts';
import { fillQuote, QUOTE } from '../support/quote-form.ts';
import { startReceiver, type Receiver } from '../support/receiver.ts';
import { until } from '../support/engines/journeys.ts';
import { AXE_PATH, serveSite, type SiteServer } from '../support/engines/site-server.ts';
import { ENGINES, PHONE, useEngines } from '../support/engines/use-engines.ts';

const open = useEngines();
const fx = new Fixture();
let receiver: Receiver;
let server: SiteServer;

beforeAll(async () => {
  receiver = await startReceiver();
  fx.setDelivery('endpoint', `${receiver.url}/f/quotes`);
  fx.setTiming('submitDelay', 0); // what is checked here is what the office sees, not how long Sending... shows
  await fx.build();
  server = await serveSite(fx.out);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await receiver?.close();
  fx.remove();
});

/** In the page: what the office page shows, as a reader reads it, and what it offers. */
const shown = () => ({
  refusal: document.querySelector('.office__refusal')?.textContent ?? null,
  facts: [...document.querySelectorAll('.office__facts dd')].map((d) => (d as HTMLElement).innerText.split('\n')),
  windows: [...document.querySelectorAll('.office__when')].map((w) => w.textContent),
  book: [...document.querySelectorAll<HTMLAnchorElement>('a.office__book')].map((a) => a.getAttribute('href')),
  fits: document.documentElement.scrollWidth <= innerWidth,
});

describe.skipIf(!site.visits)('the office link of a request', () => {
  describe.each(ENGINES)('%s', (engine) => {
    it('opened on a phone shows the request and books each window in the editor; changed by hand, it is refused and books nothing; the server never sees it', async () => {
      receiver.posts.length = 0;
      const page = await open(engine, { viewport: PHONE });
      await page.goto(`${server.url}/`);
      await fillQuote(page, '#contact-form');
      // two windows in order of preference, the later first
      const offered = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLOptionElement>('#contact-form [name="visit1"] [data-until]')].map((o) => o.value),
      );
      const chosen = offered.slice(0, 2).reverse();
      for (const [i, value] of chosen.entries()) await page.select(`#contact-form [name="visit${i + 1}"]`, value);
      await page.click('#contact-form button[type="submit"]');
      await receiver.waitFor(1, 30_000);
      const link = receiver.posts[0].fields[OFFICE_FIELD];
      expect(link.startsWith(`${server.url}${OFFICE_PATH}#`), `${engine}: ${link}`).toBe(true);

      const before = server.requests.length;
      await page.goto(link);
      const windows = chosen.map((v) => sentWindow(v)!);
      await until(page, 'the request shown', shown).toEqual({
        refusal: null,
        facts: [[QUOTE.name, QUOTE.phone], [QUOTE.address, CITY_NAMES[1]], [QUOTE.message]],
        windows: windows.map((w) => w.words),
        book: windows.map((w) => bookingPath(w.date, windowText(w))),
        fits: true,
      });

      // one character of the request changed: refused in words, nothing to book, nothing of it shown
      const [body, sum] = new URL(link).hash.slice(1).split('.');
      const changed = `${body.slice(0, 10)}${body[10] === 'A' ? 'B' : 'A'}${body.slice(11)}.${sum}`;
      await page.goto(`${server.url}${OFFICE_PATH}#${changed}`);
      await until(page, 'the changed link refused', shown).toEqual({
        refusal: officeValues(fx.out).words.tampered,
        facts: [],
        windows: [],
        book: [],
        fits: true,
      });

      // what the page asked the server for: its own files, and nothing that carries the request
      const asked = server.requests.slice(before);
      for (const r of asked)
        for (const secret of [body.slice(0, 24), QUOTE.name, encodeURIComponent(QUOTE.name), QUOTE.phone, encodeURIComponent(QUOTE.phone)])
          expect(r.includes(secret), `${engine}: ${r}`).toBe(false);
      // the page, its script and its stylesheet, each beside it (once the browser has them, maybe not again)
      const paths = new Set(asked.map((r) => new URL(r.split(' ')[1]).pathname));
      expect([...paths].every((p) => p.startsWith(OFFICE_PATH)) && paths.has(OFFICE_PATH), `${engine}: ${asked.join('; ')}`).toBe(true);
      expect(receiver.posts, `${engine}: the form service got the one request, and nothing from the office page`).toHaveLength(1);
      // axe at phone width, in Chromium (its rules read the markup and the styles, the same in every engine), on the request
      if (engine === 'chromium') {
        await page.goto(link);
        await until(page, 'the request shown again', () => document.querySelectorAll('a.office__book').length > 0).toBe(true);
        const found = await page.evaluate(
          async (src, tags) => {
            await new Promise((ok, failed) =>
              document.head.append(Object.assign(document.createElement('script'), { src, onload: ok, onerror: failed })),
            );
            const r = await (window as any).axe.run(document, { runOnly: { type: 'tag', values: tags } });
            return r.violations.map((v: { id: string }) => v.id) as string[];
          },
          AXE_PATH,
          WCAG_TAGS,
        );
        expect(found, 'axe on the office page').toEqual([]);
      }
    });
  });
});
