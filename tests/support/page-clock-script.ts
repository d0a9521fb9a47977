// Runs in the page before its own scripts (tests/support/page-clock.ts bundles it): the page's setTimeout, clearTimeout
// and Date on @sinonjs/fake-timers, and a record of its script errors. Time flows as usual (the clock moves itself on
// every 20 ms of real time) until a test pauses it; then timers fire only as the test moves it. The site's scripts use
// no other timer; requestAnimationFrame and CSS keep real time, as they do for a visitor.
import { withGlobal } from '@sinonjs/fake-timers';

/** Where the clock starts (ms since the epoch; null: now), and whether it starts paused: set before it (page-clock.ts). */
declare const __clockFrom: { start: number | null; paused: boolean };

const clock = withGlobal(window).install({
  now: __clockFrom.start ?? Date.now(),
  toFake: ['setTimeout', 'clearTimeout', 'Date'],
  shouldAdvanceTime: !__clockFrom.paused,
});
const w = window as unknown as { __clock: unknown; __errors: string[] };
w.__clock = {
  /** Stops the page's time where it is; returns it. */
  pause: () => (clock.setTickMode({ mode: 'manual' }), clock.now),
  /** Moves the paused time on by `ms`, firing each timer due on the way (a promise it starts settles before the next). */
  tick: (ms: number) => clock.tickAsync(ms).then(() => undefined),
  /** Lets time flow again. */
  resume: () => clock.setTickMode({ mode: 'interval', delta: 20 }),
};

const errors: string[] = (w.__errors = []);
addEventListener('error', (e) => errors.push(`${e.message} (${e.filename}:${e.lineno})`));
addEventListener('unhandledrejection', (e) => errors.push(`unhandled rejection: ${e.reason}`));
const consoleError = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args.map(String).join(' '));
  consoleError.apply(console, args);
};
