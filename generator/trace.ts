// BUILD_TRACE=1 prints when each phase ends, in ms since the main thread started (helper threads included).
import { isMainThread, threadId } from 'node:worker_threads';

if (isMainThread) process.env.BUILD_TRACE_T0 ??= String(performance.timeOrigin);

export const trace = process.env.BUILD_TRACE
  ? (label: string) =>
      process.stderr.write(
        `[trace] ${(performance.timeOrigin + performance.now() - Number(process.env.BUILD_TRACE_T0)).toFixed(0).padStart(5)} ms ${
          isMainThread ? 'main' : `thread ${threadId}`
        }: ${label}\n`,
      )
  : (_label: string) => {};
