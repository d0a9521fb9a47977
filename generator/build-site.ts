// The build: content/ and templates/ in, a complete static site in dist/ out. It reads as the story of a build:
// load, check, route, render, write, swap. Each job it names lives in its own module beside this one.
// The command line (build.ts at the top) runs this file from its bundled form (build-code.ts).
import './env.ts';
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import type { Route, Site } from '../templates/model.ts';
import { renderFeed } from '../templates/feed.ts';
import { renderPage, renderRedirect } from '../templates/render.tsx';
import { bundleCss, bundleJs, contentHash, headScript, iconHref, REDIRECT_SCRIPT } from './assets.ts';
import { adminFiles } from './admin-files.ts';
import { bundleAdminScript } from './admin-script.ts';
import { siteIndex } from './site-index.ts';
import { listMarkdown, loadBase, loadSite, postHold } from './content.ts';
import { loadImages } from './images.ts';
import { BuildFailed, fromRecord } from './errors.ts';
import { headersFile, redirectsFile, robotsTxt, sitemapFiles } from './host-files.ts';
import { nginxConf } from './nginx.ts';
import { swapIn, tempFolderFor, Writer } from './output.ts';
import { helperCount, PostHelpers, renderPostQueue, type PostJob } from './posts.ts';
import { checkRoutes, fileForPath, headedPaths, routeTable, sortPosts, unlistedRoutes } from './routes.ts';
import { trace } from './trace.ts';

// The build's API, for tests, benchmarks and the dev server (which imports this file from source).
export { contentType } from './content-types.ts';
export { loadSite } from './content.ts';
export { BuildFailed, ContentError } from './errors.ts';
export { fileForPath, routeTable } from './routes.ts';

export interface BuildOptions {
  content: string; // the content folder
  out: string; // where the site goes (replaced only when the build succeeds)
  static: string; // files copied as they are
  year?: number; // the footer's year; the clock's when absent
  quiet?: boolean;
  nginx?: string; // where to write the nginx server block; not written when unset
  threads?: number; // threads that render blog posts; by default one per core once the blog is large
  postWorker?: string | Promise<string>; // the file helper threads start from (build-code.ts buildCodeFile()); without it, posts render on this thread
  imageCache?: string; // where encoded photos are kept between builds (default node_modules/.cache/arborist-images)
  formsEndpoint?: string; // send quote requests here instead (npm run dev: its own receiver); Netlify's stay on the site
  simulateForms?: boolean; // build the spec's simulated forms whatever site.yaml says (the tests of the spec's behaviour)
  drafts?: boolean; // build drafts and posts dated later too (npm run dev, --drafts)
  localEditor?: boolean; // build /admin/ even without site.yaml cms: settings, for editing this checkout (npm run dev)
  today?: string; // YYYY-MM-DD: posts dated later wait (default: the day of `now` in site.yaml blog.timeZone)
  now?: Date; // the build's clock: due posts, the alert's window, the footer's year (default: the system clock)
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
  const helpers = new PostHelpers(helperCount(postFiles.length, opts.threads), opts.postWorker);
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
  // the editor's save check, bundled while the pages render (admin-script.ts)
  const adminScript = base.data.cms || opts.localEditor ? bundleAdminScript() : undefined;
  adminScript?.catch(() => {}); // awaited below

  // 2. Assets: the CSS, inlined in every head, and the JavaScript, named by its content.
  const [css, client] = await Promise.all([bundleCss(), jsBundled]);
  const js = client.main;
  trace('CSS and JS bundled');
  const jsPath = `/assets/app-${contentHash(js)}.js`;
  const site: Site = {
    ...base.data,
    posts: [],
    assets: {
      style: css,
      js: jsPath,
      icon: await iconHref(opts.static),
      inlineScripts: { head: headScript(jsPath), redirect: REDIRECT_SCRIPT },
    },
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
    const hold = postHold(opts, site.blogSettings);
    const job: PostJob = { site, files: postFiles, blogDir, tmp, next: new SharedArrayBuffer(4), imageProblems: photos.problems, hold };
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
    files.set(jsPath.slice(1), js);
    for (const c of client.chunks) files.set(`assets/${c.file}`, c.text);
    for (const [f, body] of sitemapFiles(site, routes)) files.set(f, body);
    files.set('robots.txt', robotsTxt(site));
    files.set('_redirects', redirectsFile(site));
    files.set('_headers', headersFile(site, headedPaths(routes)));
    files.set('blog/feed.xml', renderFeed(site));
    for (const [f, body] of files) writer.put(f, body);
    // the editor at /admin/ (admin-files.ts): once site.yaml says which repository it saves to, or for this checkout
    if (adminScript) {
      const index = siteIndex(site, routes, {
        staticDir: opts.static,
        listedPaths: base.listedPaths,
        tokens: base.md.tokenNames(),
        imageProblems: photos.problems,
      });
      for (const [f, body] of adminFiles(site, { script: await adminScript, index })) writer.put(f, body);
    }
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
