// The site model: what the build (generator/build-site.ts) hands to the templates. Types only, so templates stay pure.
// What content says comes from the registry of kinds (kinds.ts) and site.yaml's schema (schemas.ts): a field added to
// a schema is in these types with no second declaration. Declared here is only what the build derives: assets,
// routes, listings' pages, a page's head.
import type { ReactNode } from 'react';
import type * as z from 'zod';
import type { Collection, Kinds, Single } from './kinds.ts';
import type { ImageInfo } from './rendered.ts';
import type { buttonSchema } from './kind.ts';
import type { SiteConfig } from './schemas.ts';

export type { FaqItem, ImageCandidate, ImageInfo, Photo, Section } from './rendered.ts';

/** What a file of a kind becomes: its model, and for a folder's entry its slug and, when its kind gives one, its path. */
export type ModelOf<K> =
  K extends Collection<string, z.ZodType, infer M>
    ? M & { slug: string } & (K extends { path(slug: string): string } ? { path: string } : {})
    : K extends Single<z.ZodType, infer M>
      ? M
      : never;
type CollectionName = { [K in keyof Kinds]: Kinds[K] extends Collection ? K : never }[keyof Kinds];
type SingleName = Exclude<keyof Kinds, CollectionName>;

/** Each folder's entries (site.services, site.posts, ...), in their order. */
export type Collections = { [K in CollectionName as Kinds[K]['field']]: ModelOf<Kinds[K]>[] };
/** Each single page's model (site.home, site.blog, ...). */
export type SinglePages = { [K in SingleName]: ModelOf<Kinds[K]> };
/** The names a kind's model takes in the site model, which site.yaml's keys of the same name give way to. */
type ModelKey = keyof Collections | keyof SinglePages;
/** site.yaml's blocks named like a kind's model, as `{name}Settings` (blog: is blogSettings); a list named like a
 *  collection (services:, cities:) only orders its entries, and is not in the model. */
export type Settings = {
  [K in keyof SiteConfig & ModelKey as SiteConfig[K] extends readonly unknown[] ? never : `${K}Settings`]: SiteConfig[K];
};

export type Business = SiteConfig['business'];
export type Service = ModelOf<Kinds['service']>;
export type City = ModelOf<Kinds['city']>;
export type Post = ModelOf<Kinds['post']>;
/** A finished job (content/jobs/{slug}.md): on its city's page, its services' pages and /recent-work. */
export type Job = ModelOf<Kinds['job']>;
/** A booked estimate visit (content/visits/{day}-{window}.md), from the company's today on: site.bookedVisits, in the
 *  order they come. */
export type BookedVisit = { date: string; window: string };
export type Button = z.output<typeof buttonSchema>;
export type Redirect = SiteConfig['redirects'][number];

export interface Assets {
  css(files: readonly string[]): string; // the CSS of these files of styles/ (what a page's components declared, templates/styles.ts), minified: its one <style>
  styles: string[]; // every distinct <style> the pages carry, once they are rendered, each hashed into the CSP
  js: string; // public path of the hashed client module
  dialog: string; // public path of the estimate file (the dialog and its toasts, linking their stylesheet), fetched by the client
  words: string; // public path of the words file: what the client's delivery module alone says (parts/forms.tsx formWords)
  icon: string; // the favicon's href: static/favicon.svg as a data: URL while it is small
  inlineScripts: { head: string; redirect: string }; // the only inline scripts (client/inline/head.ts, client/inline/redirect.ts), hashed into the CSP
}

/** site.yaml `alert:` as every page shows it: only in a build between its start and end. */
export interface SiteAlert {
  message: string; // HTML: a line of Markdown, its links [text](/path) (generator/rules.ts alertMessage)
  link?: string; // a page of the site the message links to
  end: number; // when it comes down, in ms since the epoch: the page's head script hides it then
  storm: boolean; // storm mode: every page says what to do first (site.storm), estimate visits pause
}

/** An arrival window the quote forms offer (site.yaml visits:), as the build worked it out by the company's clock. */
export interface VisitWindow {
  words: string; // as the office reads it: "Wed 2 Dec, 10:00-12:00"
  interval: string; // the same as ISO 8601 with the company's UTC offset: 2026-12-02T10:00-07:00/2026-12-02T12:00-07:00
  until: number; // the last moment it may be chosen, ms since the epoch: the page's script drops it then
}

/** The estimate visits both quote forms offer: the coming windows, or in storm mode none and the line that says so; and
 *  the windows of each day of the week and the days closed, as site.yaml gives them (what a booking is checked against). */
export interface Visits {
  windows: VisitWindow[];
  paused?: string;
  words: NonNullable<SiteConfig['visits']>['words'];
  weekdays: NonNullable<SiteConfig['visits']>['weekdays'];
  closed: string[];
}

/**
 * The whole site: site.yaml as its schema gives it (but its keys named like a kind's model, which are that kind's
 * Settings, `alert:`, which is there only while it is up, and `visits:`, which is the windows offered), each kind's
 * models, and what the build adds.
 */
export type Site = Omit<SiteConfig, ModelKey | 'alert' | 'visits'> &
  SinglePages &
  Collections &
  Settings & {
    alert?: SiteAlert; // the storm alert, while the build's clock is in its window
    visits?: Visits; // the estimate visits offered, with site.yaml visits:
    images: Record<string, ImageInfo>; // every photo of content/images/, by its /images/ path
    year: number; // taken once by the build, never by a template
    assets: Assets;
  };

/** A page of a listing (kind.ts Listing): page 1 holds the newest `perPage` entries, page 2 the next, ... */
export interface ListingPage<T> {
  page: number;
  pages: number; // at least 1
  items: T[];
}

/**
 * A kind of page: what it shows in its head and body. Each file of templates/pages exports one, under its kind's
 * key in templates/pages/index.ts.
 */
export interface PageTemplate<D = undefined> {
  meta(data: D, site: Site, path: string): PageMeta;
  body?(data: D, site: Site): ReactNode;
  /** Structured data after the business block and the breadcrumb list. */
  jsonLd?(data: D, site: Site): object[];
  /** The page's own business block: the whole one (home, city pages); other pages name the business in brief. */
  business?(data: D, site: Site): object;
  /** false: no breadcrumb trail (home, 404). */
  breadcrumb?: boolean;
  /** The breadcrumb trail, where the path's segments do not give it (the blog's later pages). */
  crumbs?(data: D, site: Site, path: string): { label: string; href: string }[];
  /** The page has estimate buttons: the client fetches the estimate dialog for them (site.assets.dialog). */
  dialog?: boolean;
  /** The page has a quote form of its own, so it carries the region its toasts show in. */
  form?: boolean;
}

/** What a listing's pager says (the blog's and recent work's content files, `pager:`). */
export type PagerWords = SinglePages['blog']['pager'];

/** One page of the site: the route table's entry. */
export interface Route<D = any> {
  kind: keyof Kinds; // whose page it is: 'home', 'service', 'post', ... (its template's key)
  path: string;
  source: string; // the content file it comes from, relative to the content folder
  data: D;
  lastmod?: string; // YYYY-MM-DD, for the sitemap
}

/** What every page needs in its head. */
export interface PageMeta {
  title: string; // without the site name
  description: string;
  path: string;
  robots?: string;
  type?: 'article'; // og:type; a website when absent
  image?: { url: string; alt: string }; // the share image (a photo's 1200x630 crop); the social card when absent
}
