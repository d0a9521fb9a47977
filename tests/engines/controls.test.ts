// The page's controls in each engine: the mobile menu, the Services dropdown, the estimate dialog from a button of
// each place, the FAQ accordion, both forms' sending and the toasts on the page's own clock
// (tests/support/page-clock.ts), no toast over a control the visitor can still use, and an estimate button busy
// until its file has arrived. The same controls without JavaScript: tests/engines/requests.test.ts.
// Checked to fail: with the toast region floating at the foot of the screen (position: fixed in styles/toasts.css, as it
// was), the review bar's link is under the dialog's success toast, and the contact details under the contact form's;
// with the dialog kept open until its toast ended (as it was), the dialog is found open 1 s after Send; in all three
// engines at both widths.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { CITY_NAME, CITY_NAMES, FORM_LABELS, MESSAGES, message, SERVICE_PATHS, site, TITLE_SUFFIX } from '../support/facts.ts';
import { dialogIs, faq, FAQ_PAGE, shownValues, until } from '../support/engines/journeys.ts';
import { serveSite, type SiteServer } from '../support/engines/site-server.ts';
import { clock, DESKTOP, ENGINES, PHONE, useEngines, type EnginePage } from '../support/engines/use-engines.ts';
import type { Point } from '../support/engines/driver.ts';
import { fold, html, siteDir } from '../support/site.ts';
import { fillQuote, QUOTE, toastTitles } from '../support/quote-form.ts';
import { windowsIn } from '../support/visits.ts';
import { VISIT_FIELDS } from '../../templates/model/constants.ts';

const open = useEngines({ oneVisit: true }); // the journeys here keep nothing in storage
let server: SiteServer;
beforeAll(async () => {
  server = await serveSite(siteDir());
});
afterAll(() => server?.close());

const { submitDelay, toastContact, toastDialog, toastDefault, swipeThreshold } = site.timing;
/** A phone, and a laptop's screen as the team checks its pages. */
const SCREENS = [
  ['phone', PHONE],
  ['desktop', { width: 1366, height: 768 }],
] as const;
/** One look (one WebDriver round trip in WebKit): the form's send button (its words, disabled), the toasts' titles, the
 *  first toast's description, whether the dialog is open. */
const state = (page: EnginePage, form = '#contact-form') =>
  page.evaluate((f) => {
    const b = document.querySelector<HTMLButtonElement>(`${f} button[type="submit"]`);
    return [
      [b?.textContent, b?.disabled],
      [...document.querySelectorAll('#toasts .toast__title')].map((t) => t.textContent),
      document.querySelector('#toasts .toast__description')?.textContent ?? null,
      !!document.querySelector<HTMLDialogElement>('#estimate-dialog')?.open,
    ] as const;
  }, form);
const box = (page: EnginePage, selector: string) =>
  page.evaluate((s) => document.querySelector(s)!.getBoundingClientRect().toJSON() as Point & { width: number; height: number }, selector);
/** A click on the screen outside the element's box (its backdrop): left of it, else above it, else below it. */
async function clickOutside(page: EnginePage, selector: string) {
  // once it has slid or faded in: measured mid-slide, the point beside it can be where it comes to rest
  await until(page, `${selector} at rest`, (s) => document.querySelector(s)!.getAnimations().length, selector).toBe(0);
  const at = await page.evaluate((s) => {
    const r = document.querySelector(s)!.getBoundingClientRect();
    if (r.left > 8) return { x: r.left / 2, y: innerHeight / 2 };
    if (r.top > 8) return { x: innerWidth / 2, y: r.top / 2 };
    if (innerHeight - r.bottom > 8) return { x: innerWidth / 2, y: (r.bottom + innerHeight) / 2 };
    return null;
  }, selector);
  expect(at, `${page.engine}: some backdrop beside ${selector}`).not.toBeNull();
  await page.clickAt(at!.x, at!.y);
}
/** Marks the visible elements `selector` matches with data-engines-target="0", "1", ... and returns how many, so a
 *  journey can click each in turn by a selector of its own. */
const markVisible = (page: EnginePage, selector: string) =>
  page.evaluate((s) => {
    const visible = [...document.querySelectorAll<HTMLElement>(s)].filter((e) => e.getClientRects().length > 0);
    visible.forEach((e, i) => (e.dataset.enginesTarget = String(i)));
    return visible.length;
  }, selector);
const marked = (i: number) => `[data-engines-target="${i}"]`;

/** The ways a visitor closes a modal: its close button, Escape, and a click on the backdrop beside `panel`. */
const closers = (page: EnginePage, button: string, panel: string): [string, () => Promise<unknown>][] => [
  ['its close button', () => page.click(button)],
  ['Escape', () => page.press('Escape')],
  ['the backdrop', () => clickOutside(page, panel)],
];
/** Shows a toast as any part of the page can: a `toast` event on the live region. */
const showToast = (page: EnginePage, detail: { title: string; variant?: 'destructive'; duration?: number }) =>
  page.evaluate((d) => void document.getElementById('toasts')!.dispatchEvent(new CustomEvent('toast', { detail: d })), detail);

// The dialog each page's estimate buttons open (its content's dialog.title and description), and the Service Needed
// option it preselects: an option of the same name, else site.yaml forms.dialogPreselect, else nothing.
const DIALOG: Record<string, { title: string; description?: string }> = {
  ...Object.fromEntries(site.services.map((s) => [s.path, s.dialog])),
  '/about': site.about.dialog,
};
const preselected = (title: string) => (site.forms.dialogServices.includes(title) ? title : (site.forms.dialogPreselect[title] ?? ''));
const PAGES = [...SERVICE_PATHS, '/about'];
/** The pages whose buttons stand for every estimate button, in every engine: one script opens the dialog from any of
 *  them with what the button and its page carry (client/first-visit/estimate.ts), which the build writes on every page
 *  (tests/build/pages.test.ts). A service page's hero and its closing band far down the page, a service whose title
 *  the content maps to an option (forms.dialogPreselect) where one does, and About's closing band (no description,
 *  nothing preselected). Every way of closing after a page's first button, Escape after the others. */
const estimateAt = (s: (typeof site.services)[number]) =>
  s.heroButtons.some((b) => b.action === 'estimate') && s.closing.button.action === 'estimate';
const mapped = (title: string) => !site.forms.dialogServices.includes(title) && !!site.forms.dialogPreselect[title];
const BUTTON_PAGES = [
  (site.services.find((s) => estimateAt(s) && mapped(s.dialog.title)) ?? site.services.find(estimateAt) ?? site.services[0]).path,
  '/about',
];
/** A page whose dialog preselects a service, where the content has one: the reset must bring it back. */
const PRESELECTING_PAGE = PAGES.find((p) => preselected(DIALOG[p].title)) ?? PAGES[0];

/**
 * The controls `selector` matches that the visitor sees now (inside the viewport and their dialog's box, not hidden)
 * and a toast covers at a point (their middle or a corner, 2 px in), as elementFromPoint finds; fails when there is no
 * toast or no such control.
 */
async function covered(page: EnginePage, selector: string, where: string) {
  expect(await page.evaluate(() => document.querySelectorAll('#toasts .toast').length), `${page.engine}: a toast shows ${where}`).toBe(1);
  const seen = await page.evaluate((s) => {
    const toasts = document.getElementById('toasts')!;
    const found: { control: string; covered: boolean }[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(s)) {
      const style = getComputedStyle(el);
      if (toasts.contains(el) || style.visibility !== 'visible' || style.opacity === '0') continue;
      const r = el.getBoundingClientRect();
      const b = el.closest('dialog')?.getBoundingClientRect() ?? { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
      const [left, top] = [Math.max(r.left, b.left, 0), Math.max(r.top, b.top, 0)];
      const [right, bottom] = [Math.min(r.right, b.right, innerWidth), Math.min(r.bottom, b.bottom, innerHeight)];
      if (right - left < 4 || bottom - top < 4) continue;
      const corners = [left + 2, right - 2].flatMap((x) => [top + 2, bottom - 2].map((y) => [x, y]));
      const points = [[(left + right) / 2, (top + bottom) / 2], ...corners];
      const control = `${el.tagName.toLowerCase()}.${el.className} ${el.textContent?.trim().slice(0, 30) ?? ''}`;
      found.push({ control, covered: points.some(([x, y]) => toasts.contains(document.elementFromPoint(x, y))) });
    }
    return found;
  }, selector);
  expect(seen.length, `${page.engine}: controls seen ${where}`).toBeGreaterThan(0);
  return seen.filter((c) => c.covered).map((c) => c.control);
}
const CONTROLS = ':is(a[href], button, input:not([type="hidden"]), select, textarea, summary)';
/** Sends the filled form on the paused clock: Sending... on its disabled button for submitDelay ms (in its dialog,
 *  open), then one toast with these words, the button as it was, the form emptied and its dialog closed. */
async function sendOnClock(page: EnginePage, form: string, title: string, description: string) {
  const submit = `${form} button[type="submit"]`;
  const [idle, , , inDialog] = await state(page, form);
  await page.click(submit);
  await until(page, 'Sending... on the pressed button', (s) => document.querySelector(s)!.textContent, submit).toBe(MESSAGES.sending);
  await clock.tick(page, submitDelay - 1);
  const sending = [[MESSAGES.sending, true], [], null, inDialog];
  expect(await state(page, form), `${page.engine}: ${submitDelay - 1} ms after sending`).toEqual(sending);
  await clock.tick(page, 1);
  await expect.poll(() => toastTitles(page), { message: `${page.engine}: the toast ${submitDelay} ms after sending` }).toEqual([title]);
  expect(await state(page, form), `${page.engine}: sent`).toEqual([idle, [title], description, false]);
  expect(Object.values(await shownValues(page, form)), `${page.engine}: the form cleared`).toEqual(['', '', '', '', '']);
}
/** The toast `title` still there `ms` - 1 ms later, gone at `ms`; no dialog open meanwhile. */
async function toastGoes(page: EnginePage, ms: number, title: string) {
  await clock.tick(page, ms - 1);
  const [, titles, , dialog] = await state(page);
  expect([titles, dialog], `${page.engine}: the toast ${ms - 1} ms later`).toEqual([[title], false]);
  await clock.tick(page, 1);
  await expect.poll(() => toastTitles(page), { message: `${page.engine}: the toast gone after ${ms} ms` }).toEqual([]);
  await dialogIs(page, false, `no dialog after ${ms} ms`);
}
/** No toast over a control of the open dialog, scrolled to its end and to its start. */
async function dialogUncovered(page: EnginePage, toast: string) {
  for (const to of ['end', 'start'] as const) {
    await page.evaluate((t) => {
      const d = document.getElementById('estimate-dialog')!;
      d.scrollTop = t === 'start' ? 0 : d.scrollHeight;
    }, to);
    const where = `in the dialog with ${toast}, scrolled to its ${to}`;
    expect(await covered(page, `#estimate-dialog ${CONTROLS}`, where), `${page.engine} at ${page.width} px ${where}`).toEqual([]);
  }
}

describe.each(ENGINES)('%s', (engine) => {
  it('the mobile menu opens on screen as a labelled dialog, locks scrolling and takes focus; closes by its close link, Escape, the backdrop and a link', async () => {
    const page = await open(engine, { viewport: PHONE });
    const city = site.cities[1];
    await page.goto(server.url + '/');
    /** The menu in one look (one WebDriver round trip in WebKit): shown and wholly on screen, its toggle's state, the
     *  page's scroll locked, focus in it or on its toggle, and what it is named as: a dialog named by the menu's title
     *  (its links: tests/build/navigation.test.ts). */
    const menu = () =>
      page.evaluate(() => {
        const r = document.querySelector('.mobile-menu__panel')!.getBoundingClientRect();
        const m = document.getElementById('mobile-menu')!;
        return {
          shown: document.querySelector('.mobile-menu__panel')!.checkVisibility({ visibilityProperty: true }),
          onScreen: r.width > 0 && r.left >= 0 && Math.round(r.right) <= innerWidth,
          expanded: document.querySelector('.menu-toggle')!.getAttribute('aria-expanded'),
          locked: getComputedStyle(document.documentElement).overflow === 'hidden',
          focusIn: !!document.activeElement?.closest('#mobile-menu'),
          focusOnToggle: !!document.activeElement?.closest('.menu-toggle'),
          as: ['role', 'aria-label'].map((a) => m.getAttribute(a)),
          desktopNav: document.querySelector('.main-nav')!.getClientRects().length > 0,
        };
      });
    expect(await menu(), `${engine}: closed, no desktop nav`).toMatchObject({ shown: false, expanded: 'false', desktopNav: false });
    const link = `its link to ${city.path}`;
    const ways: [string, () => Promise<unknown>][] = [
      ...closers(page, '.mobile-menu__close', '.mobile-menu__panel'),
      // on the home page, Contact closes it and scrolls to the form; a link to another page leads there
      ['Contact', () => page.click('#mobile-menu a[href="#contact"]')],
      [link, () => page.click(`#mobile-menu a[href="${city.path}"]`)],
    ];
    for (const [how, close] of ways) {
      await page.click('.menu-toggle');
      // polled: the script moves focus as it opens the menu, and WebKitGTK on a loaded machine has been seen to report
      // it a moment later
      const opened = { shown: true, onScreen: true, expanded: 'true', locked: true, focusIn: true, as: ['dialog', site.header.mobileMenu] };
      await expect.poll(menu, { message: `${engine}: the menu opens on screen, locks scrolling, takes focus` }).toMatchObject(opened);
      await close();
      if (how === 'Contact')
        await until(page, "#contact's distance from the top of the screen", () =>
          Math.abs(document.getElementById('contact')!.getBoundingClientRect().top),
        ).toBeLessThan(200);
      if (how === link) {
        await expect.poll(() => page.url(), { message: `${engine}: the menu's link leads to ${city.path}` }).toBe(server.url + city.path);
        await until(page, 'the city page shows', () => document.querySelector('h1')?.textContent ?? '').toContain(CITY_NAME[city.slug]);
      }
      // the focus back on the toggle after its close button and Escape
      const closed = { shown: false, locked: false, ...(how === 'its close button' || how === 'Escape' ? { focusOnToggle: true } : {}) };
      await expect.poll(menu, { message: `${engine}: the menu closes by ${how}, scrolling back` }).toMatchObject(closed);
    }
  });
  it('the Services dropdown opens by a click and by Enter, Tab reaches its links; an outside click and Escape close it', async () => {
    const page = await open(engine, { viewport: DESKTOP });
    await page.goto(server.url + '/');
    const shown = (why: string) => until(page, why, () => document.querySelector('.dropdown__menu')!.checkVisibility());
    await shown('closed at first').toBe(false);
    await page.click('.dropdown__toggle');
    await shown('the dropdown opens').toBe(true);
    await page.clickAt(5, 600);
    await shown('an outside click closes it').toBe(false);
    await page.evaluate(() => document.querySelector<HTMLElement>('.dropdown__toggle')!.focus());
    await page.press('Enter');
    await page.press('Tab');
    await until(page, 'Tab reaches the first service', () => document.activeElement?.textContent?.trim()).toBe(site.services[0].name);
    await page.press('Escape');
    await shown('Escape closes it').toBe(false);
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('dropdown__toggle');
  });

  it("an estimate button of each place (a service's hero and closing band, About's) opens the modal dialog with its page's title, description, preselection and source; it closes and focus returns", async () => {
    const page = await open(engine, { viewport: PHONE });
    for (const path of BUTTON_PAGES) {
      await page.goto(server.url + path);
      const { title, description = '' } = DIALOG[path];
      const pageTitle = await page.evaluate((suffix) => {
        const t = document.title.replace(suffix, '');
        return t === document.body.dataset.pageTitle ? t : `${t} (data-page-title: ${document.body.dataset.pageTitle})`;
      }, TITLE_SUFFIX);
      expect(pageTitle.length).toBeGreaterThan(10);
      const buttons = await markVisible(page, '[data-estimate]');
      expect(buttons, `${engine}: estimate buttons on ${path}`).toBeGreaterThan(0);
      const ways = closers(page, '#estimate-dialog [data-dialog-close]', '#estimate-dialog');
      for (let i = 0; i < buttons; i++) {
        for (const [how, close] of i === 0 ? ways : ways.slice(1, 2)) {
          await page.click(marked(i));
          await dialogIs(page, true, `the dialog opens from button ${i + 1} on ${path}`);
          expect(await page.url()).toBe(server.url + path); // the button's link to the form was not followed
          const shown = await page.evaluate((b) => {
            const button = document.querySelector(b)!;
            const d = document.querySelector('#estimate-dialog')!;
            const description = d.querySelector('.dialog__service-description')!;
            return {
              button: [button.getAttribute('role'), button.getAttribute('aria-haspopup'), button.getAttribute('data-estimate')],
              heading: d.querySelector('h2')!.textContent,
              title: d.querySelector('.dialog__service-title')!.textContent,
              description: [description.textContent!.replace(/\s+/g, ' ').trim(), description.checkVisibility()],
              service: d.querySelector<HTMLSelectElement>('[name="service"]')!.value,
              source: d.querySelector<HTMLInputElement>('input[type="hidden"][name="source_page"]')!.value,
              modal: d.matches(':modal'),
              focus: !!document.activeElement?.closest('#estimate-form [name="name"]'),
              // the page keeps still under it: the html element's overflow
              scrollLocked: getComputedStyle(document.documentElement).overflow === 'hidden',
            };
          }, marked(i));
          expect(shown, `${engine}: the dialog from button ${i + 1} on ${path}`).toEqual({
            button: ['button', 'dialog', title],
            heading: FORM_LABELS.dialogTitle,
            title,
            description: [fold(description), !!description],
            service: preselected(title),
            source: pageTitle,
            modal: true,
            focus: true,
            scrollLocked: true,
          });
          await close();
          await dialogIs(page, false, `the dialog closes by ${how}`);
          // the browser gives focus back as the dialog closes, its close event lets the page scroll a task later
          await until(page, `focus back on button ${i + 1} after ${how}`, (s) => document.activeElement?.matches(s), marked(i)).toBe(true);
          await until(page, `scrolling back after ${how}`, () => getComputedStyle(document.documentElement).overflow).not.toBe('hidden');
        }
      }
    }
  }, 120_000); // in WebKit, eight opens and closes on a loaded machine

  it("the dialog's form: fresh on every open with the preselection back, focus kept inside, open under clicks inside and a drag out", async () => {
    const page = await open(engine, { viewport: DESKTOP });
    await page.goto(server.url + PRESELECTING_PAGE);
    const service = preselected(DIALOG[PRESELECTING_PAGE].title);
    await markVisible(page, '[data-estimate]');
    await page.click(marked(0));
    await dialogIs(page, true, 'the dialog opens');
    // filled and closed: the next open starts again, with the page's service
    await fillQuote(page, '#estimate-form', { area: CITY_NAMES.at(-1) });
    const other = site.forms.dialogServices.find((o) => o !== service)!;
    await page.select('#estimate-form [name="service"]', other);
    await page.click('#estimate-dialog [data-dialog-close]');
    await dialogIs(page, false, 'the dialog closes');
    await page.click(marked(0));
    await dialogIs(page, true, 'the dialog opens again');
    const fresh = { name: '', phone: '', serviceArea: '', message: '', service };
    expect(await shownValues(page, '#estimate-form'), `${engine}: a fresh form`).toEqual(fresh);

    // Tab and Shift+Tab go round the dialog's controls and never leave it, the photo picker among them (fillQuote waited
    // for the form's module to make it)
    const where = () =>
      page.evaluate(() =>
        document.activeElement!.closest('#estimate-dialog') ? document.activeElement!.id || document.activeElement!.className : null,
      );
    const seen = new Set<string | null>();
    for (let i = 0; i < 20; i++) {
      await page.press('Tab');
      seen.add(await where());
    }
    expect(seen.has(null), `${engine}: Tab left the dialog`).toBe(false);
    // close, six fields (the street address among them), the visit's choices and the photo picker (where site.yaml has
    // them), send
    const choices = await page.evaluate(() => document.querySelectorAll('#estimate-dialog .visits select').length);
    expect(choices).toBe(site.visits?.windows.length ? VISIT_FIELDS.length : 0);
    expect(seen.size, `${engine}: the controls Tab reached: ${[...seen].join(', ')}`).toBe(8 + choices + (site.forms.photos ? 1 : 0));
    for (let i = 0; i < 20; i++) {
      await page.press('Shift+Tab');
      expect(await where(), `${engine}: Shift+Tab left the dialog`).not.toBeNull();
    }
    // and wrap: Shift+Tab from the first control to the last, Tab back (WebKitGTK 2.50, driven by WebDriver, moved focus
    // from a close button focused by a script onto the dialog itself: an open question, see the engines record)
    if (engine !== 'webkit') {
      await page.evaluate(() => document.querySelector<HTMLElement>('#estimate-dialog [data-dialog-close]')!.focus());
      await page.press('Shift+Tab');
      expect(await page.evaluate(() => (document.activeElement as HTMLButtonElement).type)).toBe('submit');
      await page.press('Tab');
      expect(await page.evaluate(() => document.activeElement!.getAttribute('aria-label'))).toBe(FORM_LABELS.close);
    }

    // clicks in its padding and on its heading, and a drag from a field out over the backdrop, leave it open
    const d = await box(page, '#estimate-dialog');
    await page.clickAt(d.x + 4, d.y + d.height / 2);
    await page.clickAt(d.x + d.width / 2, d.y + d.height - 4);
    await page.click('#estimate-dialog h2');
    await dialogIs(page, true, 'open after clicks inside');
    await page.type('#estimate-form [name="name"]', 'Sam Tester');
    const name = await box(page, '#estimate-form [name="name"]');
    await page.drag({ x: name.x + 10, y: name.y + name.height / 2 }, { x: 4, y: name.y + name.height / 2 });
    await dialogIs(page, true, 'open after a drag out');
    expect((await shownValues(page, '#estimate-form')).name).toBe('Sam Tester');
  });

  it.skipIf(!FAQ_PAGE)('the FAQ opens one answer at a time, by click and by keyboard; closed answers hold no tab stop', async () => {
    const page = await open(engine, { viewport: PHONE });
    await page.goto(server.url + FAQ_PAGE!.path);
    const { summary } = faq;
    const focused = (i: number) => page.evaluate((s) => document.activeElement === document.querySelector(s), summary(i));
    const after = (step: () => Promise<unknown>, open: number | null, why: string) => faq.after(page, step, open, why);
    await after(async () => {}, null, 'all closed at first');
    await after(() => page.click(summary(0)), 0, 'the first answer, alone');
    await after(() => page.click(summary(1)), 1, 'the second answer, alone');
    await after(() => page.click(summary(1)), null, 'none open again');
    // by keyboard, from the tab stop before the FAQ: Tab, then Enter and Space on a question
    const before = await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      const stops = [
        ...document.querySelectorAll<HTMLElement>('a[href], button, summary, input, select, textarea, [tabindex]:not([tabindex="-1"])'),
      ].filter((el) => el.checkVisibility());
      const prev = stops[stops.indexOf(document.querySelector<HTMLElement>('main .faq__item > summary')!) - 1];
      prev.focus();
      return prev === document.activeElement && !prev.closest('.faq');
    });
    expect(before, `${engine}: the tab stop before the FAQ takes focus`).toBe(true);
    await page.press('Tab');
    expect(await focused(0), `${engine}: Tab reaches the first question`).toBe(true);
    await after(() => page.press('Enter'), 0, 'Enter opens the first answer');
    await after(() => page.press('Enter'), null, 'Enter closes it');
    await after(() => page.press('Space'), 0, 'Space opens it');
    await after(() => page.press('Space'), null, 'Space closes it');
    await page.press('Tab');
    expect(await focused(1), `${engine}: the next Tab lands on the second question`).toBe(true);
    await after(() => page.press('Space'), 1, 'Space opens the second');
    expect(await focused(1), `${engine}: focus stays on the question`).toBe(true);
    // its outline shows (not in WebKitGTK 2.50 driven by WebDriver: an open question, see the engines record)
    const outline = await page.evaluate((s) => document.querySelector(s)!.matches(':focus-visible'), summary(1));
    if (engine !== 'webkit') expect(outline, `${engine}: its outline`).toBe(true);
    await page.evaluate((s) => document.querySelector<HTMLElement>(s)!.focus(), summary(2));
    await after(() => page.press('Enter'), 2, 'Enter on the third closes the second');
  });

  it(`the contact form on the page's clock: Sending... for ${submitDelay} ms, a ${toastContact} ms toast, the form cleared; toasts replace, close and swipe away`, async () => {
    const page = await open(engine, { viewport: PHONE });
    await page.goto(server.url + '/');
    const form = '#contact-form';
    const toasts = () => toastTitles(page);
    await clock.pause(page);
    await fillQuote(page, form);
    await sendOnClock(page, form, MESSAGES.sent, MESSAGES.sentText);
    expect(await covered(page, CONTROLS, 'below the contact form'), `${engine}: controls under the toast`).toEqual([]);
    await toastGoes(page, toastContact, MESSAGES.sent);

    // one toast at a time: a newer one replaces it; its button closes it
    await showToast(page, { title: 'Older' });
    await expect.poll(toasts).toEqual(['Older']);
    await showToast(page, { title: 'Newer' });
    await expect.poll(toasts, { message: `${engine}: the newer toast instead` }).toEqual(['Newer']);
    await page.click('#toasts .toast__close');
    await expect.poll(toasts, { message: `${engine}: the toast closed by its button` }).toEqual([]);

    // a swipe shorter than the threshold springs back, a longer one dismisses it
    await showToast(page, { title: 'Swipe me' });
    await expect.poll(toasts).toEqual(['Swipe me']);
    const t = await box(page, '#toasts .toast__body');
    const y = t.y + t.height / 2;
    await page.drag({ x: t.x + 20, y }, { x: t.x + swipeThreshold, y });
    expect(await page.evaluate(() => document.querySelector<HTMLElement>('#toasts .toast')?.style.transform)).toBe('');
    await page.drag({ x: t.x + 20, y }, { x: t.x + 40 + swipeThreshold, y });
    await expect.poll(toasts, { message: `${engine}: swiped away` }).toEqual([]);

    // with no duration, a toast stays the default time; the destructive one is an alert
    await showToast(page, { title: 'Test', variant: 'destructive' });
    await expect.poll(toasts).toEqual(['Test']);
    expect(await page.evaluate(() => document.querySelector('#toasts .toast--destructive')?.getAttribute('role'))).toBe('alert');
    await toastGoes(page, toastDefault, 'Test');
  });

  it.each(SCREENS)(
    'the estimate visit (%s) by keyboard: Tab reaches the choices in order, arrow keys choose; a window whose time comes on a page left open goes, with no rebuild',
    async (_, viewport) => {
      const windows = windowsIn(html('/'));
      const first = windows[0];
      const later = windows.find((w) => w.until > first?.until);
      if (!later) return expect(site.visits?.windows.length ?? 0, 'windows on one day at most').toBeLessThan(2);
      server.clockStart = first.until - 60_000; // a minute before the first windows go
      onTestFinished(() => (server.clockStart = undefined));
      const page = await open(engine, { viewport });
      await page.goto(server.url + '/');
      const choices = () =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLSelectElement>('#contact-form .visits select')].map((s) => [
            s === document.activeElement,
            s.selectedOptions[0].text,
          ]),
        );
      const w = site.visits!.words;
      /** The three choices' words, focus on the `focused`th. */
      const shown = (focused: number, ...words: string[]) => words.map((t, i) => [i === focused, t]);
      await page.type('#contact-address', QUOTE.address);
      await page.press('Tab');
      expect(await choices(), `${engine}: Tab from the street address to the first choice`).toEqual(
        shown(0, w.noPreference, w.none, w.none),
      );
      for (let i = 0; i <= windows.indexOf(later); i++) await page.press('ArrowDown');
      await page.press('Tab');
      await page.press('ArrowDown');
      expect(await choices(), `${engine}: a later window first, the first window second`).toEqual(shown(1, later.text, first.text, w.none));
      // the first windows' time comes: back in the form, they are gone, and the choice of one with them
      const now = await clock.pause(page);
      await clock.tick(page, first.until - now);
      await page.press('Shift+Tab');
      expect(await choices(), `${engine}: the first choice kept, the passed one gone`).toEqual(shown(0, later.text, w.none, w.none));
      const left = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLOptionElement>('#contact-visit1 [data-until]')].map((o) => o.text),
      );
      expect(left, `${engine}: what is left is what has not passed`).toEqual(
        windows.filter((x) => x.until > first.until).map((x) => x.text),
      );
    },
  );

  it.each(SCREENS)(
    `the estimate form (%s): a button pressed before the estimate file has arrived is busy until it has; on the page's clock, Sending... with the dialog open for ${submitDelay} ms, then the dialog closed and a ${toastDialog} ms toast naming the city beside the button that opened it, where focus returns; no toast over a control the visitor can still use`,
    async (_, viewport) => {
      let release = () => {};
      server.hold = { path: /^\/assets\/estimate-/, until: new Promise<void>((r) => (release = r)) };
      onTestFinished(() => {
        release();
        server.hold = undefined;
      });
      const page = await open(engine, { viewport });
      await page.goto(server.url + SERVICE_PATHS.at(-1));
      await clock.pause(page);
      await markVisible(page, '[data-estimate]');
      await page.click(marked(0));
      const state = () =>
        page.evaluate((b) => {
          const el = document.querySelector(b)!;
          return {
            busy: el.getAttribute('aria-busy'),
            cursor: getComputedStyle(el).cursor,
            dialog: !!document.getElementById('estimate-dialog'),
          };
        }, marked(0));
      const busy = { busy: 'true', cursor: 'progress', dialog: false };
      expect(await state(), `${engine}: busy, and seen to be, while the file is on its way`).toEqual(busy);
      release();
      await dialogIs(page, true, 'the dialog opens once the file has arrived');
      expect((await state()).busy, `${engine}: busy no more`).toBeNull();
      const city = CITY_NAMES.at(-1)!;
      await fillQuote(page, '#estimate-form', { area: city });
      await sendOnClock(page, '#estimate-form', MESSAGES.dialogSent, message('dialogSentText', { area: city }));
      // the dialog closed, focus back on its button, the page scrolling again, and the toast in view in the page's flow
      // right after that button's row, over none of the page's controls in view
      await until(page, 'focus back on its button', (s) => document.activeElement?.matches(s), marked(0)).toBe(true);
      await until(page, 'scrolling back', () => getComputedStyle(document.documentElement).overflow).not.toBe('hidden');
      const inView = () => {
        const r = document.querySelector('#toasts .toast')!.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight;
      };
      await until(page, 'the toast in view', inView).toBe(true);
      expect(await covered(page, CONTROLS, 'on the page'), `${engine} at ${page.width} px: controls under the toast`).toEqual([]);
      await toastGoes(page, toastDialog, MESSAGES.dialogSent);
      // a failure the visitor must act on (Try again) shows below the form in the open dialog, as delivery.ts shows it,
      // covers nothing there either, and goes when the dialog is closed
      await page.click(marked(0));
      await dialogIs(page, true, 'the dialog opens again');
      await page.evaluate((title) => {
        const action = { label: 'Try again', onClick: () => {} };
        const detail = { title, variant: 'destructive', action, duration: Infinity, after: document.getElementById('estimate-form') };
        document.getElementById('toasts')!.dispatchEvent(new CustomEvent('toast', { detail }));
      }, MESSAGES.notSent);
      await until(page, 'the failure toast', () => document.querySelector('#toasts .toast__title')?.textContent).toBe(MESSAGES.notSent);
      await dialogUncovered(page, 'a failure');
      await page.click('#estimate-dialog [data-dialog-close]');
      await dialogIs(page, false, 'the dialog closes');
      // the dialog's close event, a task after it closes, ends its toast
      await expect.poll(() => toastTitles(page), { message: `${engine}: the failure went with the dialog` }).toEqual([]);
    },
  );
});
