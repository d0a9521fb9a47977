// What a kind of content is: a folder of entries (a collection) or one file (a single page), and what each declares.
// Each kind is one file of kinds/, which the registry (kinds.ts) indexes; these are the shapes those files fill in, and
// the zod pieces their schemas are made of (site.yaml's schema, schemas.ts, is made of them too), each with what a
// field must be and the message when it is not.
import * as z from 'zod';
import type { FileText, Photo } from './rendered.ts';
import { PLACEHOLDER } from './words.ts';

// Each object schema checks by zod's general code, not by a function it compiles at the schema's first parse: the
// compiling cost more than it saved (docs/decisions/build-speed.md). Set here, before the first schema is made, as zod
// reads it then: every schema is made of these pieces.
z.config({ jitless: true });

export const text = z
  .string({ error: (i) => (i.input === undefined ? 'is required' : `expected text, got ${describe(i.input)}`) })
  .trim()
  .min(1, 'must not be empty');
function describe(v: unknown): string {
  if (v === null) return 'nothing (null)';
  if (Array.isArray(v)) return 'a list';
  if (v instanceof Date) return 'a date';
  return `a ${typeof v}`;
}
/** A field's hint in the editor at /admin (editor/build/config.ts): what a comment beside it in the file would say. */
export const hint = <T extends z.ZodType>(schema: T, description: string): T => schema.meta({ description }) as T;

/**
 * An item of a list of display text. YAML's inline list `[Crown cleaning, thinning and raising]` splits at every
 * comma, which shows as an item starting in lower case: refused, with the fix.
 */
export const listItem = text.refine((s) => !/^[a-z]/.test(s), {
  error: (i) =>
    `"${i.input}" starts in lower case: in an inline list [a, b] a comma splits an item in two; quote that item ("a, b") or write one item per line (- a, b)`,
});
/**
 * Text with placeholders that the page fills in, like "Our services in {city}": each `{name}` must be one of `names`
 * (the hint lists them). Site-wide tokens such as {{phone}} work here as in every text field.
 */
export function phrase(names: string[], description: string) {
  const list = names.map((n) => `{${n}}`).join(', ');
  return hint(
    text.superRefine((s, ctx) => {
      for (const m of s.matchAll(PLACEHOLDER))
        if (!names.includes(m[1])) ctx.addIssue({ code: 'custom', message: `unknown placeholder {${m[1]}}; this text takes ${list}` });
    }),
    `${description} ${list} ${names.length > 1 ? 'are' : 'is'} filled in.`,
  );
}

/** A page's photo: `image: /images/name.jpg` with `imageAlt:` (`""` only for a purely decorative photo). */
export const photoFields = {
  image: z
    .string()
    .meta({
      cmsWidget: 'image',
      description:
        'A photo as it comes off the phone or camera (JPEG, PNG, WebP or AVIF, any size): the site makes every size it needs. It shows beside the heading, on cards and when the page is shared. Give it alt text below.',
    })
    .optional(),
  imageAlt: hint(
    z.string(),
    'What the photo shows, for people who cannot see it ("A climber lowering a hemlock limb on a rope beside a house"). Needed with every photo: the site is not published without it.',
  ).optional(),
};
export const faqSchema = z.array(z.strictObject({ q: text, a: text })).default([]);
export const buttonSchema = z.strictObject({ action: z.enum(['estimate', 'call', 'contact']), label: text });
export const closingSchema = z.strictObject({ heading: text, text, button: buttonSchema });
/** A page's title and description (for search results) and the heading and first paragraph it opens with. */
export const pageTop = { title: text, description: text, h1: text, lead: text };
/** The words of a listing's pager (templates/parts/Pager.tsx): its name for screen readers, the steps, the numbers. */
export const pagerWords = {
  label: text,
  newer: text,
  older: text,
  stepLabel: phrase(['page'], 'What screen readers hear after Newer and Older.'),
  page: hint(text, 'Read by screen readers before each page number.'),
};
/** The top of a page that sends the visitor on rather than being looked for (404, thanks): its hero and a way home. */
export const detourPage = {
  title: text,
  description: text,
  eyebrow: text,
  h1: text,
  lead: text,
  homeLink: hint(text, 'The button back to the home page.'),
};
// Front matter is read with YAML's core schema, so dates arrive as text and are checked here.
export const isoDate = z
  .string()
  .meta({ cmsWidget: 'date' })
  .transform((s, ctx) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: `expected a date as YYYY-MM-DD, like 2025-03-14, got "${s}"` });
      return z.NEVER;
    }
    const d = new Date(`${s}T00:00:00Z`);
    if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s) {
      ctx.addIssue({ code: 'custom', message: `${s} is not a date: no such month or day` });
      return z.NEVER;
    }
    return s;
  });
/** A moment as a person writes it, `2026-11-24T18:30`, in the company's time zone (site.yaml blog.timeZone). */
export const localDateTime = z
  .string()
  .meta({ cmsWidget: 'datetime' })
  .refine((s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(s), {
    error: (i) => `expected a date and time as YYYY-MM-DDTHH:MM, like 2026-11-24T18:30, got "${i.input}"`,
  })
  .refine(
    (s) => {
      const d = new Date(`${s}:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 16) === s;
    },
    { error: (i) => `${i.input} is not a time: no such month, day, hour or minute` },
  );

/** A kind's order in site.yaml (`services:`, `cities:`): its entries' slugs, `example` one like them; optional, as an
 *  entry not named comes after these. */
export const entryOrder = (example: string, description: string) =>
  hint(z.array(z.string().regex(/^[a-z0-9-]+$/, `expected a slug like ${example}`)), description).default([]);

/** One of the site's own slugs (`what`: a service, a city), with the valid ones listed when it is not; the editor offers
 *  the entries of its `collection` as they are now (a relation field). */
export function slugOf(what: string, collection: string, slugs: string[]) {
  return z
    .enum(slugs as [string, ...string[]], { error: (i) => `unknown ${what} "${i.input}", expected one of ${slugs.join(', ')}` })
    .meta({ cmsRelation: collection });
}

/** Each collection's entries' slugs, by its field (services, cities, ...): what a schema checks a slug against. */
export type Slugs = Record<string, string[]>;

/** What of site.yaml a kind's fields choose from, beside the entries' slugs: the estimate visits' arrival windows of each
 *  group of weekdays, and the days closed (site.yaml visits:, as its schema gives them; none without visits). Site.yaml as
 *  the build reads it, the site model and the editor's site index each hold them so. */
export interface SiteChoices {
  visits?: { weekdays: readonly { days: readonly string[]; windows: readonly string[] }[]; closed: readonly string[] };
}

/** A kind's own blocks of site.yaml, each by its key: its settings (blog:) and the words its pages share
 * (servicePages:), which site.yaml's schema (schemas.ts) composes with the blocks every page shares. */
export type Settings = Record<string, z.ZodType>;
/** A kind's blocks as the site model holds them: a block named like a kind's model (blog:) as `blogSettings`. */
export type ModelSettings<T extends Settings> = { [K in keyof T & string as `${K}Settings`]: z.output<T[K]> };

/** What the editor shows of a kind: its collection's (or file's) label, and for a folder how entries are made. */
export interface Editor {
  label: string;
  singular?: string;
  description?: string;
  /** The field that names an entry in the editor's lists. */
  identify?: string;
  /** How an entry reads in the editor's lists, from its fields (Sveltia's summary), where `identify` alone says too little. */
  summary?: string;
  /** A new entry's file name, from its fields (Sveltia's slug template); by default from its name. */
  slug?: string;
  sortBy?: string[];
  /** The list's order by the first of `sortBy` (by default the editor's own). */
  order?: 'ascending' | 'descending';
  /** The views of the list, the first shown by default: each the entries whose `field` is at least (`gte`) or before
   *  (`lt`) a value, which may be the editor's `{{today}}`. */
  views?: { name: string; label: string; field: string; gte?: string; lt?: string }[];
  /** Staff may delete entries (links to one deleted then lead to `gone.to`, with a warning: docs/decisions/deleting-an-entry.md). */
  deletable?: boolean;
}

interface Common<S extends z.ZodType, M, T extends Settings> {
  /** Its files' schema, given the entries' slugs and what site.yaml offers to choose from. */
  schema(slugs: Slugs, site: SiteChoices): S;
  /** Its own blocks of site.yaml, beside its files' schema. */
  settings?: T;
  /** What a checked file becomes: the schema's output with its text rendered (tokens, Markdown, photos). */
  model(data: z.output<S>, text: FileText, slug: string): M;
  /** The file's Markdown body is shown (the editor offers a body field only then), and what the editor calls it where
   *  that is not the page's text. */
  body?: boolean | { label: string; hint: string };
  editor: Editor;
}

/** A folder of files, one entry each: content/{folder}/{slug}.md, in the site model as `site[field]`. */
export interface Collection<
  F extends string = string,
  S extends z.ZodType = z.ZodType,
  M = unknown,
  T extends Settings = Settings,
> extends Common<S, M, T> {
  type: 'collection';
  folder: string;
  field: F;
  /** Its entries' address: each entry is a page there, or (without `entryPages`) only shown on other pages; none for
   *  entries no page shows and no link can name (a booked visit: the quote forms leave its window out). */
  path?(slug: string): string;
  entryPages: boolean;
  /** An entry that is over by its file name alone (a booked visit of a day before `today`): not read at all, so it
   *  costs the build nothing and cannot stop it; git keeps it. */
  over?(slug: string, today: string): boolean;
  /** What is wrong with an entry's file name beyond the rule every file name follows, given its data and the other
   *  entries' slugs (a booked visit's name is its day and window), or null. */
  nameProblem?(slug: string, data: z.output<S>, others: string[]): { field: string; problem: string } | null;
  /** The order of its entries, when site.yaml gives none (site.yaml's list of the same name orders services and cities). */
  sort?(a: M, b: M): number;
  /** Where a link to an entry of this kind that no file has (one deleted, or an address misspelt) leads, and what the
   *  build's warning calls such an entry (generator/rules.ts): for a kind with an address. */
  gone?: { to: string; what: string };
  /** The site lists its entries everywhere (menus, forms): the build warns while it has none. */
  listed?: boolean;
  /** The copy counts its entries: {{cityCount}} and {{cityCountWord}}, after `gone.what`. */
  counted?: boolean;
  /** Its entries are options of both quote forms, by name, and the estimate dialog a page of one opens is titled
   *  `dialogTitle`: one site.yaml's forms do not offer yet (just created in the editor) is added to both. */
  quoteOption?(entry: M): { name: string; dialogTitle: string };
  /** An entry that waits: checked, but neither shown nor linked yet (a draft, a post dated later). */
  waits?(data: z.output<S>, hold: Hold): boolean;
  /** The day an entry's page last changed, for the sitemap. */
  lastmod?(entry: M): string;
}

/** The paginated pages of a collection's entries: /blog, /blog/page/2, ... */
export interface Listing<T extends Settings = Settings> {
  /** The collection it lists, by its field (`site[field]`). */
  field: string;
  /** Entries on a page: from its kind's own block of site.yaml (named like the kind, as the site model holds it:
   * `blog:` as `blogSettings`), or a number of its own. */
  perPage(settings: ModelSettings<T>): number;
  /** Page 1 is there even with no entry (otherwise the listing has no page until there is one). */
  always: boolean;
  /** The day a page of the listing last changed, from its newest entry, for the sitemap. */
  lastmod?(newest: Record<string, unknown>): string;
}

/** One file of content/, the model of `site[key]`: a page at `path`, the pages of a listing, or a page every build
 *  writes that no menu or sitemap lists (`unlisted`). */
export interface Single<S extends z.ZodType = z.ZodType, M = unknown, T extends Settings = Settings> extends Common<S, M, T> {
  type: 'single';
  file: string;
  path: string;
  lists?: Listing<T>;
  unlisted?: boolean;
}

/** Which entries wait: drafts and posts dated after `today`, unless `drafts` builds them all. */
export interface Hold {
  drafts: boolean;
  today: string;
}

/** A kind of either sort: its `type` tells which. */
export type Kind = Collection | Single;

/** A kind whose entries have an address (a page, or a place on one). */
type Addressed = Required<Pick<Collection, 'path' | 'gone'>>;
/** A folder kind, its type saying whether its entries have an address. */
export function collection<F extends string, S extends z.ZodType, M, T extends Settings = {}>(
  k: Omit<Collection<F, S, M, T>, 'type'> & Addressed,
): Collection<F, S, M, T> & Addressed;
export function collection<F extends string, S extends z.ZodType, M, T extends Settings = {}>(
  k: Omit<Collection<F, S, M, T>, 'type'>,
): Collection<F, S, M, T>;
export function collection<F extends string, S extends z.ZodType, M, T extends Settings>(k: Omit<Collection<F, S, M, T>, 'type'>) {
  return { type: 'collection', ...k };
}
export const single = <S extends z.ZodType, M, T extends Settings = {}>(k: Omit<Single<S, M, T>, 'type'>): Single<S, M, T> => ({
  type: 'single',
  ...k,
});

/** A field naming an entry of `kind` by its slug (a city's `nearby`, a job's `services`): one of the site's own, with the
 *  valid ones listed when it is not; the editor offers the entries as they are now. */
export const slugIn = (kind: Collection) => (slugs: Slugs) => slugOf(kind.gone?.what ?? kind.folder, kind.folder, slugs[kind.field] ?? []);

/** `photo` only when there is one, so a model without a photo has no such key. */
const withPhoto = (photo: Photo | undefined): { photo?: Photo } => (photo ? { photo } : {});
/** What every kind whose entries are pages with a body makes alike of its file: the photo (when there is one), the FAQ
 * and the body's sections. */
export const entryPage = (d: { image?: string; imageAlt?: string; faq: { q: string; a: string }[] }, t: FileText) => ({
  ...withPhoto(t.photo(d, 'hero')), // and, a post's, on its card on /blog, which is smaller
  faq: t.faq(d.faq),
  sections: t.sections(),
});
/** A listing's page: the first at `base`, the others at `base`/page/N. */
export const pagePath = (base: string) => (page: number) => (page === 1 ? base : `${base}/page/${page}`);

/** What New does in the editor for a kind whose entries are pages listed everywhere, and what deleting one does. */
export const growth = (page: string, listing: string) =>
  `New makes a page at ${page} (its file name comes from its name), in the menus, the footer, both quote forms, the ` +
  "sitemap and the search engines' data, after those ordered in Business settings. After deleting one, links to its " +
  `address lead to ${listing}, and the next publish lists the pages that still link to it, to change.`;
