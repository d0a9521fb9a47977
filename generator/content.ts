// Reads content/ into the site model: site.yaml and every page file, each checked against its schema.
// Every problem is collected, so one failed build lists them all.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import type { z } from 'zod';
import type { BlogSettings, City, Job, Post, PostSummary, Redirect, Service, SinglePages, Site, SiteAlert } from '../templates/model.ts';
import { BuildFailed, ContentError, rel } from './errors.ts';
import { loadImages, type ImageSet } from './images.ts';
import { markdownFor, statedCounts, type MarkdownRenderer } from './markdown.ts';
import { cityKind, jobKind, postKind, serviceKind, singlePages, type Loaded, type PageKind } from './pages.ts';
import { checkRoutes, sortPosts } from './routes.ts';
import { fileNameProblem, listedTwice, noneOf, postDates, schemaCheck } from './rules.ts';
import { siteSchema, type SiteConfig } from './schemas.ts';
import { parsePlainYaml, parseYaml, YamlError } from './yaml.ts';

export interface ContentOptions {
  content: string; // the content folder
  static: string; // the static folder (links may point at its files)
  year?: number; // the footer's year; taken from the clock when absent
  images?: Pick<ImageSet, 'images' | 'problems'>; // the photos of content/images/, encoded (generator/images.ts); none when absent
  drafts?: boolean; // build drafts and posts dated later too (npm run dev, --drafts)
  today?: string; // YYYY-MM-DD: posts dated later wait (default: the day of `now` where the company is, blog.timeZone)
  now?: Date; // the build's clock: which posts are due, whether site.yaml's alert is up (default: the system clock)
}

/** Which posts stay off the site: drafts and posts dated after `today`, unless `drafts` builds them all. */
export interface PostHold {
  drafts: boolean;
  today: string;
}

/** Whether a post waits: a draft, or scheduled for a later day. */
export function heldBack(post: { draft?: boolean; published: string }, hold: PostHold | undefined): boolean {
  return !!hold && !hold.drafts && (post.draft === true || post.published > hold.today);
}

/** A moment as the wall clock reads in a time zone: YYYY-MM-DDTHH:MM. */
export function wallClock(t: number | Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(t);
  const v = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${v('year')}-${v('month')}-${v('day')}T${v('hour')}:${v('minute')}`;
}

/** Today's date (YYYY-MM-DD) in a time zone: the day a scheduled post goes out. */
export function todayIn(timeZone: string, now = new Date()): string {
  return wallClock(now, timeZone).slice(0, 10);
}

/** The moment a wall-clock time (YYYY-MM-DDTHH:MM) names in a time zone, in ms since the epoch. */
export function instantIn(local: string, timeZone: string): number {
  const asUtc = Date.parse(`${local}:00Z`);
  // the zone's offset from UTC at a moment: its wall clock there, read as if it were UTC, minus the moment
  const offset = (t: number) => Date.parse(`${wallClock(t, timeZone)}:00Z`) - t;
  const guess = asUtc - offset(asUtc);
  return asUtc - offset(guess); // the offset at the moment itself, which differs from the guess's across a clock change
}

/** site.yaml's alert as pages show it, while `now` is between its start and end; otherwise none. */
function activeAlert(config: SiteConfig, now: Date, md: MarkdownRenderer, siteFile: string): SiteAlert | undefined {
  const a = config.alert;
  if (!a) return undefined;
  if (a.link) md.links.push({ href: a.link, file: rel(siteFile), field: 'alert.link' });
  const [start, end] = [a.start, a.end].map((t) => instantIn(t, config.blog.timeZone));
  if (now.getTime() < start || now.getTime() >= end) return undefined;
  return { message: md.plain(a.message, rel(siteFile), 'alert.message'), ...(a.link ? { link: a.link } : {}), end };
}

/** The hold of a build or a load: what its options say, else the day of `now` in the company's time zone. */
export function postHold(opts: Pick<ContentOptions, 'drafts' | 'today' | 'now'>, settings: BlogSettings): PostHold {
  return { drafts: !!opts.drafts, today: opts.today ?? todayIn(settings.timeZone, opts.now) };
}

/** The site model but its assets (which the build adds) and posts (which the post pipeline adds). */
export type SiteData = Omit<Site, 'assets' | 'posts'>;

/** Everything but the blog posts, read and checked; `errors` lists what was wrong. */
export interface Base {
  dir: string;
  siteFile: string;
  staticDir: string;
  md: MarkdownRenderer;
  errors: ContentError[];
  warnings: string[]; // worth a look, but the site is still whole
  data: SiteData | null; // null when a page is missing or broken
  services: Service[];
  cities: City[];
  redirects: Redirect[];
  blogSettings: BlogSettings;
  jobs: Job[];
  jobSettings: Site['jobSettings'];
  listedPaths: string[]; // every service and city file's page, broken or not, so one broken file is one error
}

export function listMarkdown(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.md'))
      .sort();
  } catch {
    return [];
  }
}

// Front matter is read with YAML's core schema, so dates stay text and the schema decides what a date is; plain
// `key: value` lines, as most posts have, without the parser (yaml.ts).
const FRONT_MATTER = { engines: { yaml: (s: string) => (parsePlainYaml(s) ?? parseYaml(s, 2)) as object } };

function readFrontMatter(file: string, errors: ContentError[]): { data: unknown; body: string; bodyLine: number; src: string } | null {
  let src: string;
  try {
    src = readFileSync(file, 'utf8'); // small files: a sync read beats thousands of thread-pool round trips
  } catch {
    errors.push(new ContentError(rel(file), '', 'file is missing'));
    return null;
  }
  try {
    // With options given, gray-matter neither caches nor shares results, so each file gets its own objects.
    const parsed = matter(src, FRONT_MATTER);
    const before = src.length - parsed.content.length; // the body is the file's tail
    let bodyLine = 1;
    for (let i = src.indexOf('\n'); i !== -1 && i < before; i = src.indexOf('\n', i + 1)) bodyLine++;
    return { data: parsed.data, body: parsed.content, bodyLine, src };
  } catch (e) {
    errors.push(new ContentError(rel(file), 'front matter', e instanceof YamlError ? e.message : `invalid YAML: ${(e as Error).message}`));
    return null;
  }
}

/** Checks data against a schema; each problem becomes `file: field: problem` (rules.ts, which the editor runs too). */
function check<S extends z.ZodType>(schema: S, data: unknown, file: string, errors: ContentError[]): z.output<S> | null {
  return schemaCheck(schema, data, rel(file), errors);
}

function loadFile<S extends z.ZodType>(
  file: string,
  schema: S,
  md: MarkdownRenderer,
  errors: ContentError[],
  warnings: string[] = [], // stated counts; posts rendered on helper threads skip them (a test reads every post)
  body = false, // the kind shows its body: a file its schema refuses still has its body's links and photos checked
): Loaded<z.output<S>> | null {
  const fm = readFrontMatter(file, errors);
  if (!fm) return null;
  for (const c of statedCounts(fm.src))
    warnings.push(
      `${rel(file)}, line ${c.line}: "${c.phrase}" states a count that goes stale when the list changes; write ${c.token} instead`,
    );
  const data = check(schema, fm.data, file, errors);
  if (data === null && body) md.sections(fm.body, rel(file), fm.bodyLine); // every problem at once, a dead link's line too
  return data === null ? null : { file: rel(file), data, body: fm.body, bodyLine: fm.bodyLine };
}

/** Reads site.yaml; throws BuildFailed when it is missing or unusable, since every page depends on it. */
function loadConfig(siteFile: string): SiteConfig {
  const errors: ContentError[] = [];
  let raw: string | null = null;
  try {
    raw = readFileSync(siteFile, 'utf8');
  } catch {
    errors.push(new ContentError(rel(siteFile), '', 'file is missing: the site config holds the business facts'));
  }
  let config: SiteConfig | null = null;
  if (raw !== null) {
    try {
      config = check(siteSchema, parseYaml(raw), siteFile, errors);
    } catch (e) {
      if (!(e instanceof YamlError)) throw e;
      errors.push(new ContentError(rel(siteFile), '', e.message));
    }
  }
  if (!config) throw new BuildFailed(errors);
  return config;
}

/** Reads and validates every content file into the site model. Throws BuildFailed listing every problem. */
export async function loadSite(opts: ContentOptions): Promise<SiteData & { posts: Post[] }> {
  if (!opts.images) opts = { ...opts, images: await loadImages(path.join(path.resolve(opts.content), 'images')) };
  const base = loadBase(opts);
  const posts: Post[] = [];
  const hold = base.data && postHold(opts, base.data.blogSettings);
  for (const name of listMarkdown(path.join(base.dir, 'blog'))) {
    const post = loadPost(path.join(base.dir, 'blog', name), base.md, base.errors, base.warnings, hold || undefined);
    if (post) posts.push(post);
  }
  sortPosts(posts);
  checkRoutes(base, posts, base.md.links, base.errors);
  base.errors.push(...base.md.takeErrors());
  if (base.errors.length || !base.data) throw new BuildFailed(base.errors);
  return { ...base.data, posts };
}

/** Reads and validates site.yaml, the pages, services and cities. Throws only when site.yaml itself is unusable. */
export function loadBase(opts: ContentOptions): Base {
  const errors: ContentError[] = [];
  const warnings: string[] = [];
  const dir = path.resolve(opts.content);
  const siteFile = path.join(dir, 'site.yaml');
  const config = loadConfig(siteFile);
  const year = opts.year ?? (opts.now ?? new Date()).getFullYear();
  // A city or a service is its file: site.yaml's lists only put them in order, and the schemas check every slug
  // against the files there are (docs/decisions/cities-and-services-are-files.md).
  const slugsIn = (sub: 'services' | 'cities') => {
    const slugs = listMarkdown(path.join(dir, sub)).flatMap((f) => fileSlug(path.join(dir, sub, f), errors) ?? []);
    return [...config[sub].filter((s) => slugs.includes(s)), ...slugs.filter((s) => !config[sub].includes(s))]; // as listed first
  };
  const found = { services: slugsIn('services'), cities: slugsIn('cities') };
  for (const sub of ['services', 'cities'] as const) errors.push(...noneOf(sub, found[sub], rel(path.join(dir, sub))));
  const schemaConfig: SiteConfig = { ...config, ...found };
  const md = markdownFor({ ...schemaConfig, year, images: opts.images?.images, imageProblems: opts.images?.problems });
  // every text of site.yaml takes the tokens too ({{phone}} in a button, {{cityCount}} in the footer)
  md.fillRest(config, rel(siteFile));

  /** Every file of a collection as its model, in site.yaml's order: the listed ones first, the others by name. */
  function collection<S extends z.ZodType, M extends { slug: string; name: string }>(
    sub: 'services' | 'cities',
    kind: PageKind<S, M>,
  ): M[] {
    const schema = kind.schema(schemaConfig);
    const models = found[sub].flatMap((slug) => {
      const loaded = loadFile(path.join(dir, sub, `${slug}.md`), schema, md, errors, warnings, !!kind.body);
      return loaded ? [md.fillRest(kind.model(loaded, md, slug), loaded.file)] : [];
    });
    const listed = config[sub];
    errors.push(...listedTwice(listed, sub, rel(siteFile)));
    listed.forEach((slug, i) => {
      if (listed.indexOf(slug) === i && !found[sub].includes(slug))
        warnings.push(
          `${rel(siteFile)}: ${sub}[${i}]: "${slug}" has no file ${rel(path.join(dir, sub, `${slug}.md`))}, so it orders nothing; remove it from the list`,
        );
    });
    const rank = (m: M) => (listed.includes(m.slug) ? listed.indexOf(m.slug) : Infinity);
    return models.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
  }

  // the menu links pages only: checked with every other link once the route table is known (routes.ts checkRoutes)
  config.navigation.forEach((item, i) => {
    if (item.path) md.links.push({ href: item.path, file: rel(siteFile), field: `navigation[${i}].path`, page: true });
  });
  const services = collection('services', serviceKind);
  const cities = collection('cities', cityKind);
  const pages: Record<string, unknown> = {};
  for (const [key, { file, kind }] of Object.entries(singlePages)) {
    const loaded = loadFile(
      path.join(dir, 'pages', `${file}.md`),
      (kind as PageKind<z.ZodType, unknown>).schema(schemaConfig),
      md,
      errors,
      warnings,
    );
    if (loaded) pages[key] = md.fillRest((kind as PageKind<z.ZodType, unknown>).model(loaded, md, file), loaded.file);
  }

  const jobs = loadJobs(path.join(dir, 'jobs'), schemaConfig, md, errors, warnings);
  const alert = activeAlert(config, opts.now ?? new Date(), md, siteFile);
  errors.push(...md.takeErrors());
  // a photo that cannot be used is an error where a page shows it, and a warning while none does
  for (const [src, problem] of Object.entries(opts.images?.problems ?? {})) warnings.push(`${rel(path.join(dir, src))}: ${problem}`);
  const complete = Object.keys(singlePages).every((k) => k in pages);
  // site.yaml as its schema gives it, but the lists that became pages' models, and blog: as blogSettings
  const { cities: _cities, services: _services, blog, jobs: jobSettings, alert: _alert, ...settings } = config;
  const data = complete
    ? ({
        ...settings,
        forms: quoteForms(config.forms, services),
        services,
        cities,
        ...(pages as SinglePages),
        blogSettings: blog,
        jobs,
        jobSettings,
        redirects: listingRedirects(config.redirects, jobs),
        images: opts.images?.images ?? {},
        ...(alert ? { alert } : {}),
        year,
      } satisfies SiteData)
    : null;
  return {
    dir,
    siteFile,
    staticDir: path.resolve(opts.static),
    md,
    errors,
    warnings,
    data,
    services,
    cities,
    blogSettings: config.blog,
    jobs,
    jobSettings: config.jobs,
    redirects: listingRedirects(config.redirects, jobs),
    listedPaths: [...found.services.map((x) => `/${x}`), ...found.cities.map((x) => `/service-area/${x}`)],
  };
}

/** A listing's first page has one address: /blog/page/1 redirects to /blog, in every form the others take; so does
 *  /recent-work/page/1, while there is a job to list. */
function listingRedirects(redirects: Redirect[], jobs: Job[]): Redirect[] {
  const listings = ['/blog', ...(jobs.length ? ['/recent-work'] : [])];
  const first = listings.map((to) => ({ from: `${to}/page/1`, to })).filter((f) => !redirects.some((r) => r.from === f.from));
  return [...redirects, ...first];
}

/** The jobs of content/jobs/, newest first. */
function loadJobs(dir: string, config: SiteConfig, md: MarkdownRenderer, errors: ContentError[], warnings: string[]): Job[] {
  const schema = jobKind.schema(config);
  const jobs: Job[] = [];
  for (const name of listMarkdown(dir)) {
    const slug = fileSlug(path.join(dir, name), errors);
    const loaded = slug && loadFile(path.join(dir, name), schema, md, errors, warnings, true);
    if (slug && loaded) jobs.push(md.fillRest(jobKind.model(loaded, md, slug), loaded.file));
  }
  return jobs.sort((a, b) => (a.date === b.date ? a.title.localeCompare(b.title) : a.date < b.date ? 1 : -1));
}

/** A file's name as its slug, or null (the error recorded) when it is not one. */
function fileSlug(file: string, errors: ContentError[]): string | null {
  const slug = path.basename(file, '.md');
  const problem = fileNameProblem(slug, rel(file));
  if (!problem) return slug;
  errors.push(problem);
  return null;
}

/** A service a visitor can ask a quote for: named in a form's list, or mapped to an option by its dialog title. */
function inAQuoteForm(s: Service, forms: SiteConfig['forms']): boolean {
  return [s.name, s.dialog.title].some(
    (n) => forms.contactServices.includes(n) || forms.dialogServices.includes(n) || n in forms.dialogPreselect,
  );
}

/**
 * The quote forms' options: site.yaml's, and every service they do not offer yet (a service just created in the
 * editor) in both, before each list's last option (the catch-all, Other), its dialog title selecting it.
 */
function quoteForms(forms: SiteConfig['forms'], services: Service[]): SiteConfig['forms'] {
  const added = services.filter((s) => !inAQuoteForm(s, forms));
  if (!added.length) return forms;
  const withAdded = (list: string[]) => [...list.slice(0, -1), ...added.map((s) => s.name), ...list.slice(-1)];
  const preselect = Object.fromEntries(added.filter((s) => s.dialog.title !== s.name).map((s) => [s.dialog.title, s.name]));
  return {
    ...forms,
    contactServices: withAdded(forms.contactServices),
    dialogServices: withAdded(forms.dialogServices),
    dialogPreselect: { ...forms.dialogPreselect, ...preselect },
  };
}

/**
 * One blog post, or null when it is broken (its errors recorded) or waits (`hold`: a draft, or dated later). A post
 * that waits is checked against its schema, but its body is not rendered, so its links are not checked either.
 */
export function loadPost(file: string, md: MarkdownRenderer, errors: ContentError[], warnings?: string[], hold?: PostHold): Post | null {
  const slug = fileSlug(file, errors);
  if (!slug) return null;
  const loaded = loadFile(file, postKind.schema(undefined as never), md, errors, warnings);
  if (!loaded) return null;
  const d = loaded.data;
  errors.push(...postDates(d, loaded.file));
  if (heldBack(d, hold)) return null;
  return md.fillRest(postKind.model(loaded, md, slug), loaded.file);
}

/** The part of a post that lists, the sitemap and the feed use. */
export function summarize(p: PostSummary): PostSummary {
  const s: PostSummary = {
    slug: p.slug,
    path: p.path,
    title: p.title,
    description: p.description,
    summary: p.summary,
    published: p.published,
    modified: p.modified,
    linkLabel: p.linkLabel,
  };
  if (p.photo !== undefined) s.photo = p.photo;
  return s;
}
