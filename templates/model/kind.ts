// What a kind of content is: a folder of entries (a collection) or one file (a single page), and what each declares.
// Each kind is one file of kinds/, which the registry (kinds.ts) indexes; these are the shapes those files fill in.
import type * as z from 'zod';
import type { FileText, Photo } from './rendered.ts';
import { slugOf } from './fields.ts';

/** Each collection's entries' slugs, by its field (services, cities, ...): what a schema checks a slug against. */
export type Slugs = Record<string, string[]>;

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
  sortBy?: string[];
  /** Staff may delete entries (links to one deleted then lead to `gone.to`, with a warning: docs/decisions/deleting-an-entry.md). */
  deletable?: boolean;
}

interface Common<S extends z.ZodType, M, T extends Settings> {
  schema(slugs: Slugs): S;
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
  /** Its entries' address: each entry is a page there, or (without `entryPages`) only shown on other pages. */
  path(slug: string): string;
  entryPages: boolean;
  /** The order of its entries, when site.yaml gives none (site.yaml's list of the same name orders services and cities). */
  sort?(a: M, b: M): number;
  /** Where a link to an entry of this kind that no file has (one deleted, or an address misspelt) leads, and what the
   *  build's warning calls such an entry (generator/rules.ts). */
  gone: { to: string; what: string };
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

export const collection = <F extends string, S extends z.ZodType, M, T extends Settings = {}>(
  k: Omit<Collection<F, S, M, T>, 'type'>,
): Collection<F, S, M, T> => ({ type: 'collection', ...k });
export const single = <S extends z.ZodType, M, T extends Settings = {}>(k: Omit<Single<S, M, T>, 'type'>): Single<S, M, T> => ({
  type: 'single',
  ...k,
});

/** A field naming an entry of `kind` by its slug (a city's `nearby`, a job's `services`): one of the site's own, with the
 *  valid ones listed when it is not; the editor offers the entries as they are now. */
export const slugIn = (kind: Collection) => (slugs: Slugs) => slugOf(kind.gone.what, kind.folder, slugs[kind.field] ?? []);

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
