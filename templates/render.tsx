// Route -> HTML. Pure: everything a page shows comes from the site model passed in.
import { renderToStaticMarkup } from 'react-dom/server';
import type { PageMeta, Post, PostSummary, Redirect, Route, Site } from './model.ts';
import { pageTitle } from './parts/Head.tsx';
import { Faq, Sections } from './parts/blocks.tsx';
import { renderDocument, type Crumb } from './parts/Layout.tsx';
import { breadcrumbList, localBusiness, faqPage, serviceNode, organization, blogPosting, jsonLdScript } from './seo.ts';
import { HomePage } from './pages/Home.tsx';
import { ServicePage } from './pages/Service.tsx';
import { CityPage } from './pages/City.tsx';
import { AboutPage } from './pages/About.tsx';
import { ServiceAreasPage } from './pages/ServiceAreas.tsx';
import { BlogPage, formatDate, PostCard, PostPage, postView, type PostView } from './pages/Blog.tsx';
import { NotFoundPage } from './pages/NotFound.tsx';

// The business block is the same on every page but the city pages: built once per site.
const businessCache = new WeakMap<Site, object>();
function businessData(site: Site): object {
  let data = businessCache.get(site);
  if (!data) businessCache.set(site, (data = localBusiness(site)));
  return data;
}

const titleCase = (segment: string) => segment.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');

/** Home plus one crumb per path segment, title-cased, with the labels a page asks for. */
export function breadcrumbs(path: string, site: Site): Crumb[] {
  const crumbs: Crumb[] = [{ label: 'Home', href: '/' }];
  let href = '';
  for (const segment of path.split('/').filter(Boolean)) {
    href += `/${segment}`;
    const service = site.services.find((s) => s.path === href);
    // /service-area/* pages live under the index at /service-areas
    if (href === '/service-area') crumbs.push({ label: 'Service Areas', href: '/service-areas' });
    else crumbs.push({ label: service?.breadcrumb ?? titleCase(segment), href });
  }
  return crumbs;
}

function metaFor(route: Route, site: Site): PageMeta {
  switch (route.kind) {
    case 'home': return { title: site.home.title, description: site.home.description, path: '/' };
    case 'about': return { title: site.about.title, description: site.about.description, path: route.path };
    case 'service': return { title: route.service.title, description: route.service.description, path: route.path };
    case 'city': return { title: route.city.title, description: route.city.description, path: route.path };
    case 'serviceAreas': return { title: site.serviceAreas.title, description: site.serviceAreas.description, path: route.path };
    case 'blog': return { title: site.blog.title, description: site.blog.description, path: route.path };
    case 'post': return { title: route.post.title, description: route.post.description, path: route.path };
    case 'notFound': return { title: site.notFound.title, description: site.notFound.description, path: route.path, robots: 'noindex' };
  }
}

export function renderPage(route: Route, site: Site): string {
  if (route.kind === 'post') return renderPost(wholePost(route.post), site);
  const meta = metaFor(route, site);
  const crumbs = route.kind === 'home' || route.kind === 'notFound' ? undefined : breadcrumbs(route.path, site);
  const jsonLd: object[] = [route.kind === 'city' ? localBusiness(site, route.city) : businessData(site)];
  if (crumbs) jsonLd.push(breadcrumbList(site, crumbs));
  let body: React.ReactNode;
  let dialog = false;
  switch (route.kind) {
    case 'home':
      jsonLd.push(breadcrumbList(site, [{ label: 'Home', href: '/' }]));
      body = <HomePage site={site} />;
      break;
    case 'about':
      jsonLd.push(organization(site));
      body = <AboutPage site={site} />;
      dialog = true;
      break;
    case 'service':
      jsonLd.push(serviceNode(site, route.service));
      if (route.service.faq.length) jsonLd.push(faqPage(route.service.faq));
      body = <ServicePage site={site} service={route.service} />;
      dialog = true;
      break;
    case 'city':
      if (route.city.faq.length) jsonLd.push(faqPage(route.city.faq));
      body = <CityPage site={site} city={route.city} />;
      break;
    case 'serviceAreas':
      body = <ServiceAreasPage site={site} />;
      break;
    case 'blog':
      // the cards come from a shell, like post pages: a blog of thousands lists them all
      return fillShell(compileShell(renderDocument({ site, meta, jsonLd, crumbs, dialog, body: <BlogPage site={site} cards={raw('cards')} /> })), {
        cards: site.posts.map((p) => fillShell(cardShell(site), { ...p, date: formatDate(p.published) })).join(''),
      });
    case 'notFound':
      body = <NotFoundPage site={site} />;
      break;
  }
  return renderDocument({ site, meta, jsonLd, crumbs, dialog, body });
}

function wholePost(post: PostSummary | Post): Post {
  if (!('sections' in post)) throw new Error(`${post.path}: a post page renders from the whole post, not its summary`);
  return post;
}

// ───────────────────────────── post pages and cards: shells ─────────────────────────────
// A blog can hold thousands of posts whose pages differ only in a few values. So React renders the post page
// once per site and shape (with or without an "Updated" date, with or without an FAQ), with a marker in place
// of each value, and every post fills the markers in: the same markup at a fraction of the cost. The blog
// index's cards work the same way. Markers are private-use characters, which content never needs.
// tests/build/shells.test.ts checks the result against rendering with React directly.

const text = (name: string) => `\uE000${name}\uE001`; // filled with the value escaped as React escapes text
const raw = (name: string) => `\uE002${name}\uE003`; // filled with HTML as it is (already rendered)
const MARKER = /\uE000(\w+)\uE001|\uE002(\w+)\uE003/g;

type Shell = (string | { name: string; raw: boolean })[];
const shells = new WeakMap<Site, Map<string, Shell>>();

/** A post's own page. */
export function renderPost(post: Post, site: Site): string {
  const view = postView(post);
  const crumbs = breadcrumbs(post.path, site);
  const values: Record<string, string> = {
    title: view.title, summary: view.summary, published: view.published, publishedLabel: view.publishedLabel,
    modified: view.modified ?? '', modifiedLabel: view.modifiedLabel, minutes: view.minutes,
    slug: post.slug, description: post.description, pageTitle: pageTitle(postMeta(post.path, post), site), crumb: crumbs[crumbs.length - 1].label,
    sections: renderToStaticMarkup(<Sections sections={post.sections} />),
    faq: post.faq.length ? renderToStaticMarkup(<Faq items={post.faq} />) : '',
    ldCrumbs: jsonLdScript(breadcrumbList(site, crumbs)), ldPost: jsonLdScript(blogPosting(site, post)),
    ldFaq: post.faq.length ? jsonLdScript(faqPage(post.faq)) : '',
  };
  return fillShell(postShell(site, view.modified !== null, post.faq.length > 0), values);
}

/** The same page rendered by React directly: what the shell must match. */
export function renderPostWithReact(post: Post, site: Site): string {
  const crumbs = breadcrumbs(post.path, site);
  const jsonLd = [businessData(site), breadcrumbList(site, crumbs), blogPosting(site, post), ...(post.faq.length ? [faqPage(post.faq)] : [])];
  const body = <PostPage site={site} view={postView(post)} sections={<Sections sections={post.sections} />} faq={<Faq items={post.faq} />} />;
  return renderDocument({ site, meta: postMeta(post.path, post), jsonLd, crumbs, body });
}

function postMeta(path: string, p: { title: string; description: string }): PageMeta {
  return { title: p.title, description: p.description, path };
}

function postShell(site: Site, updated: boolean, faq: boolean): Shell {
  let bySite = shells.get(site);
  if (!bySite) shells.set(site, (bySite = new Map()));
  const key = `${updated}:${faq}`;
  let shell = bySite.get(key);
  if (shell) return shell;
  const path = `/blog/${text('slug')}`; // still starts with /blog/, as the head's choices expect of a post
  const crumbs = breadcrumbs(path, site);
  crumbs[crumbs.length - 1].label = text('crumb');
  const view: PostView = {
    title: text('title'), summary: text('summary'), published: text('published'), publishedLabel: text('publishedLabel'),
    modified: updated ? text('modified') : null, modifiedLabel: text('modifiedLabel'), minutes: text('minutes'),
  };
  const html = renderDocument({
    site, meta: postMeta(path, { title: text('title'), description: text('description') }), title: text('pageTitle'), crumbs,
    jsonLd: [businessData(site), raw('ldCrumbs'), raw('ldPost'), ...(faq ? [raw('ldFaq')] : [])],
    body: <PostPage site={site} view={view} sections={raw('sections')} faq={faq ? raw('faq') : null} />,
  });
  shell = compileShell(html);
  bySite.set(key, shell);
  return shell;
}

const cards = new WeakMap<Site, Shell>();
function cardShell(site: Site): Shell {
  let shell = cards.get(site);
  if (!shell) {
    const post = { path: text('path'), title: text('title'), summary: text('summary'), published: text('published'), linkLabel: text('linkLabel') };
    cards.set(site, (shell = compileShell(renderToStaticMarkup(<PostCard post={post} date={text('date')} />))));
  }
  return shell;
}

/** Splits rendered HTML at its markers. */
function compileShell(html: string): Shell {
  const shell: Shell = [];
  let last = 0;
  for (const m of html.matchAll(MARKER)) {
    shell.push(html.slice(last, m.index), { name: m[1] ?? m[2], raw: m[2] !== undefined });
    last = m.index! + m[0].length;
  }
  shell.push(html.slice(last));
  if (shell.some((p) => typeof p === 'string' && /[\uE000-\uE003]/.test(p))) throw new Error('shell: a marker was changed by the templates');
  // The markers made the whole string two-byte, and so every slice of it. Pages built from two-byte pieces
  // take V8 twice as long to flatten and encode as UTF-8 when written, so the pieces go back to one byte a character.
  return shell.map((p) => (typeof p === 'string' && /^[\x00-\xff]*$/.test(p) ? Buffer.from(p, 'latin1').toString('latin1') : p));
}

/** Fills a shell's markers with values: text escaped as React escapes it, HTML as it is. */
function fillShell(shell: Shell, values: Record<string, unknown>): string {
  let html = '';
  for (const part of shell) {
    if (typeof part === 'string') html += part;
    else {
      const value = values[part.name];
      if (typeof value !== 'string') throw new Error(`shell: no text for the marker "${part.name}"`);
      html += part.raw ? value : escapeLikeReact(value);
    }
  }
  return html;
}

/** React's escaping of text and attribute values (escapeTextForBrowser). */
function escapeLikeReact(s: string): string {
  return /["&'<>]/.test(s) ? s.replace(/["&'<>]/g, (c) => ESCAPES[c]) : s;
}
const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };

/** A stub at an old address: replaces navigation at once, keeps query and hash, and tells crawlers where to go. */
export function renderRedirect(r: Redirect, site: Site): string {
  const [to, hash = ''] = r.to.split('#');
  const url = site.business.origin + r.to;
  return '<!doctype html>' + renderToStaticMarkup(
    <html lang="en-CA" data-to={to} data-hash={hash ? `#${hash}` : undefined}>
      <head>
        <meta charSet="utf-8" />
        <title>{r.message ?? `Redirecting to ${r.to}`}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {r.robots && <meta name="robots" content={r.robots} />}
        <link rel="canonical" href={url} />
        <meta httpEquiv="refresh" content={`0; url=${r.to}`} />
        <script dangerouslySetInnerHTML={{ __html: site.assets.inlineScripts.redirect }} />
      </head>
      <body>
        <p>{r.message ?? 'This page has moved.'} <a href={r.to}>Continue to {site.business.origin.replace(/^https?:\/\//, '')}{r.to}</a></p>
      </body>
    </html>,
  );
}
