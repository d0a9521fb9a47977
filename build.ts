// The build: content/ and templates/ in, a complete static site in dist/ out. It reads as the story of a build:
// load, check, route, render, write, swap. The work itself lives in generator/, one job a module.
//   node --import tsx build.ts [--content DIR] [--out DIR] [--static DIR] [--nginx FILE] [--watch] [--port N] [--threads N] [--quiet]
import './generator/env.ts';
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isMainThread } from 'node:worker_threads';
import type { Route, Site } from './templates/model.ts';
import { renderFeed } from './templates/feed.ts';
import { renderPage, renderRedirect } from './templates/render.tsx';
import { bundleCss, bundleJs, contentHash, REDIRECT_SCRIPT, WWW_SCRIPT } from './generator/assets.ts';
import { ROOT } from './generator/code-files.ts';
import { listMarkdown, loadBase, loadSite, rel } from './generator/content.ts';
import { loadImages } from './generator/images.ts';
import { BuildFailed, fromRecord } from './generator/errors.ts';
import { headersFile, nginxConf, redirectsFile, robotsTxt, sitemapFiles } from './generator/host-files.ts';
import { swapIn, tempFolderFor, Writer } from './generator/output.ts';
import { helperCount, PostHelpers, renderPostQueue, type PostJob } from './generator/posts.ts';
import { checkRoutes, fileForPath, routeTable, sortPosts, unlistedRoutes } from './generator/routes.ts';
import { trace } from './generator/trace.ts';

// The build's API, for tests, benchmarks and the dev server.
export { contentType } from './generator/content-types.ts';
export { loadSite } from './generator/content.ts';
export { BuildFailed, ContentError } from './generator/errors.ts';
export { fileForPath, routeTable } from './generator/routes.ts';
export { resolveFile } from './generator/dev/server.ts';

export interface BuildOptions {
  content: string; // the content folder
  out: string; // where the site goes (replaced only when the build succeeds)
  static: string; // files copied as they are
  year?: number; // the footer's year; the clock's when absent
  quiet?: boolean;
  nginx?: string; // where to write the nginx server block; not written when unset
  threads?: number; // threads that render blog posts; by default one per core once the blog is large
  imageCache?: string; // where encoded photos are kept between builds (default node_modules/.cache/arborist-images)
  formsEndpoint?: string; // send quote requests here instead (npm run dev: its own receiver); Netlify's stay on the site
  simulateForms?: boolean; // build the spec's simulated forms whatever site.yaml says (the tests of the spec's behaviour)
}

export interface BuildResult {
  warnings: string[]; // printed by the command line; the build still succeeded
  pages: number;
  files: number;
  photos: { count: number; encoded: number }; // photos of content/images/, and the files this build had to encode
  ms: number;
  site: Site;
}

export async function build(opts: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const blogDir = path.join(path.resolve(opts.content), 'blog');
  const postFiles = listMarkdown(blogDir);
  // Helper threads start first, so their start-up overlaps the main thread's own work.
  const helpers = new PostHelpers(helperCount(postFiles.length, opts.threads));
  try {
    return await buildSite(opts, postFiles, blogDir, helpers, started);
  } finally {
    void helpers.stop();
  }
}

async function buildSite(
  opts: BuildOptions,
  postFiles: string[],
  blogDir: string,
  helpers: PostHelpers,
  started: number,
): Promise<BuildResult> {
  trace('build started');
  // 1. Load: every content file but the posts, checked against its schema.
  const jsBundled = bundleJs(); // esbuild works in its own process while this thread reads the content
  jsBundled.catch(() => {}); // awaited below
  // the photos first: pages need each one's sizes (from the cache, unless it is new or changed)
  const photos = await loadImages(path.join(path.resolve(opts.content), 'images'), opts.imageCache);
  if (Object.keys(photos.images).length || photos.encoded) trace('photos ready');
  const base = loadBase({ ...opts, images: photos });
  if (base.errors.length || !base.data) {
    await loadSite({ ...opts, images: photos }); // throws, listing every problem (the posts' too)
    throw new BuildFailed(base.errors);
  }
  trace('content read');

  // 2. Assets: CSS and JavaScript, named by their content.
  const [css, client] = await Promise.all([bundleCss(), jsBundled]);
  const js = client.main;
  trace('CSS and JS bundled');
  const cssPath = `/assets/site-${contentHash(css)}.css`;
  const jsPath = `/assets/app-${contentHash(js)}.js`;
  const site: Site = {
    ...base.data,
    posts: [],
    assets: { css: cssPath, js: jsPath, inlineScripts: { www: WWW_SCRIPT, redirect: REDIRECT_SCRIPT } },
  };
  if (opts.simulateForms) site.forms = { ...site.forms, delivery: 'simulate', endpoint: undefined };
  else if (opts.formsEndpoint && site.forms.delivery !== 'netlify')
    site.forms = { ...site.forms, delivery: 'endpoint', endpoint: opts.formsEndpoint };

  const out = path.resolve(opts.out);
  const tmp = tempFolderFor(out);
  let written = 0;
  let routes: Route[];
  try {
    // 3. Render and write, into a temp folder. Posts are parsed, rendered and written by every thread, each taking
    // the next few files from a shared counter; the helpers get their share first. Pages are written as they are
    // rendered, so memory stays flat.
    const job: PostJob = { site, files: postFiles, blogDir, tmp, next: new SharedArrayBuffer(4), imageProblems: photos.problems };
    const helped = helpers.run(job);
    helped.catch(() => {}); // awaited below; until then the main thread is busy
    await fs.mkdir(tmp, { recursive: true });
    if (existsSync(opts.static)) await fs.cp(opts.static, tmp, { recursive: true });
    if (photos.files.length) await fs.mkdir(path.join(tmp, 'assets/img'), { recursive: true });
    // linked, not copied, from the cache (whose files never change once written); copied across file systems
    const photosCopied = Promise.all(
      photos.files.map((f) => fs.link(f.from, path.join(tmp, f.to)).catch(() => fs.copyFile(f.from, path.join(tmp, f.to)))),
    );
    photosCopied.catch(() => {}); // awaited below
    const writer = new Writer(tmp);
    for (const route of routeTable(site)) if (route.kind !== 'blog') writer.put(fileForPath(route.path), renderPage(route, site)); // no posts yet
    trace('other pages written');
    const mine = await renderPostQueue(job, writer);
    const batches = [mine, ...(await helped)];
    trace('helpers done');

    // 4. Check: posts' own errors, then every link and route of the whole site.
    const errors = batches
      .flatMap((b) => b.errors)
      .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
      .map(fromRecord);
    const posts = batches.flatMap((b) => b.posts);
    sortPosts(posts);
    checkRoutes(base, posts, [...base.md.links, ...batches.flatMap((b) => b.links)], errors);
    if (errors.length) throw new BuildFailed(errors);
    site.posts = posts;
    routes = routeTable(site);
    trace('links checked');

    // 5. What lists the posts, and what a host needs besides the pages.
    const files = new Map<string, string>();
    for (const r of routes) if (r.kind === 'blog') writer.put(fileForPath(r.path), renderPage(r, site)); // one at a time: a large blog has hundreds
    trace('blog pages written');
    for (const r of unlistedRoutes) files.set(fileForPath(r.path), renderPage(r, site)); // 404.html, thanks.html
    for (const r of site.redirects) files.set(fileForPath(r.from), renderRedirect(r, site));
    files.set(cssPath.slice(1), css);
    files.set(jsPath.slice(1), js);
    for (const c of client.chunks) files.set(`assets/${c.file}`, c.text);
    for (const [f, body] of sitemapFiles(site, routes)) files.set(f, body);
    files.set('robots.txt', robotsTxt(site));
    files.set('_redirects', redirectsFile(site));
    files.set(
      '_headers',
      headersFile(
        site,
        [...routes, ...unlistedRoutes].filter((r) => r.path !== '/404').map((r) => r.path),
      ),
    );
    files.set('blog/feed.xml', renderFeed(site));
    for (const [f, body] of files) writer.put(f, body);
    await photosCopied;
    written = batches.reduce((n, b) => (b === mine ? n : n + b.written), writer.done()) + photos.files.length;

    // 6. Swap the new site in, in one step.
    await swapIn(tmp, out);
    trace('swapped in');
  } catch (e) {
    await helpers.stop(); // no helper may still be writing into tmp
    await fs.rm(tmp, { recursive: true, force: true });
    throw e;
  }
  // The nginx server block lives outside dist/ and names it as root: written only after a good build.
  if (opts.nginx) {
    await fs.mkdir(path.dirname(opts.nginx), { recursive: true });
    await fs.writeFile(opts.nginx, nginxConf(site, { root: out }));
  }
  const photoCount = Object.keys(photos.images).length;
  return {
    warnings: base.warnings,
    pages: routes.length,
    files: written,
    photos: { count: photoCount, encoded: photos.encoded },
    ms: performance.now() - started,
    site,
  };
}

// ───────────────────────────── CLI ─────────────────────────────

const HELP = `Builds the site into dist/ (or --out), or with --watch serves it and rebuilds on every save.

  node --import tsx build.ts [options]        (npm run build; npm run dev adds --watch)

  --content DIR   content to build (default: content/)
  --out DIR       where the site goes, replaced only when the build succeeds (default: dist/)
  --static DIR    files copied as they are (default: static/)
  --nginx FILE    also write an nginx server block for the built site (default when building dist/: deploy/nginx.conf)
  --threads N     threads that render blog posts (default: one per core from 300 posts)
  --watch         build, serve at http://localhost:PORT, rebuild on every save and reload the open tab
  --port N        the dev server's port (default 8080; the next free one when it is taken)
  --quiet         print nothing on success
  --help          this text
`;

/** Printed by every build while quote requests go nowhere. */
export const SIMULATED =
  'Quote requests are simulated: nothing is sent. To receive them, set forms.delivery in content/site.yaml to netlify or endpoint (README, "Quote requests: connect a form service").';

export interface CliOptions extends BuildOptions {
  watch: boolean;
  port: number;
  help: boolean;
}

/** The command line: `--flag value` and `--flag=value` both work; an unknown flag is an error. */
export function parseCli(argv: string[]): CliOptions {
  const { values: v } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      content: { type: 'string' },
      out: { type: 'string' },
      static: { type: 'string' },
      nginx: { type: 'string' },
      threads: { type: 'string' },
      port: { type: 'string' },
      watch: { type: 'boolean' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  const whole = (flag: string, s: string | undefined, fallback: number, min: number, max = Infinity) => {
    if (s === undefined) return fallback;
    const n = Number(s);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new Error(`--${flag} needs a whole number from ${min}${max < Infinity ? ` to ${max}` : ''}, got "${s}"`);
    return n;
  };
  const opts: CliOptions = {
    content: path.resolve(v.content ?? path.join(ROOT, 'content')),
    out: path.resolve(v.out ?? path.join(ROOT, 'dist')),
    static: path.resolve(v.static ?? path.join(ROOT, 'static')),
    nginx: v.nginx && path.resolve(v.nginx),
    threads: v.threads === undefined ? undefined : whole('threads', v.threads, 1, 1),
    port: whole('port', v.port, 8080, 1, 65535),
    watch: !!v.watch,
    quiet: !!v.quiet,
    help: !!v.help,
  };
  // Building the real dist/ also writes deploy/nginx.conf; builds elsewhere (tests, benchmarks) only with --nginx.
  if (!opts.nginx && !opts.watch && opts.out === path.join(ROOT, 'dist')) opts.nginx = path.join(ROOT, 'deploy/nginx.conf');
  return opts;
}

async function main(): Promise<void> {
  let opts: CliOptions;
  try {
    opts = parseCli(process.argv.slice(2));
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${HELP}`);
    process.exitCode = 2;
    return;
  }
  if (opts.help) return void process.stdout.write(HELP);
  if (opts.watch) {
    const { dev } = await import('./generator/dev/server.ts');
    return dev(opts);
  }
  try {
    const r = await build(opts);
    for (const w of r.warnings) console.warn(`warning: ${w}`);
    if (!opts.quiet) console.log(`Built ${r.pages} pages (${r.files} files) into ${rel(opts.out)} in ${Math.round(r.ms)} ms`);
    if (!opts.quiet && r.site.forms.delivery === 'simulate') console.log(SIMULATED);
  } catch (e) {
    console.error(e instanceof BuildFailed ? e.message : e);
    console.error(`Nothing was written: ${rel(opts.out)} is unchanged.`);
    process.exitCode = 1;
  }
}

if (isMainThread && process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
