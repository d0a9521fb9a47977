// One page clock for both browser layers: ./page-clock-script.ts (@sinonjs/fake-timers) at the top of every page, served
// with the page in the engines layer (WebKit's WebDriver runs no script before a page's own: engines/site-server.ts)
// and added to every new document in Chromium (tests/support/use-chromium.ts). A test pauses the page's time and moves it,
// never waits it out: the submit delay, toasts, the send timeout, the head script's safety nets, the storm alert's end.
import { buildSync } from 'esbuild';
import { fileURLToPath } from 'node:url';

let bundled: string | undefined;
/** The clock script, its time starting at `start` (ms since the epoch), or now; `paused`: standing still until a test
 *  moves it, from before the page's first script. */
export function clockScript(start: number | null = null, paused = false): string {
  bundled ??= buildSync({
    entryPoints: [fileURLToPath(new URL('./page-clock-script.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
    external: ['util'], // fake-timers asks for it only under Node
  }).outputFiles[0].text;
  return `var __clockFrom = { start: ${JSON.stringify(start)}, paused: ${paused} };${bundled}`;
}

/** A page a test can run a script in: an engine's (tests/support/engines/driver.ts) or Chromium's (puppeteer-core). */
export interface Scriptable {
  evaluate<T>(fn: (...args: any[]) => T | Promise<T>, ...args: any[]): Promise<T>;
}
type InPage = { __clock: { pause(): number; tick(ms: number): Promise<void>; resume(): void }; __errors?: string[] };

/** The page's clock: paused (resolves to the page's time then), moved on by `ms`, let flow again. */
export const clock = {
  pause: (page: Scriptable) => page.evaluate(() => (window as unknown as InPage).__clock.pause()),
  tick: (page: Scriptable, ms: number) => page.evaluate((n: number) => (window as unknown as InPage).__clock.tick(n), ms),
  resume: (page: Scriptable) => page.evaluate(() => (window as unknown as InPage).__clock.resume()),
};

/** The script errors the page has seen since it loaded. */
export const scriptErrors = (page: Scriptable) => page.evaluate(() => (window as unknown as InPage).__errors ?? []);
