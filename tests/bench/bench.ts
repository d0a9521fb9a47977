// Build benchmark: the real content plus N synthetic blog posts, built in a fresh process each run.
//   npm run bench                     N = 1000, 5 runs
//   npm run bench -- 4000             another N (several: npm run bench -- 100 1000 4000)
//   npm run bench -- 1000 --runs 9    more runs
//   npm run bench -- 100 --keep       leave the temp folder (content + dist) for inspection
//   npm run bench -- 1000 --warm      keep the build's caches (node_modules/.cache) between runs; cold by default
//   npm run bench -- 0                the real content alone
//   npm run bench -- 1000 --against ../other-checkout   also build another checkout (main's, say) in turn: before/after
// Wall time is measured from spawn to exit of the command `npm run build` runs (package.json), so it includes
// starting Node and bundling the build's code. Cold: the output and the build's photo cache are deleted before every run.
// Each run is paired with a cold Eleventy build of the same posts (tests/bench/eleventy.ts, installed on first use)
// and, when Hugo is installed (apt-get install hugo), a cold Hugo build (tests/bench/hugo.ts), in turn; the table gives
// the ratios run by run, so they hold on a noisy machine.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { aptInstall } from '../support/browser.ts';
import { syntheticPost } from '../support/posts.ts';
import { ELEVENTY_VERSION, eleventyArgs, ensureEleventy, makeEleventySite } from './eleventy.ts';
import { hugoOnce, hugoVersion, makeHugoSite } from './hugo.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** `npm run build`'s command in a checkout, as its package.json writes it: node, then its arguments. */
function buildCommand(root: string): string[] {
  const command = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { build: string } }).scripts.build.split(
    ' ',
  );
  if (command[0] !== 'node') throw new Error(`${root}/package.json scripts.build must start with node: ${command.join(' ')}`);
  return command.slice(1);
}
const HUGO = hugoVersion();
const GNU_TIME = '/usr/bin/time';
const RSS_MARK = 'BENCH_MAX_RSS_KB=';
const CPU_MARK = 'BENCH_CPU_S=';

interface Options {
  sizes: number[];
  runs: number;
  keep: boolean;
  warm: boolean;
  against: string | null;
}

function parseArgs(argv: string[]): Options {
  const opts: Options = { sizes: [], runs: 5, keep: false, warm: false, against: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--keep') opts.keep = true;
    else if (a === '--warm') opts.warm = true;
    else if (a === '--against') opts.against = path.resolve(argv[++i] ?? '');
    else if (a === '--runs') {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 1) throw new Error('--runs needs a whole number of at least 1');
      opts.runs = n;
    } else if (/^\d+$/.test(a)) opts.sizes.push(Number(a));
    else throw new Error(`unknown argument ${a}; expected N (posts, default 1000), --runs R (default 5), --keep, --warm, --against DIR`);
  }
  if (!opts.sizes.length) opts.sizes.push(1000);
  return opts;
}

// ───────────────────────────── one build ─────────────────────────────

interface Run {
  ms: number;
  rssKb: number | null;
  cpuS: number | null;
}

/** Spawns a checkout's `npm run build` command and measures it (nodeOnce). */
function buildOnce(root: string, content: string, out: string): Promise<Run> {
  return nodeOnce(root, [...buildCommand(root), '--content', content, '--out', out, '--quiet']);
}

/** Spawns Node with these arguments and measures spawn-to-exit time, CPU time and the peak RSS of that process (GNU
 * time's: it reports the largest RSS of the process it waited for). */
function nodeOnce(cwd: string, nodeArgs: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const args = ['-f', `${RSS_MARK}%M ${CPU_MARK}%U+%S`, process.execPath, ...nodeArgs];
    const child = spawn(GNU_TIME, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      const mark = stderr.lastIndexOf(RSS_MARK);
      const rssKb = mark === -1 ? null : Number.parseInt(stderr.slice(mark + RSS_MARK.length), 10);
      const cpu = /BENCH_CPU_S=([\d.]+)\+([\d.]+)/.exec(stderr.slice(mark));
      if (code !== 0) {
        reject(new Error(`node ${nodeArgs.join(' ')} exited with ${code}:\n${stdout}${stderr.slice(0, mark === -1 ? undefined : mark)}`));
        return;
      }
      resolve({ ms, rssKb: Number.isFinite(rssKb) ? rssKb : null, cpuS: cpu ? Number(cpu[1]) + Number(cpu[2]) : null });
    });
  });
}

// ───────────────────────────── the benchmark ─────────────────────────────

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const medianCpu = (runs: Run[]) => {
  const cpu = runs.map((r) => r.cpuS).filter((c): c is number => c !== null);
  return cpu.length ? median(cpu) : null;
};
const cpuText = (run: Run) => (run.cpuS === null ? '?' : run.cpuS.toFixed(2));

interface Row {
  n: number;
  pages: number;
  medianMs: number;
  msPerPage: number;
  peakMb: number | null;
  cpuS: number | null;
  runsMs: number[];
  eleventyMs: number | null;
  eleventyCpuS: number | null;
  eleventyRatio: number | null;
  againstMs: number | null;
  againstCpuS: number | null;
  againstRatio: number | null;
  hugoMs: number | null;
  ratio: number | null;
}

async function bench(n: number, opts: Options, base: string, eleventy: string): Promise<Row> {
  const dir = mkdtempSync(path.join(base, `site-bench-${n}-`));
  const cleanUp = () => rmSync(dir, { recursive: true, force: true });
  const onSignal = () => {
    if (!opts.keep) cleanUp();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const content = path.join(dir, 'content');
    const out = path.join(dir, 'dist');
    cpSync(path.join(ROOT, 'content'), content, { recursive: true });
    mkdirSync(path.join(content, 'blog'), { recursive: true });
    const realPosts = readdirSync(path.join(content, 'blog')).filter((f) => f.endsWith('.md')).length;
    for (let i = 0; i < n; i++) {
      const post = syntheticPost(i);
      writeFileSync(path.join(content, 'blog', `${post.slug}.md`), post.text);
    }
    process.stdout.write(`N=${n}: ${n} synthetic + ${realPosts} real post(s) in ${dir}\n`);
    const hugoDir = path.join(dir, 'hugo');
    if (HUGO) makeHugoSite(hugoDir, n);
    const hugoRuns: number[] = [];
    const withEleventy = n > 0; // the real content alone has no counterpart
    const eleventyDir = path.join(dir, 'eleventy');
    if (withEleventy) makeEleventySite(eleventyDir, n);
    const eleventyRuns: Run[] = [];
    const againstRuns: Run[] = [];

    const runs: Run[] = [];
    const coldBuild = (root: string, into: string) => {
      rmSync(into, { recursive: true, force: true }); // every run builds into an empty folder, outside the timing
      if (!opts.warm) rmSync(path.join(root, 'node_modules/.cache/arborist-images'), { recursive: true, force: true });
      return buildOnce(root, content, into);
    };
    for (let r = 0; r < opts.runs; r++) {
      const run = await coldBuild(ROOT, out);
      runs.push(run);
      if (opts.against) againstRuns.push(await coldBuild(opts.against, path.join(dir, 'dist-against')));
      if (withEleventy) eleventyRuns.push(await nodeOnce(eleventyDir, eleventyArgs(eleventy, eleventyDir, path.join(dir, 'eleventy-out'))));
      if (HUGO) hugoRuns.push(await hugoOnce(hugoDir, path.join(dir, 'hugo-out')));
      process.stdout.write(
        `  run ${r + 1}/${opts.runs}: ${Math.round(run.ms)} ms wall, ${cpuText(run)} s CPU, ` +
          `peak ${run.rssKb === null ? '?' : (run.rssKb / 1024).toFixed(0)} MB` +
          `${opts.against ? `; against ${Math.round(againstRuns[r].ms)} ms, ${cpuText(againstRuns[r])} s CPU` : ''}` +
          `${withEleventy ? `; Eleventy ${Math.round(eleventyRuns[r].ms)} ms, ${cpuText(eleventyRuns[r])} s CPU` : ''}${HUGO ? `; Hugo ${Math.round(hugoRuns[r])} ms` : ''}\n`,
      );
    }

    // Pages built: every route is in the sitemap; check each synthetic post really got its page.
    const pages = (readFileSync(path.join(out, 'sitemap.xml'), 'utf8').match(/<url>/g) ?? []).length;
    const postPages = readdirSync(path.join(out, 'blog')).filter((f) => f.endsWith('.html')).length;
    if (postPages !== n + realPosts) throw new Error(`expected ${n + realPosts} post pages in ${out}/blog, found ${postPages}`);

    const medianMs = median(runs.map((r) => r.ms));
    const rss = runs.map((r) => r.rssKb).filter((k): k is number => k !== null);
    return {
      n,
      pages,
      medianMs,
      msPerPage: medianMs / pages,
      peakMb: rss.length ? Math.max(...rss) / 1024 : null,
      cpuS: medianCpu(runs),
      runsMs: runs.map((r) => r.ms),
      eleventyMs: eleventyRuns.length ? median(eleventyRuns.map((r) => r.ms)) : null,
      eleventyCpuS: medianCpu(eleventyRuns),
      eleventyRatio: eleventyRuns.length ? median(runs.map((r, i) => r.ms / eleventyRuns[i].ms)) : null,
      againstMs: againstRuns.length ? median(againstRuns.map((r) => r.ms)) : null,
      againstCpuS: medianCpu(againstRuns),
      againstRatio: againstRuns.length ? median(runs.map((r, i) => r.ms / againstRuns[i].ms)) : null,
      hugoMs: hugoRuns.length ? median(hugoRuns) : null,
      ratio: hugoRuns.length ? median(runs.map((r, i) => r.ms / hugoRuns[i])) : null,
    };
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (opts.keep) process.stdout.write(`  kept ${dir}\n`);
    else cleanUp();
  }
}

function table(rows: Row[]): string {
  // CPU time (user + system) is the steadier number on a shared machine, where wall time depends on the neighbours.
  // It is the Node process's: esbuild's service process, which bundles the client (and, for npm run build, the
  // build's own code), is not its child when it exits, so its time is not counted.
  const head = [
    'N',
    'pages built',
    'median wall ms',
    'ms per page',
    'peak RSS MB',
    'median CPU s',
    'against median ms',
    'against CPU s',
    'this / against',
    'Eleventy median ms',
    'Eleventy CPU s',
    'this / Eleventy',
    'Hugo median ms',
    'this / Hugo',
  ];
  const body = rows.map((r) => [
    String(r.n),
    String(r.pages),
    r.medianMs.toFixed(0),
    r.msPerPage.toFixed(2),
    r.peakMb === null ? '?' : r.peakMb.toFixed(0),
    r.cpuS === null ? '?' : r.cpuS.toFixed(2),
    r.againstMs === null ? '-' : r.againstMs.toFixed(0),
    r.againstCpuS === null ? '-' : r.againstCpuS.toFixed(2),
    r.againstRatio === null ? '-' : `${r.againstRatio.toFixed(2)}x`,
    r.eleventyMs === null ? '-' : r.eleventyMs.toFixed(0),
    r.eleventyCpuS === null ? '-' : r.eleventyCpuS.toFixed(2),
    r.eleventyRatio === null ? '-' : `${r.eleventyRatio.toFixed(2)}x`,
    r.hugoMs === null ? '-' : r.hugoMs.toFixed(0),
    r.ratio === null ? '-' : `${r.ratio.toFixed(2)}x`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
  return [line(head), `|${widths.map((w, i) => (i ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|')}|`, ...body.map(line)].join(
    '\n',
  );
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!existsSync(GNU_TIME)) aptInstall(['time'], ': the benchmark reads CPU time and peak memory from it');
  if (!existsSync(GNU_TIME)) throw new Error(`${GNU_TIME} is needed (Debian's time: apt-get install time)`);
  const base = existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
  const eleventy = await ensureEleventy(ROOT);
  console.log(
    `Build benchmark: ${opts.runs} run(s) per N, each a fresh \`node ${buildCommand(ROOT).join(' ')} --quiet\`` +
      `${opts.against ? `, in turn with ${opts.against}'s \`node ${buildCommand(opts.against).join(' ')}\`` : ''}; temp folders in ${base}; ` +
      `peak RSS and CPU from ${GNU_TIME}; ` +
      `${opts.warm ? 'warm (caches kept)' : 'cold (output and the photo cache deleted before each run)'}; paired with Eleventy ${ELEVENTY_VERSION}; ${HUGO ? `paired with ${HUGO.split(' ')[0]} ${HUGO.split(' ')[1]}` : 'Hugo not installed'}; ` +
      `${os.cpus().length} CPU(s), Node ${process.version}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  const rows: Row[] = [];
  for (const n of opts.sizes) rows.push(await bench(n, opts, base, eleventy));
  console.log(table(rows));
  for (const r of rows) console.log(`N=${r.n} runs (ms): ${r.runsMs.map((m) => m.toFixed(0)).join(', ')}`);
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (${os.cpus().length} CPUs)`,
  );
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
