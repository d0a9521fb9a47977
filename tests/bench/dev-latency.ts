// How long from saving a Markdown file until the open browser tab shows the change, under `npm run dev`.
//   npx tsx tests/bench/dev-latency.ts [--posts N] [--runs 7]
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routeTable } from '../../generator/build-site.ts';
import { launch } from '../support/browser.ts';
import { site } from '../support/facts.ts';

const root = path.resolve(import.meta.dirname, '../..');
const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const posts = arg('posts', 0);
const runs = arg('runs', 7);
const base = existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
const dir = mkdtempSync(path.join(base, 'dev-latency-'));
const content = path.join(dir, 'content');
cpSync(path.join(root, 'content'), content, { recursive: true });
for (let i = 0; i < posts; i++) {
  const d = new Date(Date.UTC(2019, 0, 1) + i * 8.64e7).toISOString().slice(0, 10);
  writeFileSync(
    path.join(content, 'blog', `generated-${i}.md`),
    `---\ntitle: "Generated post ${i}"\ndescription: "A generated post that measures the dev server with a large blog."\nsummary: "Generated post ${i}."\npublished: ${d}\nmodified: ${d}\n---\n## Notes ${i}\n\nFirst paragraph of post ${i}.\n\nSecond paragraph with a [link](${site.services[0].path}).\n\nThird paragraph.\n`,
  );
}
const port = 8600 + Math.floor(Math.random() * 300);
const dev = spawn(
  process.execPath,
  ['--import', 'tsx', 'build.ts', '--watch', '--port', String(port), '--content', content, '--out', path.join(dir, 'dist')],
  { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
);
let log = '';
let lastUpdate = 0; // when the dev server last said it had rebuilt: splits a run into save-to-rebuilt and reload
dev.stdout!.on('data', (b) => {
  log += b;
  if (/\[dev\] (updated|rebuilt)/.test(String(b))) lastUpdate = Date.now();
});
const browser = await launch();
try {
  while (!log.includes('serving')) await new Promise((r) => setTimeout(r, 100));
  const page = await browser.newPage();
  // the company's newest post
  const post = routeTable(site).find((r) => r.data === site.posts[0])!;
  const target = path.join(content, post.source);
  await page.goto(`http://localhost:${port}${post.path}`);
  const original = readFileSync(target, 'utf8');
  const times: number[] = [];
  const rebuilt: number[] = [];
  const paints: number[] = [];
  for (let i = 0; i < runs; i++) {
    const marker = `Dev latency edit ${i} ${Date.now()}`;
    await page.waitForFunction(() => document.documentElement.dataset.devReload === 'listening'); // the reloaded tab hears the next save
    const t0 = Date.now();
    writeFileSync(target, original.replace(/^title: .*$/m, `title: "${marker}"`));
    await page.waitForFunction((m) => document.querySelector('h1')?.textContent === m, marker, { timeout: 20_000, polling: 5 });
    times.push(Date.now() - t0);
    rebuilt.push(lastUpdate - t0);
    // When the reloaded page first painted, by the page's own clock: the test's polling adds its own delay above.
    const painted = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return performance.timeOrigin + (fcp ?? nav.domContentLoadedEventEnd);
    });
    paints.push(Math.round(painted - t0));
  }
  writeFileSync(target, original);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    `dev save-to-browser with ${posts} extra posts, until the test saw the new title: median ${median(times)} ms (runs: ${times.join(', ')} ms); ` +
      `save to rebuilt (the watcher and the build): median ${median(rebuilt)} ms; ` +
      `save to the reloaded page's first paint: median ${median(paints)} ms (runs: ${paints.join(', ')} ms)`,
  );
  console.log(log.trim().split('\n').slice(-3).join('\n'));
} finally {
  await browser.close();
  await new Promise((r) => dev.once('exit', r).kill()); // before its folder goes, which it would report file by file
  rmSync(dir, { recursive: true, force: true });
}
