// content/pages/blog.md → /blog, /blog/page/2, ...: the posts (post.ts), newest first, site.yaml's blog.perPage to a
// page, and the words of every post's page.
import * as z from 'zod';
import { hint, pagerWords, phrase, single, text } from '../kind.ts';
import { serviceSlug } from './service.ts';

export const blog = single({
  file: 'pages/blog.md',
  path: '/blog',
  lists: { field: 'posts', perPage: (s) => s.blogSettings.perPage, always: true },
  editor: { label: 'Blog' },
  /** Its block of site.yaml: posts per page, the feed, and the company's time zone. */
  settings: {
    blog: z
      .strictObject({
        perPage: hint(z.number().int().min(1), 'Posts on /blog; older ones are on /blog/page/2, /blog/page/3, ...').default(12),
        feedItems: hint(z.number().int().min(1), 'Posts in the feed, /blog/feed.xml.').default(20),
        // a zone the company's clock knows: checked against its tz data (rules.ts timeZoneProblem), not the runtime's
        timeZone: hint(
          z.string(),
          'Where the company is, as a time zone like America/Vancouver: a post scheduled for a day goes out on that day there.',
        ).default('America/Vancouver'),
      })
      .default({ perPage: 12, feedItems: 20, timeZone: 'America/Vancouver' })
      .meta({ description: 'The blog: posts per page, the feed, and the time zone scheduled posts go out in.' }),
  },
  schema: (slugs) =>
    z.strictObject({
      title: text,
      description: text,
      h1: text,
      banner: hint(z.strictObject({ eyebrow: text, lead: text }), 'The banner at the top of /blog.'),
      cta: z
        .strictObject({ heading: text, text, links: z.array(serviceSlug(slugs)).default([]) })
        .meta({ title: 'Call to action', description: 'The call to action beside the posts, linking to services.' }),
      postCta: z
        .strictObject({
          heading: text,
          text,
          links: z
            .array(z.strictObject({ label: text, href: z.string().regex(/^\//, 'expected a site path like /tree-removal') }))
            .default([]),
        })
        .meta({ title: 'Call to action under each post', description: 'The call to action at the end of every post.' }),
      feedTitle: hint(text, "The feed's name, as a browser offers it to subscribe."),
      listing: hint(
        z.strictObject({
          latest: hint(text, 'The heading over the posts on /blog.'),
          older: hint(text, 'The heading over the posts on the later pages.'),
          empty: hint(text, 'Shown on /blog while there is no post.').meta({ cmsWidget: 'text' }),
          laterTitle: phrase(['page', 'pages'], 'The title of a later page.'),
          laterDescription: phrase(['page', 'pages', 'dates'], 'The description of a later page for search engines.').meta({
            cmsWidget: 'text',
          }),
          oneDay: phrase(['date'], "{dates} when a page's posts came out on one day."),
          dateRange: phrase(['oldest', 'newest'], '{dates} when they span several days.'),
          pageOf: phrase(['page', 'pages'], "The line under a later page's heading."),
          crumb: phrase(['page'], "A later page's last breadcrumb step."),
        }),
        'The words of /blog and its later pages.',
      ),
      pager: hint(
        z.strictObject({ ...pagerWords, label: hint(text, 'What screen readers call the page links.') }),
        'The links to the newer and older pages of posts.',
      ),
      post: hint(
        z.strictObject({
          eyebrow: text,
          published: phrase(['date'], 'The day a post came out.'),
          updated: phrase(['date'], 'The day it last changed, for a post updated since.'),
          readingTime: phrase(['minutes'], 'How long it takes to read.'),
        }),
        'The words at the top of every post.',
      ),
    }),
  model: (d, t) => {
    d.postCta.links.forEach((l, i) => t.link(l.href, `postCta.links[${i}].href`));
    return { ...d, listing: { ...d.listing, empty: t.inline(d.listing.empty, 'listing.empty') } };
  },
});
