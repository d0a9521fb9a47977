// Each kind of content page: its front matter schema and how its file becomes the page's model. The model's type is
// what `model` returns (templates/model.ts reads it from here), so a field added to a schema needs no other declaration.
// A kind's template is in templates/pages, its route in generator/routes.ts; nothing else lists the kinds.
import { z } from 'zod';
import type { Photo } from '../templates/rendered.ts';
import type { MarkdownRenderer } from './markdown.ts';
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

/** A content file read and checked against its kind's schema. */
export interface Loaded<T> {
  file: string; // relative to the working folder, as errors name it
  data: T;
  body: string; // the Markdown after the front matter
  bodyLine: number; // the file line the body starts on, so body errors can name lines
}

/** A kind of content: a schema for its front matter, and the model a loaded file becomes. */
export interface PageKind<S extends z.ZodType, M> {
  schema(config: SiteConfig): S;
  model(loaded: Loaded<z.output<S>>, md: MarkdownRenderer, slug: string): M;
  /** Whether the file's Markdown body is shown on the page (the editor offers a body field only then), and what the
   *  editor calls it where that is not the page's text. */
  body?: boolean | { label: string; hint: string };
}
const kind = <S extends z.ZodType, M>(k: PageKind<S, M>) => k;
/** `photo` only when there is one, so a model without a photo has no such key (post summaries cross threads). */
const withPhoto = (photo: Photo | undefined): { photo?: Photo } => (photo ? { photo } : {});

// ───────────────────────────── collections: one file per page ─────────────────────────────

/** content/services/{slug}.md → /{slug} */
export const serviceKind = kind({
  body: true,
  schema: () =>
    z.strictObject({
      name: text,
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
  model: ({ data: { image, imageAlt, ...d }, file: f, body, bodyLine }, md, slug) => ({
    ...d,
    ...withPhoto(md.frontPhoto({ image, imageAlt }, f)),
    slug,
    path: `/${slug}`,
    description: md.plain(d.description, f, 'description'),
    lead: md.plain(d.lead, f, 'lead'),
    summary: md.plain(d.summary, f, 'summary'),
    faq: md.faq(d.faq, f),
    sections: md.sections(body, f, bodyLine),
    closing: { ...d.closing, text: md.plain(d.closing.text, f, 'closing.text') },
  }),
});

/** content/cities/{slug}.md → /service-area/{slug} */
export const cityKind = kind({
  body: true,
  schema: (config) =>
    z.strictObject({
      name: text,
      title: text,
      description: text,
      lead: text,
      cardSummary: text,
      serviceCards: z.array(z.strictObject({ service: slugOf('service', config.services), text })).min(1),
      nearby: z.array(slugOf('city', config.cities)).default([]),
      map: z.strictObject({ query: text, height: z.number().int().min(200).max(800).default(360) }),
      faq: faqSchema,
      ...photoFields,
    }),
  model: ({ data: { image, imageAlt, ...d }, file: f, body, bodyLine }, md, slug) => ({
    ...d,
    ...withPhoto(md.frontPhoto({ image, imageAlt }, f)),
    slug,
    path: `/service-area/${slug}`,
    description: md.plain(d.description, f, 'description'),
    lead: md.plain(d.lead, f, 'lead'),
    serviceCards: d.serviceCards.map((c, i) => ({ ...c, text: md.plain(c.text, f, `serviceCards[${i}].text`) })),
    faq: md.faq(d.faq, f),
    sections: md.sections(body, f, bodyLine),
  }),
});

/** content/jobs/{slug}.md: a finished job, shown on its city's and services' pages and on /recent-work */
export const jobKind = kind({
  body: {
    label: 'Story',
    hint:
      'What the job was, in a few sentences: the tree, the problem, how the crew did it. Plain paragraphs (no headings); ' +
      "link to a service by its path, like [stump grinding](/stump-grinding). Never a street address or a customer's name.",
  },
  schema: (config) =>
    z.strictObject({
      title: hint(text, 'What was done, like "Two leaning Douglas-firs removed above a carport".'),
      date: hint(isoDate, 'The day the job was finished. The newest jobs show first.'),
      city: hint(slugOf('city', config.cities), "The city the job was in: it shows on that city's page."),
      services: hint(
        z.array(slugOf('service', config.services)).min(1),
        "The services the job was: it shows on each one's page (the newest three there).",
      ),
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
  model: ({ data: d, file: f, body, bodyLine }, md, slug) => {
    const photos: (Photo & { label?: 'before' | 'after' })[] = d.photos.flatMap((p, i) => {
      const photo = md.photo(p.src.trim(), p.alt, undefined, { image: `photos[${i}].src`, alt: `photos[${i}].alt` });
      return photo ? [{ ...photo, ...(p.label ? { label: p.label } : {}) }] : [];
    });
    const sections = md.sections(body, f, bodyLine);
    if (sections.some((s) => s.heading)) {
      const at = body.search(/^##\s/m);
      const line = bodyLine + body.slice(0, at).split('\n').length - 1;
      md.refuse(f, `body, line ${line}`, "a job's story is a few paragraphs, without ## headings");
    }
    return { ...d, slug, photos, story: sections.map((s) => s.html).join('') };
  },
});

const postSchema = z.strictObject({
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
});

/** content/blog/{slug}.md → /blog/{slug} */
export const postKind = kind({
  body: true,
  schema: () => postSchema,
  model: ({ data: { image, imageAlt, ...d }, file: f, body, bodyLine }, md, slug) => {
    return {
      ...d,
      ...withPhoto(md.frontPhoto({ image, imageAlt }, f)),
      slug,
      path: `/blog/${slug}`,
      description: md.plain(d.description, f, 'description'),
      summary: md.plain(d.summary, f, 'summary'),
      faq: md.faq(d.faq, f),
      sections: md.sections(body, f, bodyLine),
    };
  },
});

// ───────────────────────────── single pages: content/pages/{name}.md ─────────────────────────────

export const homeKind = kind({
  schema: (config) => {
    const service = slugOf('service', config.services);
    return z.strictObject({
      title: text,
      description: text,
      hero: z.strictObject({
        eyebrow: text,
        h1: text,
        lead: text,
        estimateLabel: text,
        facts: z.array(z.strictObject({ value: text, label: text })),
      }),
      services: z.strictObject({
        heading: text,
        intro: text,
        cards: z.array(z.strictObject({ service, description: text, features: z.array(listItem), learnMore: text })).min(1),
        priceLabel: phrase(['price'], "A card's starting price, for a service that states one."),
      }),
      cities: z.strictObject({ heading: text, intro: text }),
      expertise: z.strictObject({
        heading: text,
        body: text,
        servicesHeading: text,
        why: z.strictObject({ heading: text, items: z.array(z.strictObject({ title: text, text })) }),
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
  model: ({ data: d, file: f }, md) => ({
    ...d,
    description: md.plain(d.description, f, 'description'),
    hero: { ...d.hero, lead: md.plain(d.hero.lead, f, 'hero.lead') },
    expertise: { ...d.expertise, body: md.block(d.expertise.body, f, 'expertise.body') },
    about: { ...d.about, body: md.block(d.about.body, f, 'about.body') },
    contact: { ...d.contact, intro: md.plain(d.contact.intro, f, 'contact.intro') },
  }),
});

export const aboutKind = kind({
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
  model: ({ data: d, file: f, body, bodyLine }, md) => ({
    ...d,
    description: md.plain(d.description, f, 'description'),
    lead: md.plain(d.lead, f, 'lead'),
    sections: md.sections(body, f, bodyLine),
  }),
});

export const serviceAreasKind = kind({
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
  model: ({ data: d, file: f }, md) => ({
    ...d,
    lead: md.plain(d.lead, f, 'lead'),
    other: { ...d.other, text: md.inline(d.other.text, f, 'other.text') },
  }),
});

export const blogKind = kind({
  schema: (config) =>
    z.strictObject({
      title: text,
      description: text,
      h1: text,
      banner: z.strictObject({ eyebrow: text, lead: text }),
      cta: z.strictObject({ heading: text, text, links: z.array(slugOf('service', config.services)) }),
      postCta: z.strictObject({
        heading: text,
        text,
        links: z.array(z.strictObject({ label: text, href: z.string().regex(/^\//, 'expected a site path like /tree-removal') })),
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
  model: ({ data: d, file: f }, md) => {
    d.postCta.links.forEach((l, i) => md.links.push({ href: l.href, file: f, field: `postCta.links[${i}].href` }));
    return { ...d, listing: { ...d.listing, empty: md.inline(d.listing.empty, f, 'listing.empty') } };
  },
});

/** The top of a page that sends the visitor on rather than being looked for (404, thanks): its hero and a way home. */
const detourPage = { title: text, description: text, eyebrow: text, h1: text, lead: text, homeLink: text };

export const notFoundKind = kind({
  schema: () =>
    z.strictObject({
      ...detourPage,
      servicesHeading: hint(text, 'The heading over the links to every service.'),
      areasHeading: hint(text, 'The heading over the links to every city.'),
    }),
  model: ({ data: d, file: f }, md) => ({ ...d, lead: md.inline(d.lead, f, 'lead') }),
});

/** content/pages/thanks.md → /thanks, where a quote request sent without JavaScript lands */
export const thanksKind = kind({
  schema: () =>
    z.strictObject({
      ...detourPage,
      nextHeading: hint(text, 'The heading over the steps.'),
      steps: z.array(z.strictObject({ title: text, text })).min(1),
    }),
  model: ({ data: d, file: f }, md) => ({
    ...d,
    lead: md.plain(d.lead, f, 'lead'),
    steps: d.steps.map((s, i) => ({ ...s, text: md.inline(s.text, f, `steps[${i}].text`) })),
  }),
});

/** content/pages/recent-work.md → /recent-work (once there is a job), and the words of the recent-work sections */
export const recentWorkKind = kind({
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
  model: ({ data: d, file: f }, md) => ({ ...d, lead: md.plain(d.lead, f, 'lead') }),
});

/** The single pages: the site model's field, and the file under content/pages/ it comes from. */
export const singlePages = {
  home: { file: 'home', kind: homeKind },
  about: { file: 'about', kind: aboutKind },
  serviceAreas: { file: 'service-areas', kind: serviceAreasKind },
  blog: { file: 'blog', kind: blogKind },
  notFound: { file: '404', kind: notFoundKind },
  thanks: { file: 'thanks', kind: thanksKind },
  recentWork: { file: 'recent-work', kind: recentWorkKind },
};
