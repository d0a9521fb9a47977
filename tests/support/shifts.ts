// Layout shifts as the browser reports them, from the start of a page's load, leaving out those after input.
import type { Page } from 'playwright-core';

/** Starts recording before the page's own scripts: each shift as its value and the start of the nodes that moved. */
export async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: string[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Node }[] }[])
        if (!e.hadRecentInput)
          w.shifts.push(`${e.value.toFixed(4)} ${e.sources.map((s) => (s.node as Element)?.outerHTML?.slice(0, 50)).join(' | ')}`);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts recorded so far. */
export const shifts = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { shifts: string[] }).shifts);
