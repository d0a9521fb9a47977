import { jsonForScript } from '../escape.ts';
import { kinds } from '../model/kinds.ts';
import type { PageMeta, Site } from '../model/types.ts';
import { shareImage } from '../seo.ts';

export function pageTitle(meta: PageMeta, site: Site): string {
  const full = `${meta.title} | ${site.business.name}`;
  // search results cut titles near 60-70 characters: long titles go without the site name
  return meta.title.includes(site.business.name) || full.length > 70 ? meta.title : full;
}

/** Every tag of a page's head: SEO, social cards, structured data, the stylesheet and the one module. */
export function Head({ meta, site, title, jsonLd, style }: { meta: PageMeta; site: Site; title: string; jsonLd: object[]; style: string }) {
  const url = site.business.origin + meta.path;
  const image = meta.image ?? shareImage(site, undefined, meta.title);
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title}</title>
      <meta name="description" content={meta.description} />
      {meta.path !== '/404' && <link rel="canonical" href={url} />}
      {meta.robots && <meta name="robots" content={meta.robots} />}
      <meta name="theme-color" content="#1f4d36" />
      <meta property="og:type" content={meta.type ?? 'website'} />
      <meta property="og:site_name" content={site.business.name} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={meta.description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image.url} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta property="og:image:alt" content={image.alt} />
      <meta property="og:locale" content="en_CA" />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={meta.description} />
      <meta name="twitter:image" content={image.url} />
      <meta name="twitter:image:alt" content={image.alt} />
      <link rel="icon" href={site.assets.icon} type="image/svg+xml" />
      {/* The CSS of the components the page rendered (templates/styles.ts), so the first response paints without a
          second round trip */}
      <style dangerouslySetInnerHTML={{ __html: style }} />
      {/* First paint waits until the whole header is parsed, so a slow phone never paints half a header that then
          moves as the rest arrives (Chrome 124+; other browsers ignore it and paint as before) */}
      <link rel="expect" href="#mobile-menu" {...{ blocking: 'render' }} />
      {(meta.path === kinds.blog.path || meta.path.startsWith(`${kinds.blog.path}/`)) && (
        <link rel="alternate" type="application/rss+xml" title={site.blog.feedTitle} href="/blog/feed.xml" />
      )}
      <script dangerouslySetInnerHTML={{ __html: site.assets.inlineScripts.head }} />
      {jsonLd.map((data, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />
      ))}
    </head>
  );
}
