// The build: load content, validate it, resolve routes, render every page, bundle CSS and JS,
// and swap the new dist/ in only when all of it succeeded.
//   tsx build.ts [--content DIR] [--out DIR] [--static DIR] [--nginx FILE] [--watch] [--port N] [--quiet] [--threads N]
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, promises as fs, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, threadId, Worker, workerData } from 'node:worker_threads';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import matter from 'gray-matter';
import yaml from 'js-yaml';
import { Marked, Renderer, type Token, type Tokens } from 'marked';
import { z } from 'zod';
import type {
  AboutPage, BlogPage, Button, City, FaqItem, HomePage, NotFoundPage, Post, PostSummary, Redirect, Route, Section, Service,
  ServiceAreasPage, Site,
} from './templates/model.ts';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
// React's development build is several times slower to render; templates are only ever rendered for output.
process.env.NODE_ENV ??= 'production';

// BUILD_TRACE=1 prints when each phase ends, in ms since the main thread started (helper threads included).
if (isMainThread) process.env.BUILD_TRACE_T0 ??= String(performance.timeOrigin);
const trace = process.env.BUILD_TRACE ? (label: string) => process.stderr.write(`[trace] ${
  (performance.timeOrigin + performance.now() - Number(process.env.BUILD_TRACE_T0)).toFixed(0).padStart(5)} ms ${isMainThread ? 'main' : `thread ${threadId}`}: ${label}\n`) : () => {};

// ───────────────────────────── errors ─────────────────────────────

/** A problem in the content: which file, which field, what was expected. */
export class ContentError extends Error {
  constructor(public file: string, public field: string, public problem: string) {
    super(`${file}: ${field ? `${field}: ` : ''}${problem}`);
  }
}
export class BuildFailed extends Error {
  constructor(public errors: ContentError[]) {
    super(`Build failed with ${errors.length} content error${errors.length === 1 ? '' : 's'}:\n` +
      errors.map((e) => `  ✗ ${e.message}`).join('\n'));
  }
}

// ───────────────────────────── schemas ─────────────────────────────

const text = z.string({ error: (i) => (i.input === undefined ? 'is required' : `expected text, got ${describe(i.input)}`) })
  .trim().min(1, 'must not be empty');
function describe(v: unknown): string {
  if (v === null) return 'nothing (null)';
  if (Array.isArray(v)) return 'a list';
  if (v instanceof Date) return 'a date';
  return `a ${typeof v}`;
}
const faqSchema = z.array(z.strictObject({ q: text, a: text })).default([]);
const buttonSchema = z.strictObject({ action: z.enum(['estimate', 'call', 'contact']), label: text });
const closingSchema = z.strictObject({ heading: text, text, button: buttonSchema });
// Front matter is read with YAML's core schema, so dates arrive as text and are checked here.
const isoDate = z.string().transform((s, ctx) => {
  const d = new Date(`${s}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s) {
    ctx.addIssue({ code: 'custom', message: `expected a date as YYYY-MM-DD, got "${s}"` });
    return z.NEVER;
  }
  return s;
});

const siteSchema = z.strictObject({
  business: z.strictObject({
    name: text, phone: text, phoneE164: z.string().regex(/^\+\d{8,15}$/, 'expected an E.164 number like +16045550142'),
    email: z.email(), address: z.strictObject({ street: text, city: text, region: text, postalCode: text, country: text }),
    mapUrl: z.url(), reviewUrl: z.url(), origin: z.url().regex(/^https?:\/\/[^/]+$/, 'expected an origin without a path, like https://example.com'),
    hours: text, openingHours: text, priceRange: text, foundedClaim: text.optional(), extraAreasServed: z.array(text).default([]),
  }),
  cities: z.array(z.string().regex(/^[a-z0-9-]+$/, 'expected a slug like new-westminster')).min(1),
  services: z.array(z.string().regex(/^[a-z0-9-]+$/, 'expected a slug like tree-removal')).min(1),
  forms: z.strictObject({
    contactServices: z.array(text).min(1), dialogServices: z.array(text).min(1),
    dialogPreselect: z.record(z.string(), z.string()).default({}),
  }),
  redirects: z.array(z.strictObject({
    from: z.string().regex(/^\/[a-z0-9/-]*$/, 'expected a path like /old-page'),
    to: z.string().regex(/^\/[^\s]*$/, 'expected a site path like /new-page or /#contact'),
    message: text.optional(), robots: text.optional(),
  })),
  timing: z.strictObject({
    submitDelay: z.number().int().min(0), toastDefault: z.number().int().positive(), toastDialog: z.number().int().positive(),
    toastContact: z.number().int().positive(), swipeThreshold: z.number().int().positive(),
  }),
});
type SiteConfig = z.infer<typeof siteSchema>;

function serviceSchema() {
  return z.strictObject({
    name: text, title: text, description: text, h1: text, lead: text, summary: text,
    breadcrumb: text.optional(), startingPrice: z.number().int().positive().optional(),
    dialog: z.strictObject({ title: text, description: text.optional() }),
    heroButtons: z.array(buttonSchema).default([]), faq: faqSchema, closing: closingSchema,
  });
}
function citySchema(services: string[], cities: string[]) {
  const service = z.enum(services as [string, ...string[]], { error: (i) => `unknown service "${i.input}", expected one of ${services.join(', ')}` });
  const city = z.enum(cities as [string, ...string[]], { error: (i) => `unknown city "${i.input}", expected one of ${cities.join(', ')}` });
  return z.strictObject({
    name: text, title: text, description: text, lead: text, cardSummary: text,
    serviceCards: z.array(z.strictObject({ service, text })).min(1),
    nearby: z.array(city).default([]),
    map: z.strictObject({ query: text, height: z.number().int().min(200).max(800).default(360) }),
    faq: faqSchema,
  });
}
const postSchema = z.strictObject({
  title: text, description: text, summary: text, published: isoDate, modified: isoDate,
  linkLabel: text.default('Read Guide'), image: z.string().regex(/^\//, 'expected a path in static/, like /images/post.jpg').optional(),
  faq: faqSchema,
});
function homeSchema(services: string[]) {
  const service = z.enum(services as [string, ...string[]], { error: (i) => `unknown service "${i.input}", expected one of ${services.join(', ')}` });
  return z.strictObject({
    title: text, description: text,
    hero: z.strictObject({ eyebrow: text, h1: text, lead: text, estimateLabel: text, facts: z.array(z.strictObject({ value: text, label: text })) }),
    services: z.strictObject({
      heading: text, intro: text,
      cards: z.array(z.strictObject({ service, description: text, features: z.array(text), learnMore: text })).min(1),
    }),
    cities: z.strictObject({ heading: text, intro: text }),
    expertise: z.strictObject({
      heading: text, body: text, servicesHeading: text,
      why: z.strictObject({ heading: text, items: z.array(z.strictObject({ title: text, text })) }), citiesHeading: text,
    }),
    about: z.strictObject({ heading: text, body: text, linkLabel: text }),
    reviews: z.strictObject({
      heading: text, intro: text, testimonials: z.array(z.strictObject({ quote: text, name: text, place: text })).length(3),
      reviewLabel: text, estimateLabel: text,
    }),
    contact: z.strictObject({ heading: text, intro: text, formHeading: text, serviceAreaText: text, mapQuery: text }),
  });
}
const aboutSchema = z.strictObject({
  title: text, description: text, h1: text, lead: text,
  values: z.strictObject({ heading: text, intro: text, items: z.array(z.strictObject({ title: text, text })).length(4) }),
  team: z.strictObject({ heading: text, intro: text, members: z.array(z.strictObject({ name: text, role: text, text })).min(1) }),
  closing: closingSchema, dialog: z.strictObject({ title: text, description: text.optional() }),
});
const serviceAreasSchema = z.strictObject({
  title: text, description: text, h1: text, lead: text,
  other: z.strictObject({ heading: text, text, buttonLabel: text }),
});
function blogSchema(services: string[]) {
  const service = z.enum(services as [string, ...string[]], { error: (i) => `unknown service "${i.input}", expected one of ${services.join(', ')}` });
  return z.strictObject({
    title: text, description: text, h1: text,
    banner: z.strictObject({ eyebrow: text, lead: text }),
    cta: z.strictObject({ heading: text, text, links: z.array(service) }),
    postCta: z.strictObject({ heading: text, text, links: z.array(z.strictObject({ label: text, href: z.string().regex(/^\//, 'expected a site path like /tree-removal') })) }),
  });
}
const notFoundSchema = z.strictObject({ title: text, description: text, h1: text, lead: text });

// ───────────────────────────── Markdown ─────────────────────────────

interface LinkRef { href: string; file: string; field: string }

/** Renders Markdown fields. Raw HTML is shown as text, never passed through: content cannot inject markup. */
class MarkdownRenderer {
  links: LinkRef[] = [];
  private marked: Marked;
  private ctx = { file: '', field: '' };

  constructor(private tokens: Record<string, { md: string; plain: string }>) {
    const self = this;
    const base = new Renderer();
    this.marked = new Marked({
      gfm: true,
      renderer: {
        html(token: Tokens.HTML | Tokens.Tag) {
          return escapeHtml(token.text);
        },
        link(this: Renderer, token: Tokens.Link) {
          const inner = this.parser.parseInline(token.tokens);
          const href = token.href.trim();
          if (/^https?:\/\//i.test(href)) {
            return `<a href="${escapeAttr(href)}" target="_blank" rel="nofollow noopener noreferrer">${inner}<span class="visually-hidden"> (opens in a new tab)</span></a>`;
          }
          if (/^(tel:|mailto:)/i.test(href)) return `<a href="${escapeAttr(href)}">${inner}</a>`;
          if (href.startsWith('/') || href.startsWith('#')) {
            self.links.push({ href, ...self.ctx });
            return `<a href="${escapeAttr(href)}">${inner}</a>`;
          }
          self.fail(`link "${href}" must be a site path starting with /, an https:// address, tel: or mailto:`);
          return inner;
        },
        image(token: Tokens.Image) {
          const src = token.href.trim();
          if (src.startsWith('/')) self.links.push({ href: src, ...self.ctx });
          else if (!/^https:\/\//.test(src)) self.fail(`image "${src}" must be a path in static/ starting with /`);
          return `<img src="${escapeAttr(src)}" alt="${escapeAttr(token.text)}" loading="lazy" decoding="async">`;
        },
        table(this: Renderer, token: Tokens.Table) {
          const table = base.table.call(this, token);
          return `<section class="table-scroll" aria-label="Comparison table, scrolls sideways" tabindex="0">${table}</section>`;
        },
        list(this: Renderer, token: Tokens.List) {
          const html = base.list.call(this, token);
          return token.ordered ? html.replace(/^<ol/, '<ol class="steps"') : html;
        },
      },
    });
  }

  private errors: ContentError[] = [];
  private fail(problem: string) {
    this.errors.push(new ContentError(this.ctx.file, this.ctx.field, problem));
  }
  takeErrors(): ContentError[] {
    const e = this.errors;
    this.errors = [];
    return e;
  }

  /** Replaces {{phone}}, {{email}} and {{business}}; an unknown token is an error. */
  expand(src: string, file: string, field: string, mode: 'md' | 'plain'): string {
    return src.replace(/\{\{\s*([a-zA-Z]+)\s*\}\}/g, (whole, name: string) => {
      const t = this.tokens[name];
      if (!t) {
        this.errors.push(new ContentError(file, field, `unknown token ${whole}; expected one of ${Object.keys(this.tokens).map((k) => `{{${k}}}`).join(', ')}`));
        return whole;
      }
      return t[mode];
    });
  }

  plain(src: string, file: string, field: string): string {
    return this.expand(src, file, field, 'plain');
  }

  block(src: string, file: string, field: string): string {
    this.ctx = { file, field };
    return this.marked.parse(this.expand(src, file, field, 'md'), { async: false }) as string;
  }

  inline(src: string, file: string, field: string): string {
    this.ctx = { file, field };
    return this.marked.parseInline(this.expand(src, file, field, 'md'), { async: false }) as string;
  }

  /** Splits a body into sections at each `##` heading. */
  sections(src: string, file: string): Section[] {
    this.ctx = { file, field: 'body' };
    const tokens = this.marked.lexer(this.expand(src, file, 'body', 'md'));
    const groups: { heading?: Tokens.Heading; tokens: Token[] }[] = [{ tokens: [] }];
    for (const t of tokens) {
      if (t.type === 'heading' && (t as Tokens.Heading).depth === 1) this.fail('use ## for section headings: the page template writes the only # heading');
      if (t.type === 'heading' && (t as Tokens.Heading).depth === 2) groups.push({ heading: t as Tokens.Heading, tokens: [] });
      else groups[groups.length - 1].tokens.push(t);
    }
    const used = new Set<string>();
    return groups
      .filter((g) => g.heading || g.tokens.some((t) => t.type !== 'space'))
      .map((g) => {
        const heading = g.heading ? this.marked.parseInline(g.heading.text, { async: false }) as string : '';
        let id = slugify(stripTags(heading)) || 'intro';
        while (used.has(id)) id += '-2';
        used.add(id);
        const list = Object.assign(g.tokens, { links: (tokens as Token[] & { links: object }).links });
        return { id, heading, html: this.marked.parser(list) };
      });
  }

  faq(items: { q: string; a: string }[], file: string): FaqItem[] {
    return items.map((item, i) => {
      const a = this.block(item.a, file, `faq[${i}].a`);
      return { q: this.plain(item.q, file, `faq[${i}].q`), a, aText: htmlToText(a) };
    });
  }
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
function escapeAttr(s: string): string {
  return escapeHtml(s).replace(/"/g, '&quot;');
}
export function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, '');
}
/** Visible text of a rendered fragment: tags dropped, entities decoded, white space folded. */
export function htmlToText(html: string): string {
  return stripTags(html.replace(/<span class="visually-hidden">[^<]*<\/span>/g, ''))
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ').trim();
}
export function slugify(s: string): string {
  return s.toLowerCase().replace(/&[a-z]+;/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

// ───────────────────────────── loading ─────────────────────────────

interface Loaded<T> { file: string; data: T; body: string }

// YAML's core schema: dates stay text, so the schema (not js-yaml) decides whether 2025-02-30 is a date.
const YAML = { engines: { yaml: (s: string) => yaml.load(s, { schema: yaml.CORE_SCHEMA }) as object } };

function rel(file: string): string {
  return path.relative(process.cwd(), file) || file;
}

function readFrontMatter(file: string, errors: ContentError[]): { data: unknown; body: string } | null {
  let src: string;
  try {
    src = readFileSync(file, 'utf8'); // small files: a sync read beats thousands of thread-pool round trips
  } catch {
    errors.push(new ContentError(rel(file), '', 'file is missing'));
    return null;
  }
  try {
    // With options given, gray-matter neither caches nor shares results, so each file gets its own objects.
    const parsed = matter(src, YAML);
    return { data: parsed.data, body: parsed.content };
  } catch (e) {
    const err = e as { reason?: string; mark?: { line: number; column: number } };
    const where = err.mark ? ` at line ${err.mark.line + 2}, column ${err.mark.column + 1}` : '';
    errors.push(new ContentError(rel(file), 'front matter', `invalid YAML${where}: ${err.reason ?? (e as Error).message}`));
    return null;
  }
}

function check<S extends z.ZodType>(schema: S, data: unknown, file: string, errors: ContentError[]): z.output<S> | null {
  const r = schema.safeParse(data ?? {});
  if (r.success) return r.data;
  for (const issue of r.error.issues) {
    const field = issue.path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('') || 'front matter';
    let problem = issue.message;
    if (issue.code === 'unrecognized_keys') problem = `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    if (/^Invalid input: expected \w+, received undefined$/.test(problem)) problem = 'is required';
    errors.push(new ContentError(rel(file), field, problem));
  }
  return null;
}

function loadFile<S extends z.ZodType>(file: string, schema: S, errors: ContentError[]): Loaded<z.output<S>> | null {
  const fm = readFrontMatter(file, errors);
  if (!fm) return null;
  const data = check(schema, fm.data, file, errors);
  return data === null ? null : { file: rel(file), data, body: fm.body };
}

function listMarkdown(dir: string): string[] {
  try {
    return readdirSync(dir).filter((f) => f.endsWith('.md')).sort();
  } catch {
    return [];
  }
}

export interface BuildOptions {
  content: string;
  out: string;
  static: string;
  year?: number;
  quiet?: boolean;
  nginx?: string; // deploy: where to write the nginx server block (templates/deploy.ts); not written when unset
  threads?: number; // threads that render blog posts; by default one per core once the blog is large (PARALLEL_FROM)
}

type SiteData = Omit<Site, 'assets'>;

/** Everything but the blog posts, read and checked; `errors` lists what was wrong. */
interface Base {
  dir: string;
  siteFile: string;
  staticDir: string;
  md: MarkdownRenderer;
  errors: ContentError[];
  data: Omit<SiteData, 'posts'> | null; // null when a page is missing or broken
  services: Service[];
  cities: City[];
  redirects: Redirect[];
  listedPaths: string[];
}

/** Reads and validates every content file into the site model. Throws BuildFailed listing every problem. */
export async function loadSite(opts: Pick<BuildOptions, 'content' | 'static' | 'year'>): Promise<Omit<SiteData, 'posts'> & { posts: Post[] }> {
  const base = loadBase(opts);
  const posts: Post[] = [];
  for (const name of listMarkdown(path.join(base.dir, 'blog'))) {
    const post = loadPost(path.join(base.dir, 'blog', name), base.md, base.errors);
    if (post) posts.push(post);
  }
  sortPosts(posts);
  checkRoutes(base, posts, base.md.links, base.errors);
  base.errors.push(...base.md.takeErrors());
  if (base.errors.length || !base.data) throw new BuildFailed(base.errors);
  return { ...base.data, posts };
}

/** Reads and validates site.yaml, the pages, services and cities. Throws only when site.yaml itself is unusable. */
function loadBase(opts: Pick<BuildOptions, 'content' | 'static' | 'year'>): Base {
  const errors: ContentError[] = [];
  const dir = path.resolve(opts.content);
  const siteFile = path.join(dir, 'site.yaml');
  let config: SiteConfig | null = null;
  let raw: string | null = null;
  try {
    raw = readFileSync(siteFile, 'utf8');
  } catch {
    errors.push(new ContentError(rel(siteFile), '', 'file is missing: the site config holds the business facts'));
  }
  if (raw !== null) {
    try {
      config = check(siteSchema, yaml.load(raw, { schema: yaml.CORE_SCHEMA }), siteFile, errors);
    } catch (e) {
      const err = e as { reason?: string; mark?: { line: number } };
      errors.push(new ContentError(rel(siteFile), '', `invalid YAML${err.mark ? ` at line ${err.mark.line}` : ''}: ${err.reason ?? (e as Error).message}`));
    }
  }
  if (!config) throw new BuildFailed(errors);
  const b = config.business;
  const md = markdownFor(b);

  // Each listed slug needs its file, and each file needs to be listed: a stray file is a typo somewhere.
  function collection<S extends z.ZodType>(sub: string, listed: string[], field: string, schema: S) {
    const files = listMarkdown(path.join(dir, sub));
    for (const f of files) {
      const slug = f.replace(/\.md$/, '');
      if (!listed.includes(slug)) errors.push(new ContentError(rel(path.join(dir, sub, f)), '', `"${slug}" is not listed in ${rel(siteFile)} ${field}; add it there or remove the file`));
    }
    const seen = new Set<string>();
    const out: { slug: string; loaded: Loaded<z.output<S>> }[] = [];
    for (const [i, slug] of listed.entries()) {
      if (seen.has(slug)) {
        errors.push(new ContentError(rel(siteFile), `${field}[${i}]`, `"${slug}" is listed twice`));
        continue;
      }
      seen.add(slug);
      const loaded = loadFile(path.join(dir, sub, `${slug}.md`), schema, errors);
      if (loaded) out.push({ slug, loaded });
    }
    return out;
  }

  const services: Service[] = collection('services', config.services, 'services', serviceSchema()).map(({ slug, loaded }) => {
    const d = loaded.data;
    const f = loaded.file;
    return {
      ...d, slug, path: `/${slug}`,
      description: md.plain(d.description, f, 'description'), lead: md.plain(d.lead, f, 'lead'), summary: md.plain(d.summary, f, 'summary'),
      faq: md.faq(d.faq, f), sections: md.sections(loaded.body, f),
      closing: { ...d.closing, text: md.plain(d.closing.text, f, 'closing.text') },
    };
  });
  const cities: City[] = collection('cities', config.cities, 'cities', citySchema(config.services, config.cities)).map(({ slug, loaded }) => {
    const d = loaded.data;
    const f = loaded.file;
    return {
      ...d, slug, path: `/service-area/${slug}`,
      description: md.plain(d.description, f, 'description'), lead: md.plain(d.lead, f, 'lead'),
      serviceCards: d.serviceCards.map((c, i) => ({ ...c, text: md.plain(c.text, f, `serviceCards[${i}].text`) })),
      faq: md.faq(d.faq, f), sections: md.sections(loaded.body, f),
    };
  });

  const page = (name: string) => path.join(dir, 'pages', `${name}.md`);
  const homeL = loadFile(page('home'), homeSchema(config.services), errors);
  const aboutL = loadFile(page('about'), aboutSchema, errors);
  const areasL = loadFile(page('service-areas'), serviceAreasSchema, errors);
  const blogL = loadFile(page('blog'), blogSchema(config.services), errors);
  const nfL = loadFile(page('404'), notFoundSchema, errors);

  let home: HomePage | undefined, about: AboutPage | undefined, serviceAreas: ServiceAreasPage | undefined;
  let blog: BlogPage | undefined, notFound: NotFoundPage | undefined;
  if (homeL) {
    const d = homeL.data;
    const f = homeL.file;
    home = {
      ...d,
      description: md.plain(d.description, f, 'description'),
      hero: { ...d.hero, lead: md.plain(d.hero.lead, f, 'hero.lead') },
      expertise: { ...d.expertise, body: md.block(d.expertise.body, f, 'expertise.body') },
      about: { ...d.about, body: md.block(d.about.body, f, 'about.body') },
      contact: { ...d.contact, intro: md.plain(d.contact.intro, f, 'contact.intro') },
    };
  }
  if (aboutL) {
    const d = aboutL.data;
    about = { ...d, description: md.plain(d.description, aboutL.file, 'description'), lead: md.plain(d.lead, aboutL.file, 'lead'), sections: md.sections(aboutL.body, aboutL.file) };
  }
  if (areasL) {
    const d = areasL.data;
    serviceAreas = { ...d, lead: md.plain(d.lead, areasL.file, 'lead'), other: { ...d.other, text: md.inline(d.other.text, areasL.file, 'other.text') } };
  }
  if (blogL) {
    blog = blogL.data;
    blogL.data.postCta.links.forEach((l, i) => md.links.push({ href: l.href, file: blogL.file, field: `postCta.links[${i}].href` }));
  }
  if (nfL) notFound = { ...nfL.data, lead: md.inline(nfL.data.lead, nfL.file, 'lead') };

  errors.push(...md.takeErrors());
  const data = home && about && serviceAreas && blog && notFound ? {
    business: config.business, services, cities, home, about, serviceAreas, blog, notFound,
    forms: config.forms, redirects: config.redirects, timing: config.timing, year: opts.year ?? new Date().getFullYear(),
  } : null;
  return {
    dir, siteFile, staticDir: path.resolve(opts.static), md, errors, data, services, cities, redirects: config.redirects,
    listedPaths: [...config.services.map((x) => `/${x}`), ...config.cities.map((x) => `/service-area/${x}`)],
  };
}

/** Every path a page can link to: routes, redirect sources, static files. Anything else is a dead link. */
function checkRoutes(base: Base, posts: PostSummary[], links: LinkRef[], errors: ContentError[]) {
  const { dir, siteFile, listedPaths } = base;
  const routes = routeTable({ services: base.services, cities: base.cities, posts });
  const page = (name: string) => path.join(dir, 'pages', `${name}.md`);
  const seenRoutes = new Map<string, string>();
  const routeSource = (r: Route) => rel(r.kind === 'service' ? path.join(dir, 'services', `${r.service.slug}.md`)
    : r.kind === 'city' ? path.join(dir, 'cities', `${r.city.slug}.md`)
      : r.kind === 'post' ? path.join(dir, 'blog', `${r.post.slug}.md`)
        : page(r.kind === 'serviceAreas' ? 'service-areas' : r.kind === 'notFound' ? '404' : r.kind));
  for (const r of routes) {
    const prev = seenRoutes.get(r.path);
    if (prev) errors.push(new ContentError(routeSource(r), 'route', `${r.path} is already the route of ${prev}`));
    else seenRoutes.set(r.path, routeSource(r));
  }
  const pagePaths = new Set(routes.map((x) => x.path));
  for (const [i, r] of base.redirects.entries()) {
    const prev = seenRoutes.get(r.from);
    if (prev) errors.push(new ContentError(rel(siteFile), `redirects[${i}].from`, `${r.from} is already the route of ${prev}`));
    else seenRoutes.set(r.from, `${rel(siteFile)} redirects[${i}]`);
    const target = r.to.replace(/[#?].*$/, '') || '/';
    if (!pagePaths.has(target) && !listedPaths.includes(target)) errors.push(new ContentError(rel(siteFile), `redirects[${i}].to`, `${r.to} is not a page of the site`));
  }
  for (const l of links) {
    const target = l.href.replace(/[#?].*$/, '');
    if (l.href.startsWith('#') || target === '') continue;
    if (seenRoutes.has(target) || listedPaths.includes(target)) continue;
    if (isStaticFile(base.staticDir, target)) continue;
    errors.push(new ContentError(l.file, l.field, `link to ${l.href} goes nowhere: it is neither a page, a redirect nor a file in static/`));
  }
}

function markdownFor(b: Site['business']): MarkdownRenderer {
  return new MarkdownRenderer({
    phone: { md: `[${b.phone}](tel:${b.phoneE164})`, plain: b.phone },
    email: { md: `[${b.email}](mailto:${b.email})`, plain: b.email },
    business: { md: b.name, plain: b.name },
  });
}

function loadPost(file: string, md: MarkdownRenderer, errors: ContentError[]): Post | null {
  const slug = path.basename(file, '.md');
  if (!/^[a-z0-9-]+$/.test(slug)) {
    errors.push(new ContentError(rel(file), 'file name', 'expected lowercase letters, digits and dashes, like my-post.md'));
    return null;
  }
  const loaded = loadFile(file, postSchema, errors);
  if (!loaded) return null;
  const d = loaded.data;
  if (d.modified < d.published) errors.push(new ContentError(loaded.file, 'modified', `is before published (${d.published})`));
  if (d.image) md.links.push({ href: d.image, file: loaded.file, field: 'image' });
  return {
    ...d, slug, path: `/blog/${slug}`,
    description: md.plain(d.description, loaded.file, 'description'), summary: md.plain(d.summary, loaded.file, 'summary'),
    faq: md.faq(d.faq, loaded.file), sections: md.sections(loaded.body, loaded.file),
  };
}

/** The part of a post that lists, the sitemap and the feed use. */
function summarize(p: PostSummary): PostSummary {
  const s: PostSummary = { slug: p.slug, path: p.path, title: p.title, description: p.description, summary: p.summary, published: p.published, modified: p.modified, linkLabel: p.linkLabel };
  if (p.image !== undefined) s.image = p.image;
  return s;
}

/** Newest first; equal dates by title. */
function sortPosts(posts: PostSummary[]) {
  posts.sort((a, b) => (a.published === b.published ? a.title.localeCompare(b.title) : a.published < b.published ? 1 : -1));
}

function isStaticFile(staticDir: string, urlPath: string): boolean {
  const p = path.join(staticDir, decodeURIComponent(urlPath));
  return p.startsWith(staticDir) && existsSync(p) && statSync(p).isFile();
}

// ───────────────────────────── routes ─────────────────────────────

/** The one route table: pages, menus, sitemap and tests all come from here. */
export function routeTable(site: Pick<Site, 'services' | 'cities' | 'posts'>): Route[] {
  return [
    { kind: 'home', path: '/' },
    { kind: 'about', path: '/about' },
    ...site.services.map((service) => ({ kind: 'service' as const, path: service.path, service })),
    { kind: 'blog', path: '/blog' },
    ...site.posts.map((post) => ({ kind: 'post' as const, path: post.path, post })),
    { kind: 'serviceAreas', path: '/service-areas' },
    ...site.cities.map((city) => ({ kind: 'city' as const, path: city.path, city })),
  ];
}

/** Where a clean URL's file lives: /about -> about.html, / -> index.html. */
export function fileForPath(p: string): string {
  return p === '/' ? 'index.html' : `${p.slice(1)}.html`;
}

// ───────────────────────────── assets ─────────────────────────────

// Runs before paint: the www rule, and the `js` class that lets CSS prepare enhancements. If the app module has
// not started within 3 s (blocked, offline), the class goes again so nothing stays hidden waiting for it.
const WWW_SCRIPT = "var d=document.documentElement;d.classList.add('js');setTimeout(function(){if(!d.dataset.app)d.classList.remove('js')},3000);if(location.hostname.indexOf('www.')===0)location.replace(location.protocol+'//'+location.host.slice(4)+location.pathname+location.search+location.hash)";
const REDIRECT_SCRIPT = "var d=document.documentElement.dataset;location.replace(d.to+location.search+(location.hash||d.hash||''))";

function contentHash(buf: string | Uint8Array): string {
  return createHash('sha256').update(buf).digest('hex').slice(0, 10);
}

async function bundleCss(): Promise<string> {
  const { bundle } = await import('lightningcss');
  const { code } = bundle({
    filename: path.join(ROOT, 'styles/main.css'), minify: true,
    targets: { chrome: 100 << 16, firefox: 100 << 16, safari: 15 << 16 },
  });
  return code.toString();
}

async function bundleJs(): Promise<string> {
  const esbuild = await import('esbuild');
  const r = await esbuild.build({
    entryPoints: [path.join(ROOT, 'client/main.tsx')], bundle: true, minify: true, format: 'esm', write: false,
    jsx: 'automatic', jsxImportSource: 'preact', target: 'es2020', legalComments: 'none', logLevel: 'silent',
  });
  return r.outputFiles[0].text;
}

// ───────────────────────────── writing ─────────────────────────────

export interface BuildResult { pages: number; files: number; ms: number; site: Site }

export async function build(opts: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const blogDir = path.join(path.resolve(opts.content), 'blog');
  const postFiles = listMarkdown(blogDir);
  // Helper threads start first, so their start-up overlaps the main thread's own work.
  const helpers = new PostHelpers(helperCount(postFiles.length, opts.threads));
  try {
    return await buildSite(opts, postFiles, blogDir, helpers, started);
  } finally {
    void helpers.stop();
  }
}

async function buildSite(opts: BuildOptions, postFiles: string[], blogDir: string, helpers: PostHelpers, started: number): Promise<BuildResult> {
  trace('build started');
  const jsBundled = bundleJs(); // esbuild works in its own process while this thread reads the content
  jsBundled.catch(() => {}); // awaited below
  const base = loadBase(opts);
  if (base.errors.length || !base.data) {
    await loadSite(opts); // throws, listing every problem (the posts' too)
    throw new BuildFailed(base.errors);
  }
  trace('content read');
  const [css, js] = await Promise.all([bundleCss(), jsBundled]);
  trace('CSS and JS bundled');
  const cssPath = `/assets/site-${contentHash(css)}.css`;
  const jsPath = `/assets/app-${contentHash(js)}.js`;
  const site: Site = { ...base.data, posts: [], assets: { css: cssPath, js: jsPath, inlineScripts: { www: WWW_SCRIPT, redirect: REDIRECT_SCRIPT } } };
  const out = path.resolve(opts.out);
  const tmp = `${out}.tmp-${process.pid}-${Date.now()}`;
  let written = 0;
  let routes: Route[];
  try {
    // Posts are parsed, rendered and written by every thread, each taking the next few files from a shared
    // counter; only their summaries come back. Pages are written as they are rendered, so memory stays flat.
    // The helpers get their share first, before the main thread's own start-up below.
    const job: PostJob = { site, files: postFiles, blogDir, tmp, next: new SharedArrayBuffer(4) };
    const helped = helpers.run(job);
    helped.catch(() => {}); // awaited below; until then the main thread is busy
    const { renderPage, renderPost, renderRedirect } = await import('./templates/render.tsx');
    const { renderFeed } = await import('./templates/feed.ts');
    const { headersFile } = await import('./templates/deploy.ts'); // deploy: _headers (and nginx, below)
    await fs.mkdir(tmp, { recursive: true });
    if (existsSync(opts.static)) await fs.cp(opts.static, tmp, { recursive: true });
    const writer = new Writer(tmp);
    for (const route of routeTable(site)) if (route.kind !== 'blog') writer.put(fileForPath(route.path), renderPage(route, site)); // no posts yet
    trace('other pages written');
    const mine = await renderPostQueue(job, renderPost, writer);
    const batches = [mine, ...(await helped)];

    trace('helpers done');
    const errors = batches.flatMap((b) => b.errors).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
      .map((e) => new ContentError(e.file, e.field, e.problem));
    const posts = batches.flatMap((b) => b.posts);
    sortPosts(posts);
    checkRoutes(base, posts, [...base.md.links, ...batches.flatMap((b) => b.links)], errors);
    if (errors.length) throw new BuildFailed(errors);
    site.posts = posts;
    routes = routeTable(site);

    const files = new Map<string, string>();
    files.set(fileForPath('/blog'), renderPage({ kind: 'blog', path: '/blog' }, site));
    files.set('404.html', renderPage({ kind: 'notFound', path: '/404' }, site));
    for (const r of site.redirects) files.set(fileForPath(r.from), renderRedirect(r, site));
    files.set(cssPath.slice(1), css);
    files.set(jsPath.slice(1), js);
    files.set('sitemap.xml', sitemap(site, routes));
    files.set('robots.txt', `User-agent: *\nAllow: /\n\nSitemap: ${site.business.origin}/sitemap.xml\n`);
    files.set('_redirects', redirectsFile(site));
    files.set('_headers', headersFile(site, routes.map((r) => r.path))); // deploy: CSP, security and cache headers
    files.set('blog/feed.xml', renderFeed(site));
    for (const [f, body] of files) writer.put(f, body);
    written = batches.reduce((n, b) => (b === mine ? n : n + b.written), writer.done());
    await swapIn(tmp, out);
    trace('swapped in');
  } catch (e) {
    await helpers.stop(); // no helper may still be writing into tmp
    await fs.rm(tmp, { recursive: true, force: true });
    throw e;
  }
  // deploy: the nginx server block lives outside dist/ and names it as root; written only after a good build
  if (opts.nginx) {
    await fs.mkdir(path.dirname(opts.nginx), { recursive: true });
    const { nginxConf } = await import('./templates/deploy.ts');
    await fs.writeFile(opts.nginx, nginxConf(site, { root: out }));
  }
  return { pages: routes.length, files: written, ms: performance.now() - started, site };
}

// ───────────────────────────── posts on every core ─────────────────────────────

const PARALLEL_FROM = 300; // posts; below this a second thread costs more to start than it saves
const MAX_THREADS = 4; // each thread holds its own copy of the templates and the site model

function helperCount(posts: number, threads?: number): number {
  const wanted = threads ?? (posts >= PARALLEL_FROM ? availableParallelism() : 1);
  return Math.max(0, Math.min(wanted, MAX_THREADS) - 1);
}

/** The blog's share of a build: every thread runs the same queue over `files`. */
interface PostJob { site: Site; files: string[]; blogDir: string; tmp: string; next: SharedArrayBuffer }
/** What one thread hands back: summaries for the index, sitemap and feed; links and errors to check once. */
interface PostBatch { posts: PostSummary[]; links: LinkRef[]; errors: { file: string; field: string; problem: string }[]; written: number }

const CHUNK = 16; // posts taken from the queue at a time: small enough to balance, large enough to be cheap

async function renderPostQueue(job: PostJob, renderPost: (post: Post, site: Site) => string, writer = new Writer(job.tmp)): Promise<PostBatch> {
  const md = markdownFor(job.site.business);
  const errors: ContentError[] = [];
  const posts: PostSummary[] = [];
  const next = new Int32Array(job.next);
  const before = writer.done();
  for (let from = Atomics.add(next, 0, CHUNK); from < job.files.length; from = Atomics.add(next, 0, CHUNK)) {
    for (const name of job.files.slice(from, from + CHUNK)) {
      const post = loadPost(path.join(job.blogDir, name), md, errors);
      if (!post) continue;
      writer.put(fileForPath(post.path), renderPost(post, job.site));
      posts.push(summarize(post));
    }
    // The main thread lets its helpers' start-up and messages through between chunks.
    if (isMainThread) await new Promise((resolve) => setImmediate(resolve));
  }
  errors.push(...md.takeErrors());
  trace(`${posts.length} posts written`);
  return { posts, links: md.links, errors: errors.map(({ file, field, problem }) => ({ file, field, problem })), written: writer.done() - before };
}

type Helper = Worker & { failures: unknown[] };

/**
 * Threads that render blog posts next to the main one. They run build.ts bundled by esbuild into one plain
 * JavaScript module, which starts in a fraction of the time loading it through tsx would take.
 */
class PostHelpers {
  private workers: Promise<Helper[]>;
  private ready: Helper[] | null = null;

  constructor(count: number) {
    const spawn = (file: string) => Array.from({ length: count }, () => {
      trace('helper thread starting');
      const worker = new Worker(pathToFileURL(file), { workerData: { postWorker: true }, execArgv: [] });
      const failures: unknown[] = [];
      worker.on('error', (e) => failures.push(e)); // kept for run(); never an uncaught crash
      return Object.assign(worker, { failures });
    });
    if (!count) this.workers = Promise.resolve([]);
    else {
      const { file, cached } = workerModulePath();
      // Spawned before anything else is awaited when the module is cached, so start-up overlaps all of the build.
      this.workers = cached ? Promise.resolve(spawn(file)) : bundleWorkerModule(file).then(spawn);
    }
    this.workers.then((workers) => (this.ready = workers), () => {}); // a failure is reported by run()
  }

  /** Hands the job to every helper (at once when they are up), and resolves with what each did. */
  run(job: PostJob): Promise<PostBatch[]> {
    return this.ready ? this.give(this.ready, job) : this.workers.then((workers) => this.give(workers, job));
  }

  private give(workers: Helper[], job: PostJob): Promise<PostBatch[]> {
    return Promise.all(workers.map((worker) => new Promise<PostBatch>((resolve, reject) => {
      if (worker.failures.length) return reject(worker.failures[0]);
      worker.once('message', (m: { batch?: PostBatch; error?: string }) => (m.error ? reject(new Error(m.error)) : resolve(m.batch!)));
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`a post worker stopped (exit code ${code}) before finishing`)));
      worker.postMessage(job);
    })));
  }

  async stop() {
    const workers = await this.workers.catch(() => []);
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

if (!isMainThread && workerData?.postWorker) {
  const { renderPost } = await import('./templates/render.tsx');
  trace('ready');
  parentPort!.on('message', async (job: PostJob) => {
    try {
      parentPort!.postMessage({ batch: await renderPostQueue(job, renderPost) });
    } catch (e) {
      parentPort!.postMessage({ error: String((e as Error).stack ?? e) });
    }
  });
}

/**
 * build.ts, its templates and packages as one ES module, kept in node_modules/.cache under a hash
 * of its sources, so an unchanged build starts its helpers at once, without bundling or tsx.
 */
function workerModulePath(): { file: string; cached: boolean } {
  const sources = ['build.ts', 'tsconfig.json', 'package-lock.json', ...readdirSync(path.join(ROOT, 'templates'), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f)).sort().map((f) => `templates/${f}`)];
  const hash = createHash('sha256');
  for (const f of sources) hash.update(`${f}\0`).update(readFileSync(path.join(ROOT, f))).update('\0');
  // Inside node_modules, so the module's package imports resolve as build.ts's do.
  const file = path.join(ROOT, 'node_modules/.cache/arborist-build', `build-${hash.digest('hex').slice(0, 16)}.mjs`);
  return { file, cached: existsSync(file) };
}

async function bundleWorkerModule(file: string): Promise<string> {
  const esbuild = await import('esbuild');
  const r = await esbuild.build({
    entryPoints: [path.join(ROOT, 'build.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20',
    jsx: 'automatic', write: false, logLevel: 'silent',
    // One file loads faster than hundreds of modules. What only the main thread uses stays outside.
    external: ['esbuild', 'lightningcss', 'chokidar', 'tsx'],
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(path.join(ROOT, 'build.ts')).href) }, // ROOT stays the project
  });
  const dir = path.dirname(file);
  mkdirSync(dir, { recursive: true });
  const part = `${file}.${process.pid}-${threadId}.tmp`;
  writeFileSync(part, r.outputFiles[0].text);
  renameSync(part, file); // atomic: a concurrent build never loads half a file
  const dayAgo = Date.now() - 86_400_000;
  for (const old of readdirSync(dir)) {
    const p = path.join(dir, old);
    if (p !== file && statSync(p).mtimeMs < dayAgo) rmSync(p, { force: true });
  }
  return file;
}

/**
 * A worker thread running build.ts through tsx (the dev server's, which must load changed templates afresh).
 * It loads through tsImport, so it works whether the process was started as `tsx build.ts` (whose hooks do not
 * reach workers) or `node --import tsx build.ts`. Inside a worker,
 * import.meta.url carries tsx's ?tsx-namespace= query; passed on, it would skip the transform.
 */
function startWorker(data: object): Worker {
  const self = JSON.stringify(import.meta.url.replace(/\?.*$/, ''));
  const worker = new Worker(`import('tsx/esm/api').then((t) => t.tsImport(${self}, ${self}))`, { eval: true, workerData: data });
  worker.on('error', () => {}); // each build listens for its own failure; between builds one must not end the dev server
  return worker;
}

/** Writes files as they come, creating folders as it goes. Synchronous writes measured faster than
 *  async ones here: thousands of small files cost more in thread-pool round trips than in the writes. */
class Writer {
  private dirs = new Set<string>();
  private count = 0;
  constructor(private root: string) {}

  put(rel: string, body: string) {
    const file = path.join(this.root, rel);
    const dir = path.dirname(file);
    if (!this.dirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.dirs.add(dir);
    }
    writeFileSync(file, body);
    this.count++;
  }

  done() {
    return this.count;
  }
}

/** Replaces out with tmp in two renames, so readers never see a half-written folder. */
async function swapIn(tmp: string, out: string) {
  const old = `${out}.old-${process.pid}-${Date.now()}`;
  const had = existsSync(out);
  if (had) await fs.rename(out, old);
  await fs.rename(tmp, out);
  if (had) await fs.rm(old, { recursive: true, force: true });
}

function sitemap(site: Site, routes: Route[]): string {
  const urls = routes.map((r) => {
    const lastmod = r.kind === 'post' ? `<lastmod>${r.post.modified}</lastmod>` : '';
    return `<url><loc>${escapeHtml(site.business.origin + r.path)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

function redirectsFile(site: Site): string {
  // Plain 301: Cloudflare Pages rejects Netlify's forcing `301!`. Netlify serves the stub page at the old
  // address instead (it redirects in the browser); Cloudflare and nginx answer with a real 301.
  return site.redirects.map((r) => `${r.from} ${r.to} 301`).join('\n') + '\n';
}

// ───────────────────────────── CLI ─────────────────────────────

function parseArgs(argv: string[]) {
  const opts: BuildOptions & { watch: boolean; port: number } = {
    content: path.join(ROOT, 'content'), out: path.join(ROOT, 'dist'), static: path.join(ROOT, 'static'), watch: false, port: 8080,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (!v) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--content') opts.content = path.resolve(value());
    else if (a === '--out') opts.out = path.resolve(value());
    else if (a === '--static') opts.static = path.resolve(value());
    else if (a === '--port') opts.port = Number(value());
    else if (a === '--watch') opts.watch = true;
    else if (a === '--quiet') opts.quiet = true;
    else if (a === '--threads') {
      opts.threads = Number(value());
      if (!Number.isInteger(opts.threads) || opts.threads < 1) throw new Error('--threads needs a whole number of at least 1');
    }
    else if (a === '--nginx') opts.nginx = path.resolve(value()); // deploy
    else throw new Error(`unknown option ${a}; expected --content DIR, --out DIR, --static DIR, --nginx FILE, --watch, --port N, --quiet, --threads N`);
  }
  // deploy: building the real dist/ also writes deploy/nginx.conf; builds elsewhere (tests, benchmarks) only with --nginx
  if (!opts.nginx && !opts.watch && opts.out === path.join(ROOT, 'dist')) opts.nginx = path.join(ROOT, 'deploy/nginx.conf');
  return opts;
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.watch) return dev(opts);
  try {
    const r = await build(opts);
    if (!opts.quiet) console.log(`Built ${r.pages} pages (${r.files} files) into ${rel(opts.out)} in ${Math.round(r.ms)} ms`);
  } catch (e) {
    console.error(e instanceof BuildFailed ? e.message : e);
    console.error(`Nothing was written: ${rel(opts.out)} is unchanged.`);
    process.exitCode = 1;
  }
}

// ───────────────────────────── dev server ─────────────────────────────

/** The build side of `npm run dev`: a worker thread, replaced whenever code changes so templates load fresh. */
if (!isMainThread && workerData?.devBuild) {
  let last: Site | null = null;
  parentPort!.on('message', async ({ opts, changed }: { opts: BuildOptions; changed: string[] | null }) => {
    try {
      const blogDir = path.join(opts.content, 'blog') + path.sep;
      if (last && changed?.length && changed.every((f) => f.startsWith(blogDir) && f.endsWith('.md'))) {
        const started = performance.now();
        last = await rebuildPosts(last, opts, changed);
        parentPort!.postMessage({ ok: true, ms: performance.now() - started, incremental: true });
        return;
      }
      const r = await build(opts);
      last = r.site;
      parentPort!.postMessage({ ok: true, ms: r.ms, pages: r.pages });
    } catch (e) {
      parentPort!.postMessage({ ok: false, error: e instanceof BuildFailed ? e.message : String((e as Error).stack ?? e) });
    }
  });
}

/**
 * Dev only: after edits to blog posts alone, re-renders just those posts and what lists them (/blog, sitemap,
 * feed, headers) into the served folder in place, instead of the whole site.
 */
async function rebuildPosts(site: Site, opts: BuildOptions, changed: string[]): Promise<Site> {
  const errors: ContentError[] = [];
  const md = markdownFor(site.business);
  const bySlug = new Map(site.posts.map((p) => [p.slug, p]));
  const gone: string[] = [];
  for (const file of new Set(changed)) {
    const slug = path.basename(file, '.md');
    bySlug.delete(slug);
    if (!existsSync(file)) gone.push(`/blog/${slug}`);
    else {
      const post = await loadPost(file, md, errors);
      if (post) bySlug.set(slug, post);
    }
  }
  const posts = [...bySlug.values()];
  sortPosts(posts);
  const next: Site = { ...site, posts };
  const routes = routeTable(next);
  const known = new Set([...routes.map((r) => r.path), ...site.redirects.map((r) => r.from)]);
  for (const l of md.links) {
    const target = l.href.replace(/[#?].*$/, '');
    if (target && !known.has(target) && !isStaticFile(path.resolve(opts.static), target)) {
      errors.push(new ContentError(l.file, l.field, `link to ${l.href} goes nowhere: it is neither a page, a redirect nor a file in static/`));
    }
  }
  errors.push(...md.takeErrors());
  if (errors.length) throw new BuildFailed(errors);
  const { renderPage } = await import('./templates/render.tsx');
  const { renderFeed } = await import('./templates/feed.ts');
  const { headersFile } = await import('./templates/deploy.ts');
  const writer = new Writer(path.resolve(opts.out));
  const changedPaths = new Set(changed.map((f) => `/blog/${path.basename(f, '.md')}`));
  for (const r of routes) if (r.path === '/blog' || changedPaths.has(r.path)) writer.put(fileForPath(r.path), renderPage(r, next));
  writer.put('sitemap.xml', sitemap(next, routes));
  writer.put('blog/feed.xml', renderFeed(next));
  writer.put('_headers', headersFile(next, routes.map((r) => r.path)));
  for (const p of gone) await fs.rm(path.join(path.resolve(opts.out), fileForPath(p)), { force: true });
  return next;
}

const RELOAD_SNIPPET = '<script type="module">new EventSource("/__reload").onmessage=()=>location.reload()</script>';

/** Builds, serves dist/ on localhost, rebuilds on change and reloads the open tab; a broken save keeps the last good build. */
async function dev(opts: BuildOptions & { port: number }) {
  const http = await import('node:http');
  const { watch } = await import('chokidar');
  const clients = new Set<import('node:http').ServerResponse>();
  let worker: Worker | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let codeChanged = true;

  let changed: Set<string> | null = null; // files saved since the last build; null: rebuild everything
  const runBuild = (): Promise<{ ok: boolean; ms?: number; error?: string; incremental?: boolean }> => {
    if (codeChanged || !worker) {
      worker?.terminate();
      worker = startWorker({ devBuild: true });
      codeChanged = false;
      changed = null;
    }
    const w = worker;
    const files = changed ? [...changed] : null;
    changed = new Set();
    return new Promise((resolve) => {
      const crashed = (e: unknown) => {
        codeChanged = true; // start a fresh worker next time
        resolve({ ok: false, error: String((e as Error).stack ?? e) });
      };
      w.once('error', crashed);
      w.once('message', (m) => {
        w.off('error', crashed);
        resolve(m);
      });
      w.postMessage({ opts: { content: opts.content, out: opts.out, static: opts.static }, changed: files });
    });
  };
  const rebuild = async (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        const started = performance.now();
        const r = await runBuild();
        const ms = Math.round(performance.now() - started);
        if (r.ok) {
          console.log(`[dev] ${r.incremental ? 'updated the changed posts' : 'rebuilt'} in ${ms} ms`);
          for (const c of clients) c.write('data: reload\n\n');
        } else {
          changed = null; // the worker's model may now lag the files: the next build is a full one
          console.error(`[dev] build failed; still serving the last good build.\n${r.error}`);
        }
      } while (again);
      running = null;
    })();
    return running;
  };

  await rebuild();
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/__reload') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(': connected\n\n');
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    const file = resolveFile(opts.out, url.pathname);
    const status = file ? 200 : 404;
    const chosen = file ?? path.join(opts.out, '404.html');
    try {
      let body: Buffer | string = await fs.readFile(chosen);
      const type = contentType(chosen);
      if (type.startsWith('text/html')) body = body.toString().replace('</body>', `${RELOAD_SNIPPET}</body>`);
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    } catch {
      res.writeHead(404).end('Not found');
    }
  });
  server.listen(opts.port, '127.0.0.1', () => console.log(`[dev] serving ${rel(opts.out)} at http://localhost:${opts.port}`));
  const code = ['templates', 'client', 'styles', 'build.ts'].map((d) => path.join(ROOT, d));
  // awaitWriteFinish: a save is seen once its size has held for 30 ms, never half-written
  watch([opts.content, opts.static, ...code], { ignoreInitial: true, awaitWriteFinish: { stabilityThreshold: 30, pollInterval: 10 } }).on('all', (_event, file) => {
    if (/\.(tsx?|css)$/.test(file) && !file.startsWith(opts.content)) codeChanged = true;
    changed?.add(path.resolve(file));
    void rebuild();
  });
}

/** Clean URLs the way static hosts resolve them: /about -> about.html, /blog/ -> blog/index.html. */
export function resolveFile(root: string, urlPath: string): string | null {
  let p: string;
  try {
    p = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const base = path.join(root, path.normalize(p));
  if (!base.startsWith(path.resolve(root))) return null;
  for (const candidate of [base, `${base.replace(/\/$/, '')}.html`, path.join(base, 'index.html')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

export function contentType(file: string): string {
  const types: Record<string, string> = {
    '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
    '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.webp': 'image/webp', '.xml': 'application/xml; charset=utf-8',
    '.txt': 'text/plain; charset=utf-8', '.json': 'application/json', '.ico': 'image/x-icon', '.woff2': 'font/woff2',
  };
  return types[path.extname(file)] ?? 'application/octet-stream';
}

if (isMainThread && process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
