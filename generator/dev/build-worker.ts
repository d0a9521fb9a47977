// The build side of `npm run dev`: a worker thread, replaced whenever code changes so templates load afresh.
// Between code changes it keeps the last site model, so saving blog posts re-renders only what they touch.
import '../env.ts';
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import type { BlogListing, Site } from '../../templates/model.ts';
import { renderFeed } from '../../templates/feed.ts';
import { renderPage } from '../../templates/render.tsx';
import { buildCodeFile } from '../build-code.ts';
import { build, type BuildOptions } from '../build-site.ts';
import { loadPost } from '../content.ts';
import { BuildFailed, type ContentError } from '../errors.ts';
import { headersFile, sitemapFiles } from '../host-files.ts';
import { markdownFor } from '../markdown.ts';
import { Writer } from '../output.ts';
import { checkRoutes, fileForPath, headedPaths, routeTable, sortPosts } from '../routes.ts';

export interface DevBuildRequest {
  opts: BuildOptions;
  changed: string[] | null; // files saved since the last build; null: build everything
}
export type DevBuildReply = { ok: true; ms: number; incremental?: boolean; warnings?: string[] } | { ok: false; error: string };

let last: Site | null = null;
parentPort!.on('message', async ({ opts, changed }: DevBuildRequest) => {
  const started = performance.now();
  try {
    const blogDir = path.join(opts.content, 'blog') + path.sep;
    if (last && changed?.length && changed.every((f) => f.startsWith(blogDir) && f.endsWith('.md'))) {
      last = await rebuildPosts(last, opts, changed);
      parentPort!.postMessage({ ok: true, ms: performance.now() - started, incremental: true } satisfies DevBuildReply);
      return;
    }
    const r = await build({ ...opts, postWorker: buildCodeFile() }); // a large blog renders on helper threads too
    last = r.site;
    parentPort!.postMessage({ ok: true, ms: performance.now() - started, warnings: r.warnings } satisfies DevBuildReply);
  } catch (e) {
    const error = e instanceof BuildFailed ? e.message : String((e as Error).stack ?? e);
    parentPort!.postMessage({ ok: false, error } satisfies DevBuildReply);
  }
});

/**
 * After edits to blog posts alone: re-renders just those posts and what lists them (/blog, sitemap, feed,
 * headers) into the served folder in place, instead of the whole site.
 */
async function rebuildPosts(site: Site, opts: BuildOptions, changed: string[]): Promise<Site> {
  const errors: ContentError[] = [];
  const md = markdownFor(site);
  const bySlug = new Map(site.posts.map((p) => [p.slug, p]));
  const gone: string[] = [];
  for (const file of new Set(changed)) {
    const slug = path.basename(file, '.md');
    bySlug.delete(slug);
    if (!existsSync(file)) gone.push(`/blog/${slug}`);
    else {
      const post = loadPost(file, md, errors);
      if (post) bySlug.set(slug, post);
    }
  }
  const posts = [...bySlug.values()];
  sortPosts(posts);
  const next: Site = { ...site, posts };
  const dir = path.resolve(opts.content);
  const listedPaths = [...site.services, ...site.cities].map((x) => x.path);
  const context = { dir, siteFile: path.join(dir, 'site.yaml'), staticDir: path.resolve(opts.static), ...site, listedPaths };
  checkRoutes(context, posts, md.links, errors);
  errors.push(...md.takeErrors());
  if (errors.length) throw new BuildFailed(errors);

  const routes = routeTable(next);
  const writer = new Writer(path.resolve(opts.out));
  const changedPaths = new Set(changed.map((f) => `/blog/${path.basename(f, '.md')}`));
  // A page of /blog is written again only when what it lists changed: an unchanged post keeps its object.
  const before = new Map(
    routeTable(site)
      .filter((r) => r.kind === 'blog')
      .map((r) => [r.path, r.data as BlogListing]),
  );
  const sameListing = (a: BlogListing | undefined, b: BlogListing) =>
    !!a && a.pages === b.pages && a.posts.length === b.posts.length && a.posts.every((p, i) => p === b.posts[i]);
  for (const r of routes)
    if (r.kind === 'blog' ? !sameListing(before.get(r.path), r.data as BlogListing) : changedPaths.has(r.path))
      writer.put(fileForPath(r.path), renderPage(r, next));
  for (const [f, body] of sitemapFiles(next, routes)) writer.put(f, body);
  writer.put('blog/feed.xml', renderFeed(next));
  writer.put('_headers', headersFile(next, headedPaths(routes)));
  // Fewer posts can mean fewer blog pages: the old last pages go too.
  const blogPages = new Set(routes.filter((r) => r.kind === 'blog').map((r) => r.path));
  for (const p of before.keys()) if (!blogPages.has(p)) gone.push(p);
  for (const p of gone) await fs.rm(path.join(path.resolve(opts.out), fileForPath(p)), { force: true });
  return next;
}
