// A helper thread of the post pipeline (generator/posts.ts): runs the jobs the main thread hands it. It is part of
// the bundled build code (build-code.ts), and starts only in a thread started as a post helper.
import './env.ts';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { POST_HELPER, renderPostQueue, type PostJob } from './posts.ts';
import { trace } from './trace.ts';

if (!isMainThread && (workerData as { role?: string } | null)?.role === POST_HELPER) {
  trace('ready');
  parentPort!.on('message', async (job: PostJob) => {
    try {
      parentPort!.postMessage({ batch: await renderPostQueue(job) });
    } catch (e) {
      parentPort!.postMessage({ error: String((e as Error).stack ?? e) });
    }
  });
}
