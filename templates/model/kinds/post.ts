// content/blog/{slug}.md → /blog/{slug}: a guide, listed newest first on /blog (blog.ts); a draft or a post dated later
// waits.
import * as z from 'zod';
import { collection, entryPage, faqSchema, hint, isoDate, photoFields, text } from '../kind.ts';

const postSchema = z
  .strictObject({
    title: text,
    description: text,
    summary: text,
    published: hint(
      isoDate,
      'The day the post goes out. A day still to come schedules it: the site shows it from that day on (the host builds daily).',
    ),
    modified: hint(isoDate, 'The day it last changed in substance (not before Published): search engines and the post show it.'),
    linkLabel: hint(text, "The link text on the post's card on /blog.").default('Read Guide'),
    draft: hint(
      z.boolean(),
      'A draft stays off the site (no page, no card, not in the sitemap or feed) until this is turned off. npm run dev shows it.',
    ).default(false),
    faq: faqSchema,
    ...photoFields,
  })
  .superRefine((p, ctx) => {
    if (p.modified < p.published) ctx.addIssue({ code: 'custom', path: ['modified'], message: `is before published (${p.published})` });
  });

export const post = collection({
  folder: 'blog',
  field: 'posts',
  path: (slug) => `/blog/${slug}`,
  entryPages: true,
  gone: { to: '/blog', what: 'post' },
  body: true,
  editor: {
    label: 'Blog posts',
    identify: 'title',
    sortBy: ['published', 'title'],
    description:
      'Guides at /blog/{file name}, newest first. A post marked as a draft, or published on a later date, is left out of the ' +
      'site until it is due (npm run dev shows it).',
  },
  schema: () => postSchema,
  model: ({ image, imageAlt, ...d }, t) => ({
    ...d,
    ...entryPage({ image, imageAlt, ...d }, t),
  }),
  sort: (a, b) => (a.published === b.published ? a.title.localeCompare(b.title) : a.published < b.published ? 1 : -1), // newest first
  waits: (d, hold) => !hold.drafts && (d.draft || d.published > hold.today),
  lastmod: (p) => p.modified,
});
