// The site model: what the build (generator/build-site.ts) hands to the templates. Types only, so templates stay pure.
import type { ReactNode } from 'react';

export interface Business {
  name: string;
  phone: string;
  phoneE164: string;
  email: string;
  address: { street: string; city: string; region: string; postalCode: string; country: string };
  mapUrl: string;
  reviewUrl: string;
  origin: string;
  hours: string;
  openingHours: string;
  priceRange: string;
  extraAreasServed: string[];
}

/** A `##` section of a Markdown body, already rendered to HTML. */
export interface Section {
  id: string;
  heading: string; // HTML of the heading's inline content ('' for text before the first heading)
  html: string;
}

export interface FaqItem {
  q: string; // plain text
  a: string; // HTML
  aText: string; // the answer as plain text, for JSON-LD
}

export type ButtonAction = 'estimate' | 'call' | 'contact';
export interface Button {
  action: ButtonAction;
  label: string;
}

export interface EstimateDescriptor {
  title: string;
  description?: string;
}

export interface Closing {
  heading: string;
  text: string;
  button: Button;
}

export interface Service {
  slug: string;
  path: string;
  name: string;
  title: string;
  description: string;
  h1: string;
  lead: string;
  summary: string;
  breadcrumb?: string;
  startingPrice?: number;
  dialog: EstimateDescriptor;
  heroButtons: Button[];
  faq: FaqItem[];
  closing: Closing;
  sections: Section[];
  photo?: Photo; // the hero's photo, and the page's social card
}

export interface City {
  slug: string;
  path: string;
  name: string;
  title: string;
  description: string;
  lead: string;
  cardSummary: string;
  serviceCards: { service: string; text: string }[];
  nearby: string[];
  map: { query: string; height: number };
  faq: FaqItem[];
  sections: Section[];
  photo?: Photo; // the hero's photo, and the page's social card
}

/** One encoded file of a photo: its public path and its width in pixels. */
export interface ImageCandidate {
  w: number;
  path: string;
}

/** A photo of content/images/, encoded by the build (generator/images.ts). */
export interface ImageInfo {
  src: string; // as content writes it: /images/name.jpg
  width: number; // of the upright original
  height: number;
  sources: { type: string; srcset: ImageCandidate[] }[]; // AVIF, then WebP
  fallback: { type: string; srcset: ImageCandidate[] }; // JPEG, or PNG for a photo with transparency
  og: string; // a 1200x630 crop for social cards
}

/** A photo placed on a page. */
export interface Photo {
  image: ImageInfo;
  alt: string; // '' only when the content says the photo is decorative
  caption?: string;
}

/** A job's photo: a before or after shot when the content says so. */
export interface JobPhoto extends Photo {
  label?: 'before' | 'after';
}

/** A finished job (content/jobs/{slug}.md): shown on its city's page, its services' pages and /recent-work. */
export interface Job {
  slug: string;
  title: string;
  date: string; // YYYY-MM-DD
  city: string; // a city's slug
  services: string[]; // services' slugs
  neighbourhood: string; // a part of the city, never an address
  photos: JobPhoto[]; // 1 to 4
  story: string; // HTML
}

/** content/pages/recent-work.md: the words of /recent-work and of the recent-work sections. */
export interface RecentWorkPage {
  title: string;
  description: string;
  h1: string;
  lead: string;
  cityHeading: string; // {city} is the city's name
  serviceHeading: string; // {service} is the service's name
  allLink: string;
  footerLink: string;
  labels: { before: string; after: string };
  pager: PagerWords & { pagedTitle: string }; // {page} and {pages} in pagedTitle
}

/** What a numbered pager says: its name, the steps (with the hidden words after them) and the word before a number. */
export interface PagerWords {
  label: string;
  newer: string;
  older: string;
  items: string; // "guides": read after Newer and Older, "Newer guides, page 2"
  page: string;
}

/** One page of /recent-work: the newest jobs on /recent-work, older ones on /recent-work/page/2, 3, ... */
export interface JobListing {
  page: number;
  pages: number;
  jobs: Job[];
}

/** What the blog index, sitemap and feed need of a post. A large blog's posts are rendered on several
 *  threads, and only this much of each comes back to the main one. */
export interface PostSummary {
  slug: string;
  path: string;
  title: string;
  description: string;
  summary: string;
  published: string; // YYYY-MM-DD
  modified: string;
  linkLabel: string;
  photo?: Photo; // its cover: the top of the post, its card on /blog, its social card
}

/** A whole post: what its own page needs. */
export interface Post extends PostSummary {
  faq: FaqItem[];
  sections: Section[];
}

export interface HomePage {
  title: string;
  description: string;
  hero: { eyebrow: string; h1: string; lead: string; estimateLabel: string; facts: { value: string; label: string }[] };
  services: {
    heading: string;
    intro: string;
    cards: { service: string; description: string; features: string[]; learnMore: string }[];
  };
  cities: { heading: string; intro: string };
  expertise: {
    heading: string;
    body: string; // HTML
    servicesHeading: string;
    why: { heading: string; items: { title: string; text: string }[] };
    citiesHeading: string;
  };
  about: { heading: string; body: string; linkLabel: string };
  reviews: {
    heading: string;
    intro: string;
    testimonials: { quote: string; name: string; place: string }[];
    reviewLabel: string;
    estimateLabel: string;
  };
  contact: { heading: string; intro: string; formHeading: string; serviceAreaText: string; mapQuery: string };
}

export interface AboutPage {
  title: string;
  description: string;
  h1: string;
  lead: string;
  values: { heading: string; intro: string; items: { title: string; text: string }[] };
  team: { heading: string; intro: string; members: { name: string; role: string; text: string }[] };
  closing: Closing;
  dialog: EstimateDescriptor;
  sections: Section[];
}

export interface ServiceAreasPage {
  title: string;
  description: string;
  h1: string;
  lead: string;
  other: { heading: string; text: string; buttonLabel: string }; // text is HTML
}

export interface BlogPage {
  title: string;
  description: string;
  h1: string;
  banner: { eyebrow: string; lead: string };
  cta: { heading: string; text: string; links: string[] };
  postCta: { heading: string; text: string; links: { label: string; href: string }[] };
}

export interface NotFoundPage {
  title: string;
  description: string;
  h1: string;
  lead: string; // HTML
}

export interface ThanksPage {
  title: string;
  description: string;
  h1: string;
  lead: string;
  steps: { title: string; text: string }[]; // what happens next; text is HTML
}

export interface Redirect {
  from: string;
  to: string;
  message?: string;
  robots?: string;
}

export interface Forms {
  /** Where quote requests go: simulate (nowhere: the spec's one-second simulation), netlify (Netlify Forms) or endpoint. */
  delivery: 'simulate' | 'netlify' | 'endpoint';
  /** The form service's URL, with delivery: endpoint. */
  endpoint?: string;
  contactServices: string[];
  dialogServices: string[];
  dialogPreselect: Record<string, string>;
}

export interface Timing {
  submitDelay: number;
  toastDefault: number;
  toastDialog: number;
  toastContact: number;
  swipeThreshold: number;
  sendTimeout: number; // how long a quote request waits for the form service's answer before it counts as failed
}

export interface Assets {
  style: string; // the whole stylesheet, inlined in every page's head (one <style>, hashed into the CSP)
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

export interface Site {
  business: Business;
  services: Service[];
  cities: City[];
  posts: PostSummary[]; // newest first
  home: HomePage;
  about: AboutPage;
  serviceAreas: ServiceAreasPage;
  blog: BlogPage;
  blogSettings: BlogSettings;
  jobs: Job[]; // newest first
  recentWork: RecentWorkPage;
  jobSettings: { perPage: number };
  cms?: CmsSettings;
  notFound: NotFoundPage;
  thanks: ThanksPage;
  forms: Forms;
  redirects: Redirect[];
  timing: Timing;
  images: Record<string, ImageInfo>; // every photo of content/images/, by its /images/ path
  socialCard: { alt: string }; // static/social-card.png, shared by pages without a photo of their own
  alert?: SiteAlert; // the storm alert, while the build's clock is in its window
  year: number; // taken once by the build, never by a template
  assets: Assets;
}

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
  /** The trail, where the path's segments do not make it (a later page of a listing). */
  crumbs?(data: D, site: Site, path: string): { label: string; href: string }[];
  /** The page has estimate buttons, so it carries the estimate dialog. */
  dialog?: boolean;
  /** Renders the whole page itself (post pages and the blog index, from shells). */
  render?(data: D, site: Site, path: string): string;
}

/** site.yaml `blog:`: posts per page of /blog, and posts in the feed. */
/** Where the editor at /admin saves (site.yaml cms:); absent, it edits a local copy only. */
export interface CmsSettings {
  repo: string; // owner/name on GitHub
  branch: string;
  authUrl?: string; // the OAuth helper's address
}

export interface BlogSettings {
  perPage: number;
  feedItems: number;
  timeZone: string; // where the company is: a post dated today goes out when it is today there
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
