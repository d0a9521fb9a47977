// The page's controls in each engine, on a phone: the mobile menu, the estimate dialog from each kind of estimate
// button, the FAQ accordion, and toasts on the page's own clock (tests/support/engines/page-clock.js).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITY_NAME, MESSAGES, site } from '../support/facts.ts';
import { fillQuote, marked, markVisible, until } from '../support/engines/journeys.ts';
import { serveSite, type SiteServer } from '../support/engines/site-server.ts';
import { clock, ENGINES, PHONE, scriptErrors, useEngines, type EnginePage } from '../support/engines/use-engines.ts';
import { siteDir } from '../support/site.ts';

const open = useEngines();
let server: SiteServer;
beforeAll(async () => {
  server = await serveSite(siteDir());
});
afterAll(() => server?.close());

const { submitDelay, toastContact } = site.timing;
const menuOpen = (page: EnginePage) => page.evaluate(() => document.getElementById('mobile-menu')!.classList.contains('is-open'));
const dialogOpen = (page: EnginePage) => page.evaluate(() => document.querySelector<HTMLDialogElement>('#estimate-dialog')!.open);
/** Whether the page keeps still under the open menu or dialog: the html element's overflow. */
const scrollLocked = (page: EnginePage) => page.evaluate(() => getComputedStyle(document.documentElement).overflow === 'hidden');
const focusIn = (page: EnginePage, selector: string) => page.evaluate((s) => !!document.activeElement?.closest(s), selector);
/** A point of the screen outside the element's box (its backdrop): left of it, else above it, else below it. */
const outside = (page: EnginePage, selector: string) =>
  page.evaluate((s) => {
    const r = document.querySelector(s)!.getBoundingClientRect();
    if (r.left > 8) return { x: r.left / 2, y: innerHeight / 2 };
    if (r.top > 8) return { x: innerWidth / 2, y: r.top / 2 };
    if (innerHeight - r.bottom > 8) return { x: innerWidth / 2, y: (r.bottom + innerHeight) / 2 };
    return null;
  }, selector);

// The dialog's title each page passes, and the Service Needed option it preselects (dialog.test.ts says how).
const DIALOG_TITLE: Record<string, string> = {
  ...Object.fromEntries(site.services.map((s) => [s.path, s.dialog.title])),
  '/about': site.about.dialog.title,
};
const preselected = (title: string) => (site.forms.dialogServices.includes(title) ? title : (site.forms.dialogPreselect[title] ?? ''));
/** One page of each kind of estimate button: a service page's hero (one that preselects a service where the content
 *  has one), a closing band far down a page, and the About page's (no description). */
const ESTIMATE_PAGES = [
  ...new Set(
    [
      site.services.find((s) => preselected(s.dialog.title))?.path ?? site.services[0].path,
      site.services.find((s) => s.closing.button.action === 'estimate')?.path,
      '/about',
    ].filter((p): p is string => !!p),
  ),
];
const FAQ_PAGE = [...site.services, ...site.cities].find((p) => p.faq.length > 2);

describe.each(ENGINES)('%s', (engine) => {
  it('the mobile menu opens on screen, locks scrolling and takes focus; closes by Escape, its close link, the backdrop and a link', async () => {
    const page = await open(engine, { viewport: PHONE });
    const city = site.cities[1];
    await page.goto(server.url + site.services[0].path);
    const closers: [string, () => Promise<unknown>][] = [
      ['Escape', () => page.press('Escape')],
      ['its close link', () => page.click('.mobile-menu__close')],
      [
        'the backdrop',
        async () => {
          const at = await outside(page, '.mobile-menu__panel');
          expect(at, `${engine}: some backdrop beside the menu`).not.toBeNull();
          await page.clickAt(at!.x, at!.y);
        },
      ],
    ];
    for (const [how, close] of closers) {
      await page.click('.menu-toggle');
      await until(page, 'the menu opens', () => document.getElementById('mobile-menu')!.classList.contains('is-open')).toBe(true);
      // on screen: the panel has slid in, whole, by the time it has finished moving
      await until(page, 'the menu panel is on screen', () => {
        const r = document.querySelector('.mobile-menu__panel')!.getBoundingClientRect();
        return r.width > 0 && r.left >= 0 && Math.round(r.right) <= innerWidth;
      }).toBe(true);
      expect(await scrollLocked(page), `${engine}: scrolling locked under the menu`).toBe(true);
      expect(await focusIn(page, '#mobile-menu'), `${engine}: focus in the menu`).toBe(true);
      await close();
      await until(page, `the menu closes by ${how}`, () => document.getElementById('mobile-menu')!.classList.contains('is-open')).toBe(
        false,
      );
      expect(await scrollLocked(page), `${engine}: scrolling back after ${how}`).toBe(false);
      if (how !== 'the backdrop')
        expect(await focusIn(page, '.menu-toggle'), `${engine}: focus back on the toggle after ${how}`).toBe(true);
    }
    await page.click('.menu-toggle');
    await until(page, 'the menu opens', () => document.getElementById('mobile-menu')!.classList.contains('is-open')).toBe(true);
    await page.click(`#mobile-menu a[href="${city.path}"]`);
    await expect.poll(() => page.url(), { message: `${engine}: the menu's link leads to ${city.path}` }).toBe(server.url + city.path);
    await until(page, 'the city page shows', () => document.querySelector('h1')?.textContent ?? '').toContain(CITY_NAME[city.slug]);
    expect(await menuOpen(page)).toBe(false);
    expect(await scriptErrors(page)).toEqual([]);
  });

  it.each(ESTIMATE_PAGES)(
    '%s: each estimate button opens the dialog with its service filled in; button, Escape and backdrop close it, focus returns',
    async (path) => {
      const page = await open(engine, { viewport: PHONE });
      await page.goto(server.url + path);
      const title = DIALOG_TITLE[path];
      const buttons = await markVisible(page, '[data-estimate]');
      expect(buttons, `${engine}: estimate buttons on ${path}`).toBeGreaterThan(0);
      const closers: [string, () => Promise<unknown>][] = [
        ['its close button', () => page.click('#estimate-dialog [data-dialog-close]')],
        ['Escape', () => page.press('Escape')],
        [
          'the backdrop',
          async () => {
            const at = await outside(page, '#estimate-dialog');
            expect(at, `${engine}: some backdrop around the dialog`).not.toBeNull();
            await page.clickAt(at!.x, at!.y);
          },
        ],
      ];
      for (let i = 0; i < buttons; i++) {
        // every way of closing after the first button; Escape after the others
        for (const [how, close] of i === 0 ? closers : closers.slice(1, 2)) {
          await page.click(marked(i));
          await until(
            page,
            `the dialog opens from button ${i + 1}`,
            () => document.querySelector<HTMLDialogElement>('#estimate-dialog')!.open,
          ).toBe(true);
          expect(await page.url()).toBe(server.url + path); // the button's link to the form was not followed
          const shown = await page.evaluate(() => ({
            title: document.getElementById('estimate-service-title')!.textContent,
            service: (document.querySelector('#estimate-form [name="service"]') as HTMLSelectElement).value,
            modal: document.querySelector('#estimate-dialog')!.matches(':modal'),
          }));
          expect(shown, `${engine}: the dialog from button ${i + 1} on ${path}`).toEqual({
            title,
            service: preselected(title),
            modal: true,
          });
          expect(await focusIn(page, '#estimate-form [name="name"]'), `${engine}: focus on the name field`).toBe(true);
          expect(await scrollLocked(page), `${engine}: scrolling locked under the dialog`).toBe(true);
          await close();
          await until(page, `the dialog closes by ${how}`, () => document.querySelector<HTMLDialogElement>('#estimate-dialog')!.open).toBe(
            false,
          );
          // the browser gives focus back as the dialog closes, its close event lets the page scroll a task later
          await until(page, `focus back on button ${i + 1} after ${how}`, (s) => document.activeElement?.matches(s), marked(i)).toBe(true);
          await until(page, `scrolling back after ${how}`, () => getComputedStyle(document.documentElement).overflow).not.toBe('hidden');
        }
      }
      expect(await dialogOpen(page)).toBe(false);
      expect(await scriptErrors(page)).toEqual([]);
    },
  );

  it.skipIf(!FAQ_PAGE)('the FAQ opens one answer at a time, by click and by keyboard', async () => {
    const page = await open(engine, { viewport: PHONE });
    await page.goto(server.url + FAQ_PAGE!.path);
    const n = FAQ_PAGE!.faq.length;
    const only = (i: number | null) => Array.from({ length: n }, (_, k) => k === i);
    const states = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLDetailsElement>('main details.faq__item')].map(
          (d) => d.open && d.querySelector('.faq__answer')!.getClientRects().length > 0,
        ),
      );
    const summary = (i: number) => `main details.faq__item:nth-of-type(${i + 1}) > summary`;
    expect(await states()).toEqual(only(null));
    await page.click(summary(0));
    await expect.poll(states, { message: `${engine}: the first answer, alone` }).toEqual(only(0));
    await page.click(summary(1));
    await expect.poll(states, { message: `${engine}: the second answer, alone` }).toEqual(only(1));
    await page.click(summary(1));
    await expect.poll(states, { message: `${engine}: none open again` }).toEqual(only(null));
    // by keyboard: Enter and Space on a question
    await page.evaluate((s) => document.querySelector<HTMLElement>(s)!.focus(), summary(2));
    await page.press('Enter');
    await expect.poll(states, { message: `${engine}: Enter opens the third answer` }).toEqual(only(2));
    await page.evaluate((s) => document.querySelector<HTMLElement>(s)!.focus(), summary(0));
    await page.press('Space');
    await expect.poll(states, { message: `${engine}: Space opens the first, closing the third` }).toEqual(only(0));
    await page.press('Enter');
    await expect.poll(states, { message: `${engine}: Enter closes it` }).toEqual(only(null));
    expect(await scriptErrors(page)).toEqual([]);
  });

  it(`a toast shows after the ${submitDelay} ms send, stays ${toastContact} ms on the page's clock, and closes by its button`, async () => {
    const page = await open(engine, { viewport: PHONE });
    await page.goto(server.url + '/');
    const toasts = () => page.evaluate(() => [...document.querySelectorAll('#toasts .toast__title')].map((t) => t.textContent));
    await clock.pause(page);
    await fillQuote(page, '#contact-form');
    await page.click('#contact-form button[type="submit"]');
    await clock.tick(page, submitDelay - 1);
    expect(await toasts(), `${engine}: no toast ${submitDelay - 1} ms after sending`).toEqual([]);
    await clock.tick(page, 1);
    await expect.poll(toasts, { message: `${engine}: the toast ${submitDelay} ms after sending` }).toEqual([MESSAGES.sent]);
    await clock.tick(page, toastContact - 1);
    expect(await toasts(), `${engine}: the toast ${toastContact - 1} ms later`).toEqual([MESSAGES.sent]);
    await clock.tick(page, 1);
    await expect.poll(toasts, { message: `${engine}: the toast gone after ${toastContact} ms` }).toEqual([]);
    // sent again, and closed by its button long before its time
    await fillQuote(page, '#contact-form');
    await page.click('#contact-form button[type="submit"]');
    await clock.tick(page, submitDelay);
    await expect.poll(toasts, { message: `${engine}: the second toast` }).toEqual([MESSAGES.sent]);
    await page.click('#toasts .toast__close');
    await expect.poll(toasts, { message: `${engine}: the toast closed by its button` }).toEqual([]);
    expect(await scriptErrors(page)).toEqual([]);
  });
});
