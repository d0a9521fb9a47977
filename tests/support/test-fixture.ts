// Fixtures a test removes when it ends, failed or not: apart from fixture.ts, which tools outside vitest (the audit,
// the benchmark) import too, since vitest's hooks exist only in a test run.
import { afterAll, beforeAll, onTestFinished } from 'vitest';
import type { BuildOptions, BuildResult } from '../../generator/build-site.ts';
import { Fixture } from './fixture.ts';

/** A fixture removed when the test that made it ends, failed or not. */
export function removedAfter<T extends Fixture>(fx: T): T {
  onTestFinished(() => fx.remove());
  return fx;
}
/** A new Fixture, removed when the test that made it ends. */
export const testFixture = () => removedAfter(new Fixture());

/** `fx` (a new Fixture unless given) changed by `prepare` and built with `opts` before the tests of the file or describe
 *  block that calls this, its build's result in `result` then; removed after them. */
export function builtFixture(prepare: (fx: Fixture) => unknown, opts: Partial<BuildOptions> = {}, fx = new Fixture()) {
  const built = Object.assign(fx, { result: undefined as unknown as BuildResult });
  beforeAll(async () => {
    await prepare(built);
    built.result = await built.build(opts);
  }, 180_000); // a build in a fixture, beside other test runs on a busy two-core machine
  afterAll(() => built.remove());
  return built;
}
