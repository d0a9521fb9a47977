// Build benchmark: the real content plus N synthetic posts, `npm run build`'s command in a fresh process each run
// (Node's start and the bundling included), paired run by run with tests/bench/paired.ts's builds, so the ratios hold
// on a noisy machine.   npm run bench [-- N ...] [--runs 5] [--keep] [--warm] [--against ../other-checkout]
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { aptInstall } from '../support/chromium.ts';
import { writePosts } from '../support/posts.ts';
import { checkout, eleventy, hugo, median, type Build } from './paired.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const GNU_TIME = '/usr/bin/time';
const MARK = 'BENCH_TIME=';

const { values, positionals } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    keep: { type: 'boolean', default: false }, // leave the temp folder (content and outputs) for inspection
    warm: { type: 'boolean', default: false }, // keep the build's caches (node_modules/.cache) between runs
    against: { type: 'string' }, // also build another checkout (main's, say) in turn: before and after
  },
  allowPositionals: true,
});
const runs = Number(values.runs);
const sizes = positionals.length ? positionals.map(Number) : [1000];
if (!Number.isInteger(runs) || runs < 1 || !sizes.every((n) => Number.isInteger(n) && n >= 0))
  throw new Error('expected N ... (posts, default 1000), --runs R (at least 1, default 5), --keep, --warm, --against DIR');

interface Run {
  ms: number;
  rssKb: number;
  cpuS: number;
}

/** Runs a command under GNU time: wall time from spawn to exit, CPU time (user + system) and the peak RSS of the process
 * it waited for. */
function measure({ cwd, command }: { cwd: string; command: string[] }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(GNU_TIME, ['-f', `${MARK}%M %U %S`, ...command], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      const time = new RegExp(`${MARK}(\\d+) ([\\d.]+) ([\\d.]+)`).exec(output);
      if (code !== 0 || !time) reject(new Error(`${command.join(' ')} exited with ${code}:\n${output}`));
      else resolve({ ms, rssKb: Number(time[1]), cpuS: Number(time[2]) + Number(time[3]) });
    });
  });
}

const load = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, ${os.cpus().length} CPU(s)`;

interface Row {
  n: number;
  pages: number;
  runs: Run[][]; // each build's, in the order of builds; empty: nothing to pair with at this N
}

/** The project's build (builds[0]) and the builds paired with it, in turn, on the real content plus N posts. */
async function bench(n: number, builds: Build[], base: string): Promise<Row> {
  const dir = mkdtempSync(path.join(base, `site-bench-${n}-`));
  const cleanUp = () => rmSync(dir, { recursive: true, force: true });
  const onSignal = () => {
    if (!values.keep) cleanUp();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const content = path.join(dir, 'content');
    cpSync(path.join(ROOT, 'content'), content, { recursive: true });
    const realPosts = readdirSync(path.join(content, 'blog')).filter((f) => f.endsWith('.md')).length;
    writePosts(path.join(content, 'blog'), n);
    process.stdout.write(`N=${n}: ${n} synthetic + ${realPosts} real post(s) in ${dir}\n`);
    const sites = builds.map((b) => b.site(path.join(dir, b.name), n, content));
    const out = (i: number) => path.join(dir, `${builds[i].name}-out`);
    const row: Row = { n, pages: 0, runs: builds.map(() => []) };
    for (let r = 0; r < runs; r++) {
      for (const [i, site] of sites.entries()) if (site) row.runs[i].push(await measure(site(out(i))));
      const [run, ...paired] = row.runs.map((rs) => rs[r]);
      const others = paired.map((p, i) => (p ? `; ${builds[i + 1].name} ${Math.round(p.ms)} ms, ${p.cpuS.toFixed(2)} s CPU` : ''));
      process.stdout.write(
        `  run ${r + 1}/${runs}: ${Math.round(run.ms)} ms wall, ${run.cpuS.toFixed(2)} s CPU, peak ${(run.rssKb / 1024).toFixed(0)} MB${others.join('')}\n`,
      );
    }
    // Pages built: every route is in the sitemap; check each synthetic post really got its page.
    row.pages = (readFileSync(path.join(out(0), 'sitemap.xml'), 'utf8').match(/<url>/g) ?? []).length;
    const postPages = readdirSync(path.join(out(0), 'blog')).filter((f) => f.endsWith('.html')).length;
    if (postPages !== n + realPosts) throw new Error(`expected ${n + realPosts} post pages in ${out(0)}/blog, found ${postPages}`);
    return row;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (values.keep) process.stdout.write(`  kept ${dir}\n`);
    else cleanUp();
  }
}

// CPU time (user + system), the steadier number on a shared machine, is the process's own: esbuild's service process
// is not its child when it exits, so its time is not counted.
function table(rows: Row[], builds: Build[]): string {
  const paired = builds.slice(1).flatMap((b) => [`${b.name} median ms`, `${b.name} CPU s`, `this / ${b.name}`]);
  const head = ['N', 'pages built', 'median wall ms', 'ms per page', 'peak RSS MB', 'median CPU s', ...paired];
  const ms = (rs: Run[]) => median(rs.map((r) => r.ms));
  const cpu = (rs: Run[]) => median(rs.map((r) => r.cpuS)).toFixed(2);
  const body = rows.map(({ n, pages, runs: [own, ...others] }) => [
    String(n),
    String(pages),
    ms(own).toFixed(0),
    (ms(own) / pages).toFixed(2),
    (Math.max(...own.map((r) => r.rssKb)) / 1024).toFixed(0),
    cpu(own),
    ...others.flatMap((rs) =>
      rs.length ? [ms(rs).toFixed(0), cpu(rs), `${median(own.map((r, i) => r.ms / rs[i].ms)).toFixed(2)}x`] : ['-', '-', '-'],
    ),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|')}|`;
  return [line(head), rule, ...body.map(line)].join('\n');
}

if (!existsSync(GNU_TIME)) aptInstall(['time'], ': the benchmark reads CPU time and peak memory from it');
if (!existsSync(GNU_TIME)) throw new Error(`${GNU_TIME} is needed (Debian's time: apt-get install time)`);
const base = existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
const builds = [
  checkout(ROOT, 'this', !values.warm),
  ...(values.against ? [checkout(path.resolve(values.against), 'against', !values.warm)] : []),
  await eleventy(ROOT),
  ...[hugo()].filter((b) => b !== null),
];
console.log(
  `Build benchmark: ${runs} run(s) per N, each a fresh ${builds[0].what}, in turn with ${builds
    .slice(1)
    .map((b) => b.what)
    .join(', ')}${builds.some((b) => b.name === 'Hugo') ? '' : ' (Hugo not installed)'}; temp folders in ${base}; ` +
    `peak RSS and CPU from ${GNU_TIME}; ${values.warm ? 'warm (caches kept)' : 'cold (output and the photo cache deleted before each run)'}; ` +
    `Node ${process.version}, ${load()}`,
);
const rows: Row[] = [];
for (const n of sizes) rows.push(await bench(n, builds, base));
console.log(table(rows, builds));
for (const r of rows) console.log(`N=${r.n} runs (ms): ${r.runs[0].map((m) => m.ms.toFixed(0)).join(', ')}`);
console.log(`${load()} at the end`);
