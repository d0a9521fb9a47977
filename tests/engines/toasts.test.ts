// Toasts and the estimate buttons in each engine, at a phone's width and a desktop's: once the estimate form is sent, no
// toast covers a control the visitor can still use (in the open dialog, the page being inert there, or the estimate
// buttons the visitor came back to), and an estimate button pressed before the estimate file has arrived says it is busy.
// Checked to fail: without the rule that puts the region in the dialog's flow (styles/toasts.css, .dialog .toasts)
// the dialog's Send button is under the success toast in all three engines at both widths.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, site, SERVICE_PATHS } from '../support/facts.ts';
import { fillQuote, until } from '../support/engines/journeys.ts';
import { serveSite, type SiteServer } from '../support/engines/site-server.ts';
import { clock, ENGINES, PHONE, scriptErrors, useEngines, type EnginePage } from '../support/engines/use-engines.ts';
import { siteDir } from '../support/site.ts';

const open = useEngines();
let server: SiteServer;
beforeAll(async () => {
  server = await serveSite(siteDir());
});
afterAll(() => server?.close());

const WIDTHS = [
  ['phone', PHONE],
  ['desktop', { width: 1366, height: 900 }],
] as const;
const CONTROLS = '#estimate-dialog :is(a[href], button, input:not([type="hidden"]), select, textarea, summary)';

/**
 * The controls `selector` matches that the visitor sees now (inside the viewport and their dialog's box, not hidden),
 * each with whether a toast is over a point of it (its middle and its corners, 2 px in), as elementFromPoint finds.
 */
const underToasts = (page: EnginePage, selector: string) =>
  page.evaluate((s) => {
    const toasts = document.getElementById('toasts')!;
    const seen: { control: string; covered: boolean }[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(s)) {
      const style = getComputedStyle(el);
      if (toasts.contains(el) || style.visibility !== 'visible' || style.opacity === '0') continue;
      const r = el.getBoundingClientRect();
      const box = el.closest('dialog')?.getBoundingClientRect() ?? { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
      const [left, top] = [Math.max(r.left, box.left, 0), Math.max(r.top, box.top, 0)];
      const [right, bottom] = [Math.min(r.right, box.right, innerWidth), Math.min(r.bottom, box.bottom, innerHeight)];
      if (right - left < 4 || bottom - top < 4) continue;
      const points = [
        [(left + right) / 2, (top + bottom) / 2],
        [left + 2, top + 2],
        [right - 2, top + 2],
        [left + 2, bottom - 2],
        [right - 2, bottom - 2],
      ];
      const covered = points.some(([x, y]) => toasts.contains(document.elementFromPoint(x, y)));
      seen.push({ control: `${el.tagName.toLowerCase()}.${el.className} ${el.textContent?.trim().slice(0, 30) ?? ''}`, covered });
    }
    return seen;
  }, selector);

/** The controls under a toast, of those `selector` matches; fails when there is no toast or no such control. */
async function covered(page: EnginePage, selector: string, where: string) {
  expect(await page.evaluate(() => document.querySelectorAll('#toasts .toast').length), `${page.engine}: a toast shows ${where}`).toBe(1);
  const seen = await underToasts(page, selector);
  expect(seen.length, `${page.engine}: controls seen ${where}`).toBeGreaterThan(0);
  return seen.filter((c) => c.covered).map((c) => c.control);
}
const scrollDialog = (page: EnginePage, to: 'start' | 'end') =>
  page.evaluate((t) => {
    const d = document.getElementById('estimate-dialog')!;
    d.scrollTop = t === 'start' ? 0 : d.scrollHeight;
  }, to);
const dialogOpen = (page: EnginePage) => page.evaluate(() => !!document.querySelector<HTMLDialogElement>('#estimate-dialog')?.open);

describe.each(ENGINES)('%s', (engine) => {
  it.each(WIDTHS)('the estimate form sent (%s): no toast over a control the visitor can still use', async (_, viewport) => {
    const page = await open(engine, { viewport });
    await page.goto(server.url + SERVICE_PATHS[0]);
    await until(page, 'the estimate file arrived', () => !!document.getElementById('estimate-dialog')).toBe(true);
    await page.click('main [data-estimate]');
    await until(page, 'the dialog opens', () => document.querySelector<HTMLDialogElement>('#estimate-dialog')!.open).toBe(true);
    await fillQuote(page, '#estimate-form');
    await clock.pause(page); // the toast stays while it is looked at
    await page.click('#estimate-form button[type="submit"]');
    await clock.tick(page, site.timing.submitDelay);
    await until(page, 'the success toast', () => document.querySelector('#toasts .toast__title')?.textContent).toBe(MESSAGES.dialogSent);
    expect(await dialogOpen(page), `${engine}: the dialog closed on sending`).toBe(false);
    // back on the page: the estimate buttons in view, the one the visitor came from among them
    expect(await covered(page, 'main [data-estimate]', 'on the page'), `${engine} at ${page.width} px`).toEqual([]);

    // the dialog opened again while the toast shows, then a failure the visitor must act on (Try again)
    await page.click('main [data-estimate]');
    await until(page, 'the dialog opens again', () => document.querySelector<HTMLDialogElement>('#estimate-dialog')!.open).toBe(true);
    for (const to of ['end', 'start'] as const) {
      await scrollDialog(page, to);
      expect(await covered(page, CONTROLS, `in the dialog, scrolled to its ${to}`), `${engine} at ${page.width} px`).toEqual([]);
    }
    await page.evaluate((title) => {
      const detail = { title, variant: 'destructive', action: { label: 'Try again', onClick: () => {} }, duration: Infinity };
      document.getElementById('toasts')!.dispatchEvent(new CustomEvent('toast', { detail }));
    }, MESSAGES.notSent);
    await until(page, 'the failure toast', () => document.querySelector('#toasts .toast__title')?.textContent).toBe(MESSAGES.notSent);
    for (const to of ['end', 'start'] as const) {
      await scrollDialog(page, to);
      expect(await covered(page, CONTROLS, `with a failure, scrolled to its ${to}`), `${engine} at ${page.width} px`).toEqual([]);
    }
    expect(await scriptErrors(page)).toEqual([]);
  });

  it('an estimate button pressed before the estimate file has arrived is busy until it has, then opens the dialog', async () => {
    let release = () => {};
    server.hold = { path: /^\/assets\/estimate-/, until: new Promise<void>((r) => (release = r)) };
    try {
      const page = await open(engine, { viewport: PHONE });
      await page.goto(server.url + SERVICE_PATHS[0]);
      await page.click('main [data-estimate]');
      const state = () =>
        page.evaluate(() => {
          const b = document.querySelector('main [data-estimate]')!;
          return {
            busy: b.getAttribute('aria-busy'),
            cursor: getComputedStyle(b).cursor,
            dialog: !!document.getElementById('estimate-dialog'),
          };
        });
      expect(await state(), `${engine}: busy, and seen to be, while the file is on its way`).toEqual({
        busy: 'true',
        cursor: 'progress',
        dialog: false,
      });
      release();
      await expect.poll(() => dialogOpen(page), { message: `${engine}: the dialog opens once the file has arrived` }).toBe(true);
      expect((await state()).busy, `${engine}: busy no more`).toBeNull();
      expect(await scriptErrors(page)).toEqual([]);
    } finally {
      release();
      server.hold = undefined;
    }
  });
});
