// Route -> HTML. Pure: everything a page shows comes from the site model passed in.
import { renderToStaticMarkup } from 'react-dom/server';
import type { PageMeta, Post, PostSummary, Redirect, Route, Site } from './model.ts';
import { renderDocument, type Crumb } from './parts/Layout.tsx';
import { breadcrumbList, localBusiness, faqPage, serviceNode, organization, blogPosting } from './seo.ts';
import { HomePage } from './pages/Home.tsx';
import { ServicePage } from './pages/Service.tsx';
import { CityPage } from './pages/City.tsx';
import { AboutPage } from './pages/About.tsx';
import { ServiceAreasPage } from './pages/ServiceAreas.tsx';
import { BlogPage, PostPage } from './pages/Blog.tsx';
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
      body = <BlogPage site={site} />;
      break;
    case 'post': {
      const post = wholePost(route.post);
      jsonLd.push(blogPosting(site, post));
      if (post.faq.length) jsonLd.push(faqPage(post.faq));
      body = <PostPage site={site} post={post} />;
      break;
    }
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

/** A post's own page. */
export function renderPost(post: Post, site: Site): string {
  return renderPage({ kind: 'post', path: post.path, post }, site);
}

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
