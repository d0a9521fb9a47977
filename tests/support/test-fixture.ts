// Fixtures a test removes when it ends, failed or not: apart from fixture.ts, which tools outside vitest (the audit,
// the benchmark) import too, since vitest's hooks exist only in a test run.
import { onTestFinished } from 'vitest';
import { Fixture } from './fixture.ts';

/** A fixture removed when the test that made it ends, failed or not. */
export function removedAfter<T extends Fixture>(fx: T): T {
  onTestFinished(() => fx.remove());
  return fx;
}
/** A new Fixture, removed when the test that made it ends. */
export const testFixture = () => removedAfter(new Fixture());
