// How long from saving a Markdown file until the open browser tab shows the change, under `npm run dev`, with the real
// content plus N synthetic posts (tests/support/posts.ts).
//   npx tsx tests/bench/dev-latency.ts [--posts N] [--runs 7]
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { routeTable } from '../../generator/build-site.ts';
import { launchChromium } from '../support/chromium.ts';
import { startDevServer } from '../support/dev-server.ts';
import { site } from '../support/facts.ts';
import { root } from '../support/paths.ts';
import { writePosts } from '../support/posts.ts';
import { median } from './paired.ts';

const { values } = parseArgs({ options: { posts: { type: 'string', default: '0' }, runs: { type: 'string', default: '7' } } });
const [posts, runs] = [Number(values.posts), Number(values.runs)];
const dir = mkdtempSync(path.join(existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'dev-latency-'));
const content = path.join(dir, 'content');
cpSync(path.join(root, 'content'), content, { recursive: true });
writePosts(path.join(content, 'blog'), posts);
const dev = await startDevServer({ content, static: path.join(root, 'static'), out: path.join(dir, 'dist') });
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  const post = routeTable(site).find((r) => r.data === site.posts[0])!; // the company's newest post
  const target = path.join(content, post.source);
  await page.goto(dev.url + post.path);
  const original = readFileSync(target, 'utf8');
  const times: number[] = [];
  const rebuilt: number[] = []; // splits a run into save-to-rebuilt (the watcher and the build) and reload
  const paints: number[] = [];
  for (let i = 0; i < runs; i++) {
    const marker = `Dev latency edit ${i} ${Date.now()}`;
    await page.waitForFunction(() => document.documentElement.dataset.devReload === 'listening'); // the reloaded tab hears the next save
    const builds = (dev.output().match(/\[dev\] rebuilt/g) ?? []).length;
    const t0 = Date.now();
    writeFileSync(target, original.replace(/^title: .*$/m, `title: "${marker}"`));
    const rebuiltAt = dev.printed(/\[dev\] rebuilt/, builds + 1).then(() => Date.now());
    await page.waitForFunction((m) => document.querySelector('h1')?.textContent === m, { timeout: 20_000, polling: 5 }, marker);
    times.push(Date.now() - t0);
    rebuilt.push((await rebuiltAt) - t0);
    // When the reloaded page first painted, by the page's own clock: the test's polling adds its own delay above.
    const painted = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return performance.timeOrigin + (fcp ?? nav.domContentLoadedEventEnd);
    });
    paints.push(Math.round(painted - t0));
  }
  writeFileSync(target, original);
  console.log(
    `dev save-to-browser with ${posts} extra posts, until the test saw the new title: median ${median(times)} ms (runs: ${times.join(', ')} ms); ` +
      `save to rebuilt (the watcher and the build): median ${median(rebuilt)} ms; ` +
      `save to the reloaded page's first paint: median ${median(paints)} ms (runs: ${paints.join(', ')} ms)`,
  );
  console.log(dev.output().trim().split('\n').slice(-3).join('\n'));
} finally {
  await browser.close();
  await dev.stop(); // before its folder goes, which it would report file by file
  rmSync(dir, { recursive: true, force: true });
}
