// The registry of kinds of content: each kind declared once, with where its files are, its schema, what its file
// becomes (its model), its path, the pages it makes and what the editor at /admin shows. The loader
// (generator/content.ts), the route table (routes.ts), the sitemap, the menus' data, the editor's configuration
// (generator/cms.ts) and the model's types (types.ts) all iterate this table; nothing else names a kind. Each kind's
// template is in templates/pages/, under the same key (templates/pages/index.ts).
import * as z from 'zod';
import { SERVICE_ICONS } from './constants.ts';
import type { FileText, Photo } from './rendered.ts';
import {
  buttonSchema,
  closingSchema,
  faqSchema,
  hint,
  isoDate,
  listItem,
  photoFields,
  phrase,
  slugOf,
  text,
  type SiteConfig,
} from './schemas.ts';

/** What a kind's schema may depend on: the slugs of the site's services and cities, as their files name them. */
export type Slugs = Pick<SiteConfig, 'services' | 'cities'>;

/** What the editor shows of a kind: its collection's (or file's) label, and for a folder how entries are made. */
export interface Editor {
  label: string;
  singular?: string;
  description?: string;
  /** The field that names an entry in the editor's lists. */
  identify?: string;
  sortBy?: string[];
  /** Staff may delete entries (links to one deleted then lead to `gone.to`, with a warning: docs/decisions/deleting-an-entry.md). */
  deletable?: boolean;
}

interface Common<S extends z.ZodType, M> {
  schema(slugs: Slugs): S;
  /** What a checked file becomes: the schema's output with its text rendered (tokens, Markdown, photos). */
  model(data: z.output<S>, text: FileText, slug: string): M;
  /** The file's Markdown body is shown (the editor offers a body field only then), and what the editor calls it where
   *  that is not the page's text. */
  body?: boolean | { label: string; hint: string };
  editor: Editor;
}

/** A folder of files, one entry each: content/{folder}/{slug}.md, in the site model as `site[field]`. */
export interface Collection<F extends string = string, S extends z.ZodType = z.ZodType, M = unknown> extends Common<S, M> {
  type: 'collection';
  folder: string;
  field: F;
  /** Its entries' address: each entry is a page there, or (without `page`) only shown on other pages. */
  path(slug: string): string;
  page: boolean;
  /** The order of its entries, when site.yaml gives none (site.yaml's list of the same name orders services and cities). */
  sort?(a: M, b: M): number;
  /** Where a link to an entry of this kind that no file has (one deleted, or an address misspelt) leads, and what the
   *  build's warning calls such an entry (generator/rules.ts). */
  gone: { to: string; what: string };
  /** The site lists its entries everywhere (menus, forms): the build warns while it has none. */
  listed?: boolean;
  /** An entry that waits: checked, but neither shown nor linked yet (a draft, a post dated later). */
  waits?(data: z.output<S>, hold: Hold): boolean;
  /** The day an entry's page last changed, for the sitemap. */
  lastmod?(entry: M): string;
}

/** The paginated pages of another kind's entries: /blog, /blog/page/2, ... */
export interface Listing {
  field: 'posts' | 'jobs';
  perPage(settings: { blogSettings: SiteConfig['blog']; jobSettings: SiteConfig['jobs'] }): number;
  /** Page 1 is there even with no entry (otherwise the listing has no page until there is one). */
  always: boolean;
  /** The day a page of the listing last changed, from its newest entry, for the sitemap. */
  lastmod?(newest: Record<string, unknown>): string;
}

/** One file of content/pages/, the model of `site[key]`: a page at `path`, the pages of a listing, or a page every
 *  build writes that no menu or sitemap lists (`unlisted`). */
export interface Single<S extends z.ZodType = z.ZodType, M = unknown> extends Common<S, M> {
  type: 'page';
  file: string;
  path: string;
  lists?: Listing;
  unlisted?: boolean;
}

/** Which entries wait: drafts and posts dated after `today`, unless `drafts` builds them all. */
export interface Hold {
  drafts: boolean;
  today: string;
}

/** A kind of either sort: its `type` tells which. */
export type Kind = Collection | Single;

const collection = <F extends string, S extends z.ZodType, M>(k: Omit<Collection<F, S, M>, 'type'>): Collection<F, S, M> => ({
  type: 'collection',
  ...k,
});
const single = <S extends z.ZodType, M>(k: Omit<Single<S, M>, 'type'>): Single<S, M> => ({ type: 'page', ...k });
/** `photo` only when there is one, so a model without a photo has no such key. */
const withPhoto = (photo: Photo | undefined): { photo?: Photo } => (photo ? { photo } : {});
/** What every kind whose entries are pages with a body makes alike of its file: the photo (when there is one), the FAQ
 * and the body's sections. */
const entryPage = (d: { image?: string; imageAlt?: string; faq: { q: string; a: string }[] }, t: FileText) => ({
  ...withPhoto(t.photo(d)),
  faq: t.faq(d.faq),
  sections: t.sections(),
});
/** A listing's page: the first at `base`, the others at `base`/page/N. */
export const pagePath = (base: string) => (page: number) => (page === 1 ? base : `${base}/page/${page}`);

const serviceSlug = (s: Slugs) => slugOf('service', 'services', s.services);
const citySlug = (s: Slugs) => slugOf('city', 'cities', s.cities);
/** What New does in the editor for a kind whose entries are pages, and what deleting one does. */
const growth = (page: string, listing: string) =>
  `New makes a page at ${page} (its file name comes from its name), in the menus, the footer, both quote forms, the ` +
  "sitemap and the search engines' data, after those ordered in Business settings. After deleting one, links to its " +
  `address lead to ${listing}, and the next publish lists the pages that still link to it, to change.`;

/** content/services/{slug}.md → /{slug} */
const service = collection({
  folder: 'services',
  field: 'services',
  path: (slug) => `/${slug}`,
  page: true,
  gone: { to: '/#services-heading', what: 'service' },
  listed: true,
  body: true,
  editor: {
    label: 'Services',
    singular: 'Service',
    identify: 'name',
    deletable: true,
    description: `One page per service. ${growth('/{its name}', 'the services on the home page')}`,
  },
  schema: () =>
    z.strictObject({
      name: text,
      icon: hint(
        z.enum(SERVICE_ICONS),
        "The picture beside the name in the menus, on cards and on its chips, from the site's own set (a leaf if none is chosen).",
      ).default('leaf'),
      title: text,
      description: text,
      h1: text,
      lead: text,
      summary: text,
      breadcrumb: text.optional(),
      startingPrice: z.number().int().positive().optional(),
      dialog: z.strictObject({ title: text, description: text.optional() }),
      heroButtons: z.array(buttonSchema).default([]),
      faq: faqSchema,
      closing: closingSchema,
      ...photoFields,
    }),
  model: ({ image, imageAlt, ...d }, t) => ({
    ...d,
    ...entryPage({ image, imageAlt, ...d }, t),
  }),
});

/** content/cities/{slug}.md → /service-area/{slug} */
const city = collection({
  folder: 'cities',
  field: 'cities',
  path: (slug) => `/service-area/${slug}`,
  page: true,
  gone: { to: '/service-areas', what: 'city' },
  listed: true,
  body: true,
  editor: {
    label: 'Service areas',
    singular: 'Service area',
    identify: 'name',
    deletable: true,
    description: `One page per city. ${growth('/service-area/{its name}', '/service-areas')}`,
  },
  schema: (slugs) =>
    z.strictObject({
      name: text,
      title: text,
      description: text,
      lead: text,
      cardSummary: text,
      serviceCards: z.array(z.strictObject({ service: serviceSlug(slugs), text })).min(1),
      nearby: z.array(citySlug(slugs)).default([]),
      map: z.strictObject({ query: text, height: z.number().int().min(200).max(800).default(360) }),
      faq: faqSchema,
      ...photoFields,
    }),
  model: ({ image, imageAlt, ...d }, t) => ({
    ...d,
    ...entryPage({ image, imageAlt, ...d }, t),
  }),
});

/** content/jobs/{slug}.md: a finished job, shown on its city's and services' pages and on /recent-work (its card's
 *  address: /recent-work#job-{slug}) */
const job = collection({
  folder: 'jobs',
  field: 'jobs',
  path: (slug) => `/recent-work#job-${slug}`,
  page: false,
  gone: { to: '/', what: 'job' },
  editor: {
    label: 'Jobs',
    singular: 'Job',
    identify: 'title',
    sortBy: ['date', 'title'],
    deletable: true,
    description:
      "Finished jobs, with photos: each shows on its city's page and its services' pages (the newest three there) and on " +
      '/recent-work, newest first. From a phone: New, take or choose the photos, pick the city and the services, Save.',
  },
  body: {
    label: 'Story',
    hint:
      'What the job was, in a few sentences: the tree, the problem, how the crew did it. Plain paragraphs (no headings); ' +
      "link to a service by its path, like [stump grinding](/stump-grinding). Never a street address or a customer's name.",
  },
  schema: (slugs) =>
    z.strictObject({
      title: hint(text, 'What was done, like "Two leaning Douglas-firs removed above a carport".'),
      date: hint(isoDate, 'The day the job was finished. The newest jobs show first.'),
      city: hint(citySlug(slugs), "The city the job was in: it shows on that city's page."),
      services: hint(z.array(serviceSlug(slugs)).min(1), "The services the job was: it shows on each one's page (the newest three there)."),
      neighbourhood: hint(text, 'The part of the city, like Deer Lake or Queensborough: never a street address.'),
      photos: hint(
        z
          .array(
            z.strictObject({
              src: z.string().meta({
                cmsWidget: 'image',
                title: 'Photo',
                description: 'A photo from the job as it comes off the phone: the site makes every size it needs.',
              }),
              alt: hint(text, 'What the photo shows, for people who cannot see it ("The stump ground below the lawn").'),
              label: hint(z.enum(['before', 'after']), 'Before or after the work, when the photo is one of a pair (optional).').optional(),
            }),
          )
          .min(1)
          .max(4),
        'One to four photos, in the order they show: a before and an after make the best pair.',
      ),
    }),
  model: (d, t) => {
    const photos: (Photo & { label?: 'before' | 'after' })[] = d.photos.flatMap((p, i) => {
      const photo = t.photoAt(p.src.trim(), p.alt, { image: `photos[${i}].src`, alt: `photos[${i}].alt` });
      return photo ? [{ ...photo, ...(p.label ? { label: p.label } : {}) }] : [];
    });
    const sections = t.sections();
    const heading = sections.find((s) => s.heading);
    if (heading) t.refuse(`body, line ${t.bodyLine('## ')}`, "a job's story is a few paragraphs, without ## headings");
    return { ...d, photos, story: sections.map((s) => s.html).join('') };
  },
  sort: (a, b) => (a.date === b.date ? a.title.localeCompare(b.title) : a.date < b.date ? 1 : -1), // newest first
});

/** content/blog/{slug}.md → /blog/{slug} */
const post = collection({
  folder: 'blog',
  field: 'posts',
  path: (slug) => `/blog/${slug}`,
  page: true,
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
    linkLabel: text.default('Read Guide'),
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

// ───────────────────────────── single pages: content/pages/{name}.md ─────────────────────────────

const home = single({
  file: 'pages/home.md',
  path: '/',
  editor: { label: 'Home' },
  schema: (slugs) => {
    const service = serviceSlug(slugs);
    return z.strictObject({
      title: text,
      description: text,
      hero: z.strictObject({
        eyebrow: text,
        h1: text,
        lead: text,
        estimateLabel: text,
        facts: z.array(z.strictObject({ value: text, label: text })).default([]),
      }),
      services: z.strictObject({
        heading: text,
        intro: text,
        cards: z.array(z.strictObject({ service, description: text, features: z.array(listItem).default([]), learnMore: text })).min(1),
        priceLabel: phrase(['price'], "A card's starting price, for a service that states one."),
      }),
      cities: z.strictObject({ heading: text, intro: text }),
      expertise: z.strictObject({
        heading: text,
        body: text,
        servicesHeading: text,
        why: z.strictObject({ heading: text, items: z.array(z.strictObject({ title: text, text })).default([]) }),
        citiesHeading: text,
      }),
      about: z.strictObject({ heading: text, body: text, linkLabel: text }),
      reviews: z.strictObject({
        heading: text,
        intro: text,
        testimonials: z.array(z.strictObject({ quote: text, name: text, place: text })).length(3),
        starsLabel: hint(text, 'The five stars of each testimonial, as screen readers read them.'),
        reviewLabel: text,
        estimateLabel: text,
      }),
      contact: z.strictObject({
        heading: text,
        intro: text,
        formHeading: text,
        cards: hint(
          z.strictObject({ call: text, email: text, address: text, area: text, hours: text }),
          'The headings of the cards beside the form.',
        ),
        serviceAreaText: text,
        mapQuery: text,
        mapTitle: hint(text, 'The map, as screen readers name it.'),
      }),
    });
  },
  model: (d, t) => ({
    ...d,
    expertise: { ...d.expertise, body: t.block(d.expertise.body, 'expertise.body') },
    about: { ...d.about, body: t.block(d.about.body, 'about.body') },
  }),
});

const about = single({
  file: 'pages/about.md',
  path: '/about',
  editor: { label: 'About' },
  body: true,
  schema: () =>
    z.strictObject({
      title: text,
      description: text,
      h1: text,
      lead: text,
      values: z.strictObject({ heading: text, intro: text, items: z.array(z.strictObject({ title: text, text })).length(4) }),
      team: z.strictObject({ heading: text, intro: text, members: z.array(z.strictObject({ name: text, role: text, text })).min(1) }),
      closing: closingSchema,
      dialog: z.strictObject({ title: text, description: text.optional() }),
    }),
  model: (d, t) => ({ ...d, sections: t.sections() }),
});

const serviceAreas = single({
  file: 'pages/service-areas.md',
  path: '/service-areas',
  editor: { label: 'Service areas' },
  schema: () =>
    z.strictObject({
      title: text,
      description: text,
      h1: text,
      lead: text,
      listHeading: hint(text, 'The heading over the list of cities, for screen readers. {{cityCountWord}} counts them.'),
      more: hint(text, "A city card's link."),
      moreLabel: phrase(['city'], 'What screen readers hear after it.'),
      other: z.strictObject({ heading: text, text, buttonLabel: text }),
    }),
  model: (d, t) => ({ ...d, other: { ...d.other, text: t.inline(d.other.text, 'other.text') } }),
});

/** content/pages/blog.md → /blog, /blog/page/2, ...: the posts, newest first, and the words of every post's page */
const blog = single({
  file: 'pages/blog.md',
  path: '/blog',
  lists: { field: 'posts', perPage: (s) => s.blogSettings.perPage, always: true },
  editor: { label: 'Blog' },
  schema: (slugs) =>
    z.strictObject({
      title: text,
      description: text,
      h1: text,
      banner: z.strictObject({ eyebrow: text, lead: text }),
      cta: z.strictObject({ heading: text, text, links: z.array(serviceSlug(slugs)).default([]) }),
      postCta: z.strictObject({
        heading: text,
        text,
        links: z
          .array(z.strictObject({ label: text, href: z.string().regex(/^\//, 'expected a site path like /tree-removal') }))
          .default([]),
      }),
      feedTitle: hint(text, "The feed's name, as a browser offers it to subscribe."),
      listing: hint(
        z.strictObject({
          latest: hint(text, 'The heading over the posts on /blog.'),
          older: hint(text, 'The heading over the posts on the later pages.'),
          empty: hint(text, 'Shown on /blog while there is no post.'),
          laterTitle: phrase(['page', 'pages'], 'The title of a later page.'),
          laterDescription: phrase(['page', 'pages', 'dates'], 'The description of a later page for search engines.'),
          oneDay: phrase(['date'], "{dates} when a page's posts came out on one day."),
          dateRange: phrase(['oldest', 'newest'], '{dates} when they span several days.'),
          pageOf: phrase(['page', 'pages'], "The line under a later page's heading."),
          crumb: phrase(['page'], "A later page's last breadcrumb step."),
        }),
        'The words of /blog and its later pages.',
      ),
      pager: hint(
        z.strictObject({
          label: hint(text, 'What screen readers call the page links.'),
          newer: text,
          older: text,
          stepLabel: phrase(['page'], 'What screen readers hear after Newer and Older.'),
          page: hint(text, 'Read by screen readers before each page number.'),
        }),
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

/** The top of a page that sends the visitor on rather than being looked for (404, thanks): its hero and a way home. */
const detourPage = { title: text, description: text, eyebrow: text, h1: text, lead: text, homeLink: text };

/** content/pages/404.md → 404.html, what a host answers for an address it has no page for */
const notFound = single({
  file: 'pages/404.md',
  path: '/404',
  unlisted: true,
  editor: { label: 'Page not found (404)' },
  schema: () =>
    z.strictObject({
      ...detourPage,
      servicesHeading: hint(text, 'The heading over the links to every service.'),
      areasHeading: hint(text, 'The heading over the links to every city.'),
    }),
  model: (d, t) => ({ ...d, lead: t.inline(d.lead, 'lead') }),
});

/** content/pages/thanks.md → /thanks, where a quote request sent without JavaScript lands */
const thanks = single({
  file: 'pages/thanks.md',
  path: '/thanks',
  unlisted: true,
  editor: { label: 'Thanks' },
  schema: () =>
    z.strictObject({
      ...detourPage,
      nextHeading: hint(text, 'The heading over the steps.'),
      visit: hint(
        text,
        'Shown over the steps while the quote forms offer estimate visits (Business settings, Visits): what becomes of the times a visitor chose, and when the office confirms one.',
      ).optional(),
      steps: z.array(z.strictObject({ title: text, text })).min(1),
    }),
  model: (d, t) => ({ ...d, steps: d.steps.map((s, i) => ({ ...s, text: t.inline(s.text, `steps[${i}].text`) })) }),
});

/** content/pages/recent-work.md → /recent-work (once there is a job), and the words of the recent-work sections */
const recentWork = single({
  file: 'pages/recent-work.md',
  path: '/recent-work',
  lists: { field: 'jobs', perPage: (s) => s.jobSettings.perPage, always: false, lastmod: (job) => String(job.date) },
  editor: { label: 'Recent work' },
  schema: () => {
    const pattern = (token: string, example: string) =>
      hint(
        text.refine((s) => s.includes(token), { error: `must contain ${token}, where the name goes, like "${example}"` }),
        `${token} stands for the name, like "${example}".`,
      );
    return z.strictObject({
      title: text,
      description: text,
      h1: text,
      lead: text,
      cityHeading: pattern('{city}', 'Recent work in {city}'),
      serviceHeading: pattern('{service}', '{service}: recent jobs'),
      allLink: hint(text, 'The link from those sections to /recent-work.'),
      footerLink: hint(text, "The footer's link to /recent-work (shown once there is a job)."),
      labels: hint(z.strictObject({ before: text, after: text }), 'The words on photos marked before or after.'),
      pager: hint(
        z.strictObject({
          label: text,
          newer: text,
          older: text,
          stepLabel: phrase(['page'], 'What screen readers hear after Newer and Older.'),
          page: hint(text, 'Read by screen readers before each page number.'),
          pagedTitle: pattern('{page}', 'Recent work, page {page} of {pages}'),
        }),
        'The page numbers under the jobs: their name for screen readers, the steps, and the title of a later page.',
      ),
    });
  },
  model: (d) => d,
});

/** Every kind, in the order the route table, the sitemap and the menus list their pages. */
export const kinds = { home, about, service, blog, post, serviceAreas, city, recentWork, job, notFound, thanks };
export type Kinds = typeof kinds;
export type KindName = keyof Kinds;
/** Each kind by its name, as code that goes through all of them, or finds one by name, sees it. */
export const registry: Record<KindName, Kind> = kinds;
export const kindList = Object.entries(registry) as [KindName, Kind][];
