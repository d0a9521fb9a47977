// RSS 2.0 feed of the blog, with absolute links.
import { escapeXml as xml } from './escape.ts';
import type { Site } from './model/types.ts';

const rfc822 = (iso: string) => new Date(`${iso}T12:00:00Z`).toUTCString();

export function renderFeed(site: Site): string {
  const o = site.business.origin;
  const items = site.posts.slice(0, site.blogSettings.feedItems).map(
    (p) => `    <item>
      <title>${xml(p.title)}</title>
      <link>${xml(o + p.path)}</link>
      <guid isPermaLink="true">${xml(o + p.path)}</guid>
      <pubDate>${rfc822(p.published)}</pubDate>
      <description>${xml(p.summary)}</description>
    </item>`,
  );
  const updated = site.posts.reduce((max, p) => (p.modified > max ? p.modified : max), '1970-01-01');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xml(`${site.blog.title} | ${site.business.name}`)}</title>
    <link>${xml(`${o}/blog`)}</link>
    <atom:link href="${xml(`${o}/blog/feed.xml`)}" rel="self" type="application/rss+xml"/>
    <description>${xml(site.blog.description)}</description>
    <language>en-ca</language>
    <lastBuildDate>${rfc822(updated)}</lastBuildDate>
${items.join('\n')}
  </channel>
</rss>
`;
}
