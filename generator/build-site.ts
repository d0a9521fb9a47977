// The build: content/ and templates/ in, a complete static site in dist/ out. Four passes, each in its own module:
//   1. load   (content.ts)  site.yaml and every file of every kind, checked against its schema;
//   2. fill   (content.ts)  each file's model: tokens filled in, Markdown rendered, photos looked up;
//   3. check  (links.ts)    every address against the one route table;
//   4. render and write     every page and host file into a temp folder, swapped in for dist/ in one step.
// Each pass returns its problems as values; a build with any stops after the check, listing them all, and writes nothing.
import './env.ts';
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { routeTable, fileForPath, headedPaths, unlistedRoutes, withListingRedirects } from '../templates/model/routes.ts';
import type { Route, Site } from '../templates/model/types.ts';
import type { StyleFile } from '../templates/styles.ts';
import { renderFeed } from '../templates/feed.ts';
import { renderPage, renderRedirect } from '../templates/render.tsx';
import { estimateFileStyles, renderEstimateFile } from '../templates/parts/Layout.tsx';
import { formWords } from '../templates/parts/forms.tsx';
import { templates } from '../templates/pages/index.ts';
import { bundleJs, contentHash, iconHref, inlineScripts, stylesheets } from './assets.ts';
import { fill, load, type ContentOptions, type Photos, type SiteData } from './content.ts';
import { productionReason, refusal, type HostEnv } from './deploy-context.ts';
import { BuildFailed, rel, type ContentError } from './errors.ts';
import { headersFile, redirectsFile, robotsTxt, sitemapFiles } from './host-files.ts';
import { loadImages } from './images.ts';
import { checkLinks } from './links.ts';
import { nginxConf } from './nginx.ts';
import { swapIn, tempFolderFor, Writer } from './output.ts';
import { placeholderProblems } from './placeholders.ts';
import { bundleEditorScript } from '../editor/build/bundle.ts';
import { editorFiles } from '../editor/build/files.ts';
import { officeFiles } from '../editor/build/office.ts';
import { siteIndex } from '../editor/build/site-index.ts';

// The build's API, for tests, benchmarks and the dev server.
export { contentType } from './content-types.ts';
export { BuildFailed, ContentError } from './errors.ts';
export { fileForPath, routeTable } from '../templates/model/routes.ts';

export interface BuildOptions extends ContentOptions {
  out: string; // where the site goes (replaced only when the build succeeds)
  static: string; // files copied as they are
  quiet?: boolean;
  nginx?: string; // where to write the nginx server block; not written when unset
  imageCache?: string; // where encoded photos are kept between builds (default node_modules/.cache/arborist-images)
  formsEndpoint?: string; // send quote requests here instead (npm run dev: its own receiver); Netlify's stay on the site
  simulateForms?: boolean; // simulated forms whatever site.yaml says (the tests of what a simulated send shows)
  localEditor?: boolean; // build /admin/ even without site.yaml cms: settings, for editing this checkout (npm run dev)
  editorApiRoot?: string; // the GitHub API the editor talks to, when not GitHub's own (the tests' loopback GitHub)
  // A host's production deploy refuses the settings still at a placeholder (placeholders.ts); any other build lists
  // them. Production: `production` (--production), or what the host's variables say (deploy-context.ts); the command
  // line passes its environment as `hostEnv`, and nothing else reads it.
  production?: boolean;
  hostEnv?: HostEnv;
}

export interface BuildResult {
  warnings: string[]; // printed by the command line; the build still succeeded
  placeholders: ContentError[]; // settings still at a placeholder, which a production deploy refuses (placeholders.ts)
  pages: number;
  files: number;
  photos: { count: number; encoded: number }; // photos of content/images/, and the files this build had to encode
  ms: number;
  site: Site;
}

/** Passes 1 to 3: the site model and its route table, or BuildFailed listing every problem of the content. */
function checkContent(opts: ContentOptions & { static: string }, photos: Photos) {
  const loaded = load(opts);
  const filled = fill(loaded, photos, opts);
  const errors = [...loaded.errors, ...filled.errors];
  if (!filled.data) throw new BuildFailed(errors); // a page every site has is broken: its file's errors say why
  const routes = routeTable(filled.data);
  const withListings = withListingRedirects(filled.data.redirects, routes);
  const { dir, siteFile, pages, waiting } = loaded;
  const staticDir = path.resolve(opts.static);
  const linked = checkLinks({ routes, redirects: withListings, pages, waiting, dir, siteFile, staticDir }, filled.links);
  errors.push(...linked.errors);
  if (errors.length) throw new BuildFailed(errors);
  // a link to an entry no file has (one deleted) leads to its kind's listing: a warning, and a redirect from its address
  const site = { ...filled.data, redirects: [...withListings, ...linked.redirects] };
  const warnings = [...loaded.warnings, ...linked.warnings.map((w) => w.message)];
  // what the editor judges a save against (editor/build/site-index.ts), written to /admin only
  const editorIndex = () =>
    siteIndex({
      routes,
      redirects: filled.data!.redirects,
      withListings,
      pages,
      waiting,
      slugs: loaded.slugs,
      names: loaded.names,
      source: filled.source,
      staticDir: path.resolve(opts.static),
      today: loaded.today,
      visits: loaded.config.visits,
    });
  return { site, routes, warnings, editorIndex, siteFile: rel(siteFile), config: loaded.config };
}

/** The site model a build of this content publishes (drafts and posts dated later held back), with the build's
 *  warnings and the editor's site index (made on demand), or BuildFailed; writes nothing: for tests and tools. */
export async function siteModel(opts: ContentOptions & { static: string }) {
  const { site, warnings, editorIndex } = checkContent(opts, await loadImages(path.join(path.resolve(opts.content), 'images')));
  return { site, warnings, editorIndex };
}

export async function build(opts: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const assets = Promise.all([stylesheets(), bundleJs(), iconHref(opts.static)]);
  assets.catch(() => {}); // awaited below, once the content is known to be good
  const photos = await loadImages(path.join(path.resolve(opts.content), 'images'), opts.imageCache);
  const { site: data, routes, warnings, editorIndex, siteFile, config } = checkContent(opts, photos);
  // Going live: a production deploy stops on a setting still at its placeholder, before anything is written.
  const placeholders = placeholderProblems(data, siteFile);
  const production = productionReason({ flag: opts.production, env: opts.hostEnv, branch: data.cms?.branch });
  if (production && placeholders.length) throw new BuildFailed(placeholders, refusal(production, placeholders.length));
  // the editor's own script, bundled while the pages render (editor/build/bundle.ts)
  const editorScript = data.cms || opts.localEditor ? bundleEditorScript(data, opts.editorApiRoot) : undefined;
  editorScript?.catch(() => {}); // awaited below
  // the office page a request's office link opens (editor/build/office.ts), with every build: the link is in every request
  const office = officeFiles(data, config);
  office.catch(() => {}); // awaited below

  // 4. Render and write, into a temp folder swapped in at the end.
  const [sheets, client, icon] = await assets;
  const js = `/assets/app-${contentHash(client.main)}.js`;
  const carried = new Set<string>(); // every distinct <style>, for the CSP
  const css = (files: readonly string[]) => {
    const text = sheets(files as StyleFile[]);
    carried.add(text);
    return text;
  };
  const site: Site = {
    ...data,
    assets: { css, styles: [], js, dialog: '', words: '', icon, inlineScripts: await inlineScripts(js, !!data.alert) },
  };
  if (opts.simulateForms) site.forms = { ...site.forms, delivery: 'simulate', endpoint: undefined };
  else if (opts.formsEndpoint && site.forms.delivery !== 'netlify')
    site.forms = { ...site.forms, delivery: 'endpoint', endpoint: opts.formsEndpoint };

  const out = path.resolve(opts.out);
  const tmp = tempFolderFor(out);
  const writer = new Writer(tmp);
  try {
    await fs.mkdir(tmp, { recursive: true });
    if (existsSync(opts.static)) await fs.cp(opts.static, tmp, { recursive: true });
    // linked, not copied, from the cache (whose files never change once written); copied across file systems
    for (const f of photos.files) {
      await fs.mkdir(path.dirname(path.join(tmp, f.to)), { recursive: true });
      await fs.link(f.from, path.join(tmp, f.to)).catch(() => fs.copyFile(f.from, path.join(tmp, f.to)));
    }
    // The estimate file first, when some page has estimate buttons, so that its name is known as they are written:
    // the dialog and its toasts, with the stylesheet of what they need beyond what every page carries
    // (estimateFileStyles), so that neither is in a page's first response (docs/decisions/first-paint.md). Then
    // every page, written once as it renders, its <style> the CSS of the components it rendered (templates/styles.ts).
    // Pages are not held, so memory stays flat.
    const pages = [...routes, ...unlistedRoutes] as Route[];
    // what the client's delivery module alone says, out of the pages' first response (templates/parts/forms.tsx)
    const words = JSON.stringify(formWords(site));
    site.assets.words = `/assets/words-${contentHash(words)}.json`;
    writer.put(site.assets.words.slice(1), words);
    if (pages.some((r) => templates[r.kind]?.dialog)) {
      const sheet = sheets(estimateFileStyles(site));
      const stylesheet = `/assets/estimate-${contentHash(sheet)}.css`;
      const file = renderEstimateFile(site, stylesheet);
      site.assets.dialog = `/assets/estimate-${contentHash(file)}.html`;
      writer.put(stylesheet.slice(1), sheet);
      writer.put(site.assets.dialog.slice(1), file);
    }
    for (const r of pages) writer.put(fileForPath(r.path), renderPage(r, site));
    site.assets.styles = [...carried];
    for (const r of site.redirects) writer.put(fileForPath(r.from), renderRedirect(r, site));
    writer.put(js.slice(1), client.main);
    for (const c of client.chunks) writer.put(`assets/${c.file}`, c.text);
    for (const [f, body] of sitemapFiles(site, routes)) writer.put(f, body);
    writer.put('robots.txt', robotsTxt(site));
    writer.put('_redirects', redirectsFile(site));
    writer.put('_headers', headersFile(site, headedPaths(routes)));
    writer.put('blog/feed.xml', renderFeed(site));
    // the editor at /admin/ (editor/build/files.ts): once site.yaml says which repository it saves to, or for this checkout
    if (editorScript)
      for (const [f, body] of editorFiles(site, { script: await editorScript, index: editorIndex() }, opts.editorApiRoot))
        writer.put(f, body);
    for (const [f, body] of await office) writer.put(f, body);
    await swapIn(tmp, out);
  } catch (e) {
    await fs.rm(tmp, { recursive: true, force: true });
    throw e;
  }
  // The nginx server block lives outside dist/ and names it as root: written only after a good build.
  if (opts.nginx) {
    await fs.mkdir(path.dirname(opts.nginx), { recursive: true });
    await fs.writeFile(opts.nginx, nginxConf(site, { root: out }));
  }
  return {
    warnings,
    placeholders,
    pages: routes.length,
    files: writer.done() + photos.files.length,
    photos: { count: Object.keys(photos.images).length, encoded: photos.encoded },
    ms: performance.now() - started,
    site,
  };
}
