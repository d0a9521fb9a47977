// Route -> HTML. Pure: everything a page shows comes from the site model passed in.
import { renderToStaticMarkup } from 'react-dom/server';
import type { Redirect, Route, Site } from './model/types.ts';
import { fill } from './model/words.ts';
import { templates } from './pages/index.ts';
import { breadcrumbs, renderDocument } from './parts/Layout.tsx';
import { breadcrumbList, businessSummary } from './seo.ts';

/** A route's page: the business block, breadcrumb and document around what its template shows. */
export function renderPage(route: Route, site: Site): string {
  const t = templates[route.kind];
  if (!t) throw new Error(`${route.path}: the kind "${route.kind}" has no template in templates/pages/index.ts`);
  const crumbs = t.breadcrumb === false ? undefined : t.crumbs ? t.crumbs(route.data, site, route.path) : breadcrumbs(route.path, site);
  const jsonLd: object[] = [t.business ? t.business(route.data, site) : businessSummary(site)];
  if (crumbs) jsonLd.push(breadcrumbList(site, crumbs));
  if (t.jsonLd) jsonLd.push(...t.jsonLd(route.data, site));
  const meta = t.meta(route.data, site, route.path);
  return renderDocument({ site, meta, jsonLd, crumbs, dialog: t.dialog, form: t.form, body: () => t.body?.(route.data, site) });
}

/** A stub at an old address: replaces navigation at once, keeps query and hash, and tells crawlers where to go. */
export function renderRedirect(r: Redirect, site: Site): string {
  const [to, hash = ''] = r.to.split('#');
  const url = site.business.origin + r.to;
  const l = site.labels;
  return (
    '<!doctype html>' +
    renderToStaticMarkup(
      <html lang="en-CA" data-to={to} data-hash={hash ? `#${hash}` : undefined}>
        <head>
          <meta charSet="utf-8" />
          <title>{r.message ?? fill(l.redirectTitle, { to: r.to })}</title>
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          {r.robots && <meta name="robots" content={r.robots} />}
          <link rel="canonical" href={url} />
          <meta httpEquiv="refresh" content={`0; url=${r.to}`} />
          <script dangerouslySetInnerHTML={{ __html: site.assets.inlineScripts.redirect }} />
        </head>
        <body>
          <p>
            {r.message ?? l.redirectText}{' '}
            <a href={r.to}>{fill(l.redirectLink, { address: site.business.origin.replace(/^https?:\/\//, '') + r.to })}</a>
          </p>
        </body>
      </html>,
    )
  );
}
