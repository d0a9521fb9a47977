// `npm run dev`: builds, serves dist/ on localhost, rebuilds on every save and reloads the open tab.
// A broken save prints the error and keeps serving the last good build.
import { existsSync, promises as fs, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import sirv, { type RequestHandler } from 'sirv';
import type { BuildOptions } from '../build-site.ts';
import { ROOT } from '../root.ts';
import { contentType } from '../content-types.ts';
import { rel } from '../errors.ts';
import { EDITOR_PATH } from '../../templates/model/constants.ts';
import { IMMUTABLE_CACHE } from '../host-files.ts';
import { notLiveYet } from '../deploy-context.ts';
import type { DevBuildReply, DevBuildRequest } from './build-worker.ts';
import { DEV_BUILD, devPhotosDir, receive } from './receiver.ts';

/** Every quote request the dev server receives, one JSON object a line, beside the served folder (git-ignored). */
export const devFormsLog = (out: string) => path.join(path.dirname(path.resolve(out)), 'quote-requests.dev.jsonl');

/** The folders of code (not content): a change there starts a fresh build worker, so templates load afresh. */
const CODE = ['build.ts', 'generator', 'editor', 'templates', 'client', 'styles'];
const isCodeFile = (file: string) => /\.(tsx?|css)$/.test(file);

/** The live reload (client/dev-reload.ts): its events' address, and its script's, which every page served gets. */
const RELOAD = '/__reload';
const RELOAD_TAG = `<script type="module" src="${RELOAD}.js"></script>`;
const PORT_TRIES = 20; // 8080 taken: 8081, 8082, ... as Vite does

/** Clean URLs the way static hosts resolve them: /about -> about.html, /blog/ -> blog/index.html. Kept by hand beside
 *  sirv, which streams a file as it is: a page the dev server serves gets the live reload's script (and the tests'
 *  server, tests/support/server.ts, adds the hosts' headers and compression to every file). */
export function resolveFile(root: string, urlPath: string): string | null {
  let p: string;
  try {
    p = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const base = path.join(root, path.normalize(p));
  if (!base.startsWith(path.resolve(root))) return null;
  for (const candidate of [base, `${base.replace(/\/$/, '')}.html`, path.join(base, 'index.html')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The build worker (worker-start.js, which loads build-worker.ts through tsx): a new one loads changed templates afresh. */
function startBuildWorker(): Worker {
  const worker = new Worker(new URL('./worker-start.js', import.meta.url.replace(/\?.*$/, '')));
  worker.on('error', () => {}); // each build listens for its own failure; between builds one must not end the dev server
  return worker;
}

/** client/dev-reload.ts as the browser runs it. */
async function reloadScript(): Promise<string> {
  const { build } = await import('esbuild');
  const r = await build({
    entryPoints: [path.join(ROOT, 'client/dev-reload.ts')],
    bundle: true,
    format: 'esm',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  return r.outputFiles[0].text;
}

export async function dev(opts: BuildOptions & { port: number }) {
  const http = await import('node:http');
  const { watch } = await import('chokidar');
  const clients = new Set<ServerResponse>();
  let worker: Worker | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let codeChanged = true;
  let placeholders = ''; // the placeholders' warnings last printed

  const runBuild = (): Promise<DevBuildReply> => {
    if (codeChanged || !worker) {
      void worker?.terminate();
      worker = startBuildWorker();
      codeChanged = false;
    }
    const w = worker;
    return new Promise((resolve) => {
      const crashed = (e: unknown) => {
        codeChanged = true; // start a fresh worker next time
        resolve({ ok: false, error: String((e as Error).stack ?? e) });
      };
      w.once('error', crashed);
      w.once('message', (m: DevBuildReply) => {
        w.off('error', crashed);
        resolve(m);
      });
      w.postMessage({ opts: { content: opts.content, out: opts.out, static: opts.static, ...DEV_BUILD } } satisfies DevBuildRequest);
    });
  };
  const rebuild = async (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        const started = performance.now();
        const r = await runBuild();
        const ms = Math.round(performance.now() - started);
        if (r.ok) {
          for (const w of r.warnings ?? []) console.warn(`[dev] warning: ${w}`);
          // the settings still at a placeholder (placeholders.ts): on the first build, and again when they change
          const listed = r.placeholders ?? [];
          if (listed.join('\n') !== placeholders && listed.length) {
            for (const w of listed) console.warn(`[dev] warning: ${w}`);
            console.warn(`[dev] ${notLiveYet(listed.length)}`);
          }
          placeholders = listed.join('\n');
          console.log(`[dev] rebuilt in ${ms} ms`);
          for (const c of clients) c.write('data: reload\n\n');
        } else {
          console.error(`[dev] build failed; still serving the last good build.\n${r.error}`);
        }
      } while (again);
      running = null;
    })();
    return running;
  };

  const [reload] = await Promise.all([reloadScript(), rebuild()]);
  const files = staticFiles(opts.out);
  const server = http.createServer((req, res) => {
    if (req.method === 'POST') void receive(req, res, devFormsLog(opts.out), console.log);
    else serve(opts.out, files, req, res, clients, reload);
  });
  // awaitWriteFinish: a save is seen once its size has held for 30 ms, never half-written
  const code = CODE.map((d) => path.join(ROOT, d));
  const watcher = watch([opts.content, opts.static, ...code], {
    ignoreInitial: true,
    awaitWriteFinish: { stabilityThreshold: 30, pollInterval: 10 },
  });
  watcher.on('all', (_event, file) => {
    if (isCodeFile(file) && !file.startsWith(opts.content)) codeChanged = true;
    void rebuild();
  });
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve())); // a save from now on is seen; only then say so

  const port = await listen(server, opts.port).catch(async (e) => {
    await Promise.all([watcher.close(), worker?.terminate()]); // nothing may keep the process alive
    throw e;
  });
  console.log(`[dev] serving ${rel(opts.out)} at http://localhost:${port}`);
  const formsLog = devFormsLog(opts.out);
  console.log(
    `[dev] quote requests come here, whatever forms.delivery says: printed below and kept in ${rel(formsLog)}, their photos in ${rel(devPhotosDir(formsLog))}`,
  );

  // Ctrl-C, SIGTERM or the parent's death (npm killed) stops everything this process started.
  let stopping = false;
  const stop = (why: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[dev] stopping (${why})`);
    for (const c of clients) c.end();
    server.close();
    server.closeAllConnections();
    void Promise.all([watcher.close(), worker?.terminate()]).finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stop(signal));
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop('its parent process ended');
  }, 500).unref();
}

/** Listens on `port`, or the next free one; says so in one line when it moves. */
function listen(server: import('node:http').Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let tries = 0;
    const attempt = (p: number) => {
      const listening = () => {
        server.off('error', failed);
        resolve(p);
      };
      const failed = (e: NodeJS.ErrnoException) => {
        server.off('listening', listening);
        if (e.code === 'EADDRINUSE' && ++tries < PORT_TRIES) {
          console.log(`[dev] port ${p} is taken; trying ${p + 1}`);
          attempt(p + 1);
        } else reject(e.code === 'EADDRINUSE' ? new Error(`ports ${port} to ${p} are all taken; pass --port N`) : e);
      };
      server.once('listening', listening).once('error', failed);
      server.listen(p, '127.0.0.1');
    };
    attempt(port);
  });
}

/** Every file of `out` that is not a page, served by sirv as it is on disk now (a rebuild's files at once), with the
 *  project's content types; asset names carry their content's hash, as in production: a reload after a save fetches
 *  only the page. */
const staticFiles = (out: string) =>
  sirv(out, {
    dev: true,
    extensions: [],
    setHeaders: (res, pathname) => {
      res.setHeader('content-type', contentType(pathname));
      res.setHeader('cache-control', pathname.startsWith('/assets/') ? IMMUTABLE_CACHE : 'no-store');
    },
  });

function serve(
  out: string,
  files: RequestHandler,
  req: IncomingMessage,
  res: ServerResponse,
  clients: Set<ServerResponse>,
  reload: string,
) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === `${RELOAD}.js`) {
    res.writeHead(200, { 'content-type': contentType('x.js'), 'cache-control': 'no-store' });
    return void res.end(reload);
  }
  if (url.pathname === RELOAD) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(': connected\n\n');
    clients.add(res);
    req.on('close', () => clients.delete(res));
    return;
  }
  const page = resolveFile(out, url.pathname);
  if (page?.endsWith('.html')) return void servePage(res, page, 200, url.pathname);
  files(req, res, () => void servePage(res, path.join(out, '404.html'), 404, url.pathname));
}

/** A page, with the live reload's script; not the editor's: a reload after each of its saves would throw away what it shows. */
async function servePage(res: ServerResponse, file: string, status: number, urlPath: string) {
  try {
    const html = await fs.readFile(file, 'utf8');
    res.writeHead(status, { 'content-type': contentType(file), 'cache-control': 'no-store' });
    res.end(urlPath.startsWith(EDITOR_PATH) ? html : html.replace('</body>', `${RELOAD_TAG}</body>`));
  } catch {
    res.writeHead(404).end('Not found');
  }
}
