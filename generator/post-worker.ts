// A helper thread of the post pipeline (generator/posts.ts): runs the jobs the main thread hands it.
import './env.ts';
import { parentPort } from 'node:worker_threads';
import { renderPostQueue, type PostJob } from './posts.ts';
import { trace } from './trace.ts';

trace('ready');
parentPort!.on('message', async (job: PostJob) => {
  try {
    parentPort!.postMessage({ batch: await renderPostQueue(job) });
  } catch (e) {
    parentPort!.postMessage({ error: String((e as Error).stack ?? e) });
  }
});
