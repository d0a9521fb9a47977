// The build side of `npm run dev`: a worker thread, replaced whenever code changes so templates load afresh.
import '../env.ts';
import { parentPort } from 'node:worker_threads';
import { build, type BuildOptions } from '../build-site.ts';
import { BuildFailed } from '../errors.ts';

export interface DevBuildRequest {
  opts: BuildOptions;
}
export type DevBuildReply = { ok: true; ms: number; warnings?: string[]; placeholders?: string[] } | { ok: false; error: string };

parentPort!.on('message', async ({ opts }: DevBuildRequest) => {
  const started = performance.now();
  try {
    const r = await build(opts);
    const placeholders = r.placeholders.map((e) => e.message);
    parentPort!.postMessage({ ok: true, ms: performance.now() - started, warnings: r.warnings, placeholders } satisfies DevBuildReply);
  } catch (e) {
    const error = e instanceof BuildFailed ? e.message : String((e as Error).stack ?? e);
    parentPort!.postMessage({ ok: false, error } satisfies DevBuildReply);
  }
});
