// Layout shifts as the browser reports them, from the start of a page's load, leaving out those after input.
import type { Page } from 'puppeteer-core';

type Shifted = { takeShifts(): string[] };

/** Starts recording before the page's own scripts: each shift as its value, the scroll position, and each node that
 *  moved (the start of its markup, "in the header" when it is in the site's header) with its boxes before and after. */
export const recordShifts = (page: Page) =>
  page.evaluateOnNewDocument(() => {
    type Shift = { value: number; hadRecentInput: boolean; sources: { node?: Element; previousRect: DOMRect; currentRect: DOMRect }[] };
    const shifts: string[] = [];
    const note = (entries: PerformanceEntryList) => {
      for (const e of entries as unknown as Shift[]) {
        if (e.hadRecentInput) continue;
        const nodes = e.sources.map(
          (s) =>
            `${s.node?.closest?.('.site-header') ? 'in the header ' : ''}${s.node?.outerHTML?.slice(0, 50)} ` +
            `${JSON.stringify(s.previousRect)} -> ${JSON.stringify(s.currentRect)}`,
        );
        shifts.push(`${e.value.toFixed(5)} at ${Math.round(scrollY)}: ${nodes.join(' | ')}`);
      }
    };
    const observer = new PerformanceObserver((list) => note(list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    // what the observer has seen, and what it has queued but not yet handed to its callback
    (window as unknown as Shifted).takeShifts = () => (note(observer.takeRecords()), shifts);
  });

/** The shifts recorded so far, two frames on, so that a shift of the last layout has been reported. */
export const shifts = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return (window as unknown as Shifted).takeShifts();
  });
