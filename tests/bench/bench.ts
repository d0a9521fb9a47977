// Build benchmark: the real content plus N synthetic blog posts, built in a fresh process each run.
//   npm run bench                     N = 1000, 5 runs
//   npm run bench -- 4000             another N (several: npm run bench -- 100 1000 4000)
//   npm run bench -- 1000 --runs 9    more runs
//   npm run bench -- 100 --keep       leave the temp folder (content + dist) for inspection
// Wall time is measured from spawn to exit, so it includes starting Node and tsx, as `npm run build` does.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const GNU_TIME = '/usr/bin/time';
const RSS_MARK = 'BENCH_MAX_RSS_KB=';
const CPU_MARK = 'BENCH_CPU_S=';

interface Options { sizes: number[]; runs: number; keep: boolean }

function parseArgs(argv: string[]): Options {
  const opts: Options = { sizes: [], runs: 5, keep: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--keep') opts.keep = true;
    else if (a === '--runs') {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 1) throw new Error('--runs needs a whole number of at least 1');
      opts.runs = n;
    } else if (/^\d+$/.test(a)) opts.sizes.push(Number(a));
    else throw new Error(`unknown argument ${a}; expected N (posts, default 1000), --runs R (default 5), --keep`);
  }
  if (!opts.sizes.length) opts.sizes.push(1000);
  return opts;
}

// ───────────────────────────── synthetic posts ─────────────────────────────

/** Small seeded generator (mulberry32): the same N gives the same posts on every run and machine. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOPICS = ['Bigleaf Maple', 'Western Redcedar', 'Douglas-fir', 'Japanese Cherry', 'Laurel Hedge', 'Birch', 'Cedar Hedge', 'Apple Tree',
  'Hemlock', 'Katsura', 'Red Oak', 'Sequoia', 'Dogwood', 'Arbutus', 'Magnolia', 'Copper Beech'];
const ANGLES = ['Pruning Guide', 'Storm Damage Checklist', 'When to Remove', 'Root Problems', 'Permit Questions', 'Pests and Disease',
  'Stump Options', 'Planting Tips', 'Cost Factors', 'Winter Care', 'Hazard Signs', 'Hedge Shaping'];
const CITIES = ['New Westminster', 'Burnaby', 'Surrey', 'Coquitlam', 'Port Moody', 'Port Coquitlam', 'Delta', 'Richmond', 'Vancouver'];
const SUBJECTS = ['A mature tree', 'The crown', 'A leaning trunk', 'The root zone', 'A split leader', 'Fungal conks at the base', 'A heavy limb',
  'The hedge line', 'A boulevard tree', 'Storm-cracked wood', 'Deadwood in the canopy', 'A shallow-rooted conifer'];
const VERBS = ['usually tells you', 'often hides', 'rarely shows', 'can quietly signal', 'tends to reveal', 'may point to', 'seldom explains'];
const OBJECTS = ['how much weight the tree is carrying', 'decay that started years ago', 'whether the soil is staying saturated',
  'the kind of pruning that helps', 'a permit question worth asking early', 'where the next failure could come from',
  'how the tree handled the last windstorm', 'whether cabling is worth considering', 'the right season for the work'];
const TAILS = ['so it is worth a closer look before the autumn storms', 'especially after a wet winter', 'and a certified arborist can confirm it on site',
  'which is why we photograph and measure before quoting', 'although the fix is often simpler than people expect', 'in most Metro Vancouver yards'];
const LINKS = ['/tree-removal', '/tree-trimming', '/stump-grinding', '/tree-health-inspection', '/storm-cleanup', '/hedge-trimming'];

function sentence(rnd: () => number): string {
  const pick = <T,>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
  return `${pick(SUBJECTS)} ${pick(VERBS)} ${pick(OBJECTS)}, ${pick(TAILS)}.`;
}

function isoDay(days: number): string {
  return new Date(Date.UTC(2021, 0, 1) + days * 86_400_000).toISOString().slice(0, 10);
}

/** One post: front matter (title, description, summary, published, modified), one `##` heading and three paragraphs. */
function syntheticPost(i: number): { slug: string; text: string } {
  const rnd = random(i + 1);
  const pick = <T,>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
  const topic = pick(TOPICS);
  const angle = pick(ANGLES);
  const city = pick(CITIES);
  const title = `${topic} ${angle} for ${city} Homeowners (No. ${i + 1})`;
  const slug = `bench-${i + 1}-${`${topic}-${angle}`.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  const publishedDay = Math.floor(rnd() * 365 * 5); // 2021-01-01 .. 2025-12-31
  const published = isoDay(publishedDay);
  const modified = isoDay(publishedDay + (rnd() < 0.5 ? 0 : Math.floor(rnd() * 120)));
  const paragraph = (n: number) => Array.from({ length: n }, () => sentence(rnd)).join(' ');
  const link = pick(LINKS);
  const body = [
    `## ${pick(['What to look for', 'Before you call', 'How we approach it', 'Timing the work', 'Signs of trouble'])} with a ${topic.toLowerCase()}`,
    paragraph(3 + Math.floor(rnd() * 3)),
    `${paragraph(2 + Math.floor(rnd() * 3))} Our [${link.slice(1).replace(/-/g, ' ')}](${link}) page covers the details.`,
    `${paragraph(2 + Math.floor(rnd() * 4))} In ${city}, call {{phone}} for a free written quote.`,
  ].join('\n\n');
  // JSON strings are valid YAML double-quoted scalars.
  const text = `---
title: ${JSON.stringify(title)}
description: ${JSON.stringify(`${angle} for a ${topic.toLowerCase()} in ${city}: ${sentence(rnd)}`)}
summary: ${JSON.stringify(`${sentence(rnd)} ${sentence(rnd)}`)}
published: ${published}
modified: ${modified}
---
${body}
`;
  return { slug, text };
}

// ───────────────────────────── one build ─────────────────────────────

interface Run { ms: number; rssKb: number | null; cpuS: number | null }

/** Spawns `tsx build.ts` and measures spawn-to-exit time and the peak RSS of the build process. */
function buildOnce(content: string, out: string): Promise<Run> {
  const buildArgs = ['build.ts', '--content', content, '--out', out, '--quiet'];
  const useTime = existsSync(GNU_TIME);
  // GNU time reports the largest RSS of the processes it waited for (tsx's launcher and the Node process it runs).
  // Without it, the build process itself reports its peak from process.resourceUsage() as it exits.
  const [cmd, args] = useTime
    ? [GNU_TIME, ['-f', `${RSS_MARK}%M ${CPU_MARK}%U+%S`, TSX, ...buildArgs]]
    : [process.execPath, ['--import', 'tsx', '--import', `data:text/javascript,${encodeURIComponent(
      `import { writeSync } from 'node:fs'; process.on('exit', () => { const u = process.resourceUsage(); ` +
      `writeSync(2, '\\n${RSS_MARK}' + u.maxRSS + ' ${CPU_MARK}' + u.userCPUTime / 1e6 + '+' + u.systemCPUTime / 1e6 + '\\n'); });`)}`, ...buildArgs]];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
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
        reject(new Error(`build exited with ${code}:\n${stdout}${stderr.slice(0, mark === -1 ? undefined : mark)}`));
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

interface Row { n: number; pages: number; medianMs: number; msPerPage: number; peakMb: number | null; cpuS: number | null; runsMs: number[] }

async function bench(n: number, opts: Options, base: string): Promise<Row> {
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

    const runs: Run[] = [];
    for (let r = 0; r < opts.runs; r++) {
      rmSync(out, { recursive: true, force: true }); // every run builds into an empty folder, outside the timing
      const run = await buildOnce(content, out);
      runs.push(run);
      process.stdout.write(`  run ${r + 1}/${opts.runs}: ${Math.round(run.ms)} ms wall, ${run.cpuS === null ? '?' : run.cpuS.toFixed(2)} s CPU, ` +
        `peak ${run.rssKb === null ? '?' : (run.rssKb / 1024).toFixed(0)} MB\n`);
    }

    // Pages built: every route is in the sitemap; check each synthetic post really got its page.
    const pages = (readFileSync(path.join(out, 'sitemap.xml'), 'utf8').match(/<url>/g) ?? []).length;
    const postPages = readdirSync(path.join(out, 'blog')).filter((f) => f.endsWith('.html')).length;
    if (postPages !== n + realPosts) throw new Error(`expected ${n + realPosts} post pages in ${out}/blog, found ${postPages}`);

    const medianMs = median(runs.map((r) => r.ms));
    const rss = runs.map((r) => r.rssKb).filter((k): k is number => k !== null);
    const cpu = runs.map((r) => r.cpuS).filter((c): c is number => c !== null);
    return {
      n, pages, medianMs, msPerPage: medianMs / pages, peakMb: rss.length ? Math.max(...rss) / 1024 : null,
      cpuS: cpu.length ? median(cpu) : null, runsMs: runs.map((r) => r.ms),
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
  const head = ['N', 'pages built', 'median wall ms', 'ms per page', 'peak RSS MB', 'median CPU s'];
  const body = rows.map((r) => [String(r.n), String(r.pages), r.medianMs.toFixed(0), r.msPerPage.toFixed(2),
    r.peakMb === null ? '?' : r.peakMb.toFixed(0), r.cpuS === null ? '?' : r.cpuS.toFixed(2)]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
  return [line(head), `|${widths.map((w, i) => (i ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|')}|`, ...body.map(line)].join('\n');
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const base = existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
  console.log(`Build benchmark: ${opts.runs} run(s) per N, each a fresh \`tsx build.ts --quiet\`; temp folders in ${base}; ` +
    `peak RSS from ${existsSync(GNU_TIME) ? `${GNU_TIME} -f %M` : 'process.resourceUsage() in the build process'}; ` +
    `${os.cpus().length} CPU(s), Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  // The build is code under active change: say so if it changed while we measured it.
  const code = () => createHash('sha256').update(['build.ts', ...readdirSync(path.join(ROOT, 'templates'), { recursive: true }).map((f) => `templates/${f}`)]
    .filter((f) => /\.tsx?$/.test(f)).map((f) => readFileSync(path.join(ROOT, f), 'utf8')).join('\0')).digest('hex').slice(0, 12);
  const before = code();
  const rows: Row[] = [];
  for (const n of opts.sizes) rows.push(await bench(n, opts, base));
  const after = code();
  console.log(`\nbuild code ${before}${after === before ? ' (unchanged during the benchmark)' : ` changed to ${after} during the benchmark: the runs mix two versions`}`);
  console.log(table(rows));
  for (const r of rows) console.log(`N=${r.n} runs (ms): ${r.runsMs.map((m) => m.toFixed(0)).join(', ')}`);
  console.log(`load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (${os.cpus().length} CPUs)`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
