// The site model: what the build (generator/build-site.ts) hands to the templates. Types only, so templates stay pure.
// What content says comes from its schemas (generator/schemas.ts for site.yaml, generator/pages.ts for each kind of
// page): a field added to a schema is in these types with no second declaration. Declared here is only what the
// build derives: assets, routes, the blog's listings, a page's head.
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { cityKind, jobKind, PageKind, postKind, serviceKind, singlePages } from '../generator/pages.ts';
import type { buttonSchema, SiteConfig } from '../generator/schemas.ts';
import type { ImageInfo } from './rendered.ts';

export type { FaqItem, ImageCandidate, ImageInfo, Photo, Section } from './rendered.ts';

/** What a kind of page makes of its file: its schema's output, with what its model adds (slug, path, HTML, photo). */
type ModelOf<K> = K extends PageKind<z.ZodType, infer M> ? M : never;

export type Business = SiteConfig['business'];
export type Service = ModelOf<typeof serviceKind>;
export type City = ModelOf<typeof cityKind>;
/** A whole post: what its own page needs. */
export type Post = ModelOf<typeof postKind>;
/** A finished job (content/jobs/{slug}.md): on its city's page, its services' pages and /recent-work. */
export type Job = ModelOf<typeof jobKind>;
/** What the blog index, sitemap and feed need of a post. A large blog's posts are rendered on several threads, and
 *  only this much of each comes back to the main one (generator/content.ts summarize). */
export type PostSummary = Pick<
  Post,
  'slug' | 'path' | 'title' | 'description' | 'summary' | 'published' | 'modified' | 'linkLabel' | 'photo'
>;
/** The single pages (content/pages/*.md), by their field of the site model. */
export type SinglePages = { [K in keyof typeof singlePages]: ModelOf<(typeof singlePages)[K]['kind']> };
export type Button = z.output<typeof buttonSchema>;
export type Redirect = SiteConfig['redirects'][number];
export type BlogSettings = SiteConfig['blog'];

export interface Assets {
  style: string; // the whole stylesheet, inlined in every head (one <style>, hashed into the CSP)
  js: string; // public path of the hashed client module
  icon: string; // the favicon's href: static/favicon.svg as a data: URL while it is small
  inlineScripts: { head: string; redirect: string }; // bodies of the only inline scripts, hashed into the CSP
}

/** site.yaml `alert:` as every page shows it: only in a build between its start and end. */
export interface SiteAlert {
  message: string; // plain text
  link?: string; // a page of the site the message links to
  end: number; // when it comes down, in ms since the epoch: the page's head script hides it then
}

/**
 * The whole site: site.yaml as its schema gives it (but `cities:` and `services:`, which become their pages'
 * models, `blog:` and `jobs:`, which are `blogSettings` and `jobSettings`, and `alert:`, which is there only while it
 * is up), each single page's model, and what the build adds.
 */
export type Site = Omit<SiteConfig, 'cities' | 'services' | 'blog' | 'jobs' | 'alert'> &
  SinglePages & {
    services: Service[]; // in menu order
    cities: City[];
    posts: PostSummary[]; // newest first
    blogSettings: BlogSettings;
    jobs: Job[]; // newest first
    jobSettings: SiteConfig['jobs'];
    alert?: SiteAlert; // the storm alert, while the build's clock is in its window
    images: Record<string, ImageInfo>; // every photo of content/images/, by its /images/ path
    year: number; // taken once by the build, never by a template
    assets: Assets;
  };

/**
 * A kind of page: what it shows in its head and body. Each page file in templates/pages exports one, and the
 * route table (generator/routes.ts) pairs it with a path and its data, so nothing else lists kinds of page.
 */
export interface PageTemplate<D = undefined> {
  meta(data: D, site: Site, path: string): PageMeta;
  body?(data: D, site: Site): ReactNode;
  /** Structured data after the business block and the breadcrumb list. */
  jsonLd?(data: D, site: Site): object[];
  /** The page's own business block, in place of the site's (city pages). */
  business?(data: D, site: Site): object;
  /** false: no breadcrumb trail (home, 404). */
  breadcrumb?: boolean;
  /** The breadcrumb trail, where the path's segments do not give it (the blog's later pages). */
  crumbs?(data: D, site: Site, path: string): { label: string; href: string }[];
  /** The page has estimate buttons, so it carries the estimate dialog. */
  dialog?: boolean;
}

/** What a numbered pager says: its name, the steps (with the hidden words after them) and the word before a number. */
/** What a listing's pager says (the blog's and recent work's content files, `pager:`). */
export type PagerWords = SinglePages['blog']['pager'];

/** One page of /recent-work: the newest jobs on /recent-work, older ones on /recent-work/page/2, 3, ... */
export interface JobListing {
  page: number;
  pages: number;
  jobs: Job[];
}

/** One page of the blog index: /blog is page 1, older posts are on /blog/page/2, 3, ... */
export interface BlogListing {
  page: number;
  pages: number; // at least 1, even with no posts
  posts: PostSummary[]; // this page's, newest first
}

/** One public page: the route table's entry. */
export interface Route<D = any> {
  kind: string; // the template's name, for tests and special cases: 'home', 'service', 'post', ...
  path: string;
  source: string; // the content file it comes from, relative to the content folder
  data: D;
  template: PageTemplate<D>;
  lastmod?: string; // YYYY-MM-DD, for the sitemap
}

/** What every page needs in its head, resolved by the route table. */
export interface PageMeta {
  title: string; // without the site name
  description: string;
  path: string;
  robots?: string;
  image?: { url: string; alt: string }; // the share image (a photo's 1200x630 crop); the social card when absent
}
