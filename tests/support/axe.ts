import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'puppeteer-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe-core in the page (through the debugger protocol, so a CSP cannot block it); returns readable violations. */
export async function axe(page: Page, include?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource); // once a document
  const violations = await page.evaluate(
    ([tags, inc]) =>
      (window as any).axe
        .run(inc ? { include: [inc] } : document, { runOnly: { type: 'tag', values: tags } })
        .then((r: any) => r.violations),
    [WCAG_TAGS, include ?? null] as const,
  );
  return violations.flatMap((v: any) =>
    v.nodes.map((n: any) => `${v.id}: ${n.target.join(' ')} ${n.failureSummary?.split('\n')[1] ?? ''}`),
  );
}
