// What no build on this machine can go below: starting Node, starting it with tsx (as `npm run build` does),
// loading the bundled build code, and just writing N pages of a post page's size into an empty folder on tmpfs.
//   npx tsx tests/bench/floor.ts [N ...] [--runs 5]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildCodeFile } from '../../generator/build-code.ts';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
const sizes = args.filter((a, i) => /^\d+$/.test(a) && i !== runsAt + 1).map(Number);
if (!sizes.length) sizes.push(1000, 4000, 10000);
const PAGE_BYTES = 25_000; // about a post page of the benchmark's (24.5 KB)
const base = existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
const root = path.resolve(import.meta.dirname, '../..');

/** Median wall milliseconds of a fresh process, spawn to exit. */
function timed(label: string, argv: string[]) {
  const ms: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const t = performance.now();
    const r = spawnSync(process.execPath, argv, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
    if (r.status !== 0) throw new Error(`${label} failed: ${r.stderr}`);
    if (i) ms.push(performance.now() - t); // the first run warms the file cache
  }
  ms.sort((a, b) => a - b);
  console.log(`${label.padEnd(62)} ${ms[ms.length >> 1].toFixed(0).padStart(6)} ms`);
}

const bundle = pathToFileURL(await buildCodeFile()).href;
const write = (n: number, threads: number) => `
  import { mkdirSync, writeFileSync } from 'node:fs';
  import { Worker, isMainThread, workerData } from 'node:worker_threads';
  const page = 'x'.repeat(${PAGE_BYTES});
  const go = (dir, from, step) => { for (let i = from; i < ${n}; i += step) writeFileSync(dir + '/post-' + i + '.html', page); };
  if (isMainThread) {
    const dir = process.argv[1];
    mkdirSync(dir, { recursive: true });
    const helpers = Array.from({ length: ${threads - 1} }, (_, k) =>
      new Promise((ok) => new Worker(new URL(import.meta.url), { workerData: { dir, from: k + 1 } }).once('exit', ok)));
    go(dir, 0, ${threads});
    await Promise.all(helpers);
  } else go(workerData.dir, workerData.from, ${threads});`;

console.log(`Floor on ${os.cpus().length} CPU(s), Node ${process.version}; medians of ${runs} fresh processes`);
timed('node, doing nothing', ['-e', '0']);
timed('node --import tsx, doing nothing', ['--import', 'tsx', '-e', '0']);
timed('node --import tsx, loading the bundled build code', [
  '--import',
  'tsx',
  '--input-type=module',
  '-e',
  `await import(${JSON.stringify(bundle)})`,
]);
const dir = mkdtempSync(path.join(base, 'floor-'));
try {
  for (const n of sizes)
    for (const threads of [1, 2]) {
      const data = `data:text/javascript,${encodeURIComponent(write(n, threads))}`;
      const out = path.join(dir, 'out');
      const ms: number[] = [];
      for (let i = 0; i <= runs; i++) {
        rmSync(out, { recursive: true, force: true });
        const t = performance.now();
        const r = spawnSync(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(data)})`, out], {
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        if (r.status !== 0) throw new Error(`writing failed: ${r.stderr}`);
        if (i) ms.push(performance.now() - t);
      }
      ms.sort((a, b) => a - b);
      console.log(
        `${`node, writing ${n} files of ${PAGE_BYTES / 1000} KB on ${threads} thread${threads > 1 ? 's' : ''}`.padEnd(62)} ${ms[
          ms.length >> 1
        ]
          .toFixed(0)
          .padStart(6)} ms`,
      );
    }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
