// The post pipeline: blog posts parsed, rendered and written on every core. Each thread takes the next few
// files from a shared counter and does all the work for them itself; only summaries come back.
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread, Worker } from 'node:worker_threads';
import type { PostSummary, Site } from '../templates/model.ts';
import { renderPage } from '../templates/render.tsx';
import { loadPost, summarize, type PostHold } from './content.ts';
import { toRecord, type ContentError, type ErrorRecord } from './errors.ts';
import { markdownFor, type LinkRef } from './markdown.ts';
import { Writer } from './output.ts';
import { fileForPath, postRoute } from './routes.ts';
import { trace } from './trace.ts';

const PARALLEL_FROM = 300; // posts; below this a second thread costs more to start than it saves
const MAX_THREADS = 4; // each thread holds its own copy of the templates and the site model
const CHUNK = 16; // posts taken from the queue at a time: small enough to balance, large enough to be cheap
/** The workerData role of a post helper: the bundled build code starts the post worker in such a thread. */
export const POST_HELPER = 'post-helper';

/** How many threads to start besides the main one. */
export function helperCount(posts: number, threads?: number): number {
  const wanted = threads ?? (posts >= PARALLEL_FROM ? availableParallelism() : 1);
  return Math.max(0, Math.min(wanted, MAX_THREADS) - 1);
}

/** The blog's share of a build: every thread runs the same queue over `files`. */
export interface PostJob {
  site: Site;
  files: string[];
  blogDir: string;
  tmp: string;
  next: SharedArrayBuffer;
  imageProblems: Record<string, string>; // photos of content/images/ that cannot be used, and why
  hold: PostHold; // which posts wait: drafts, and posts dated later
}
/** What one thread hands back: summaries for the index, sitemap and feed; links and errors to check once. */
export interface PostBatch {
  posts: PostSummary[];
  links: LinkRef[];
  errors: ErrorRecord[];
  written: number;
}

/** Takes posts from the job's queue until it is empty; writes each page; returns what the listings need. */
export async function renderPostQueue(job: PostJob, writer = new Writer(job.tmp)): Promise<PostBatch> {
  const md = markdownFor({ ...job.site, imageProblems: job.imageProblems });
  const errors: ContentError[] = [];
  const posts: PostSummary[] = [];
  const next = new Int32Array(job.next);
  const before = writer.done();
  for (let from = Atomics.add(next, 0, CHUNK); from < job.files.length; from = Atomics.add(next, 0, CHUNK)) {
    for (const name of job.files.slice(from, from + CHUNK)) {
      const post = loadPost(path.join(job.blogDir, name), md, errors, undefined, job.hold);
      if (!post) continue;
      writer.put(fileForPath(post.path), renderPage(postRoute(post), job.site));
      posts.push(summarize(post));
    }
    // The main thread lets its helpers' start-up and messages through between chunks.
    if (isMainThread) await new Promise((resolve) => setImmediate(resolve));
  }
  errors.push(...md.takeErrors());
  trace(`${posts.length} posts written`);
  return { posts, links: md.links, errors: errors.map(toRecord), written: writer.done() - before };
}

type Helper = Worker & { failures: unknown[] };

/**
 * Threads that render blog posts next to the main one. They start from `workerFile`, the bundled build code
 * (build-code.ts), whose post-worker.ts takes jobs when it finds itself in a helper thread. The caller names the
 * file, so the build's own modules never import the bundler that bundles them.
 */
export class PostHelpers {
  private workers: Promise<Helper[]>;
  private ready: Helper[] | null = null;

  constructor(count: number, workerFile: string | Promise<string> | undefined) {
    const spawn = (file: string) =>
      Array.from({ length: count }, () => {
        trace('helper thread starting');
        const worker = new Worker(pathToFileURL(file), { execArgv: [], workerData: { role: POST_HELPER } });
        const failures: unknown[] = [];
        worker.on('error', (e) => failures.push(e)); // kept for run(); never an uncaught crash
        return Object.assign(worker, { failures });
      });
    // Spawned as soon as the bundle is known (at once when it is cached), so start-up overlaps all of the build.
    // Without a bundle (none given, or the code could not be bundled) the main thread takes every post.
    this.workers = count && workerFile ? Promise.resolve(workerFile).then(spawn, () => []) : Promise.resolve([]);
    this.workers.then(
      (workers) => (this.ready = workers),
      () => {},
    ); // a failure is reported by run()
  }

  /** Hands the job to every helper (at once when they are up), and resolves with what each did. */
  run(job: PostJob): Promise<PostBatch[]> {
    return this.ready ? this.give(this.ready, job) : this.workers.then((workers) => this.give(workers, job));
  }

  private give(workers: Helper[], job: PostJob): Promise<PostBatch[]> {
    return Promise.all(
      workers.map(
        (worker) =>
          new Promise<PostBatch>((resolve, reject) => {
            if (worker.failures.length) return reject(worker.failures[0]);
            worker.once('message', (m: { batch?: PostBatch; error?: string }) =>
              m.error ? reject(new Error(m.error)) : resolve(m.batch!),
            );
            worker.once('error', reject);
            worker.once('exit', (code) => reject(new Error(`a post worker stopped (exit code ${code}) before finishing`)));
            worker.postMessage(job);
          }),
      ),
    );
  }

  async stop() {
    const workers = await this.workers.catch(() => []);
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
