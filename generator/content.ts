// The build's first two passes over content/: load (site.yaml and every file of every kind in the registry, read and
// checked against its schema) and fill (each file's model: tokens filled in, Markdown rendered, photos looked up).
// Problems are values: each pass returns them, and the build lists them all at once.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { kindList, registry, type Hold, type Kind, type KindName, type Slugs } from '../templates/model/kinds.ts';
import type { ImageInfo } from '../templates/model/rendered.ts';
import { siteSchema, type SiteConfig } from '../templates/model/schemas.ts';
import type { Site, SiteAlert } from '../templates/model/types.ts';
import { BuildFailed, ContentError, rel } from './errors.ts';
import { FileTextOf, statedCounts, textSource, type LinkRef, type TextSource } from './markdown.ts';
import { instantIn, todayIn, zoneNames } from './time.ts';
import { bookedIn, offeredVisits } from './visits.ts';
import { alertMessage, fileNameProblem, listedTwice, sameNames, schemaCheck, siteLinks, timeZoneProblem } from './rules.ts';
import { parseYaml, YamlError } from './yaml.ts';

export interface ContentOptions {
  content: string; // the content folder
  year?: number; // the footer's year; taken from the clock, where the company is, when absent
  drafts?: boolean; // build drafts and posts dated later too (npm run dev, --drafts)
  today?: string; // YYYY-MM-DD: posts dated later wait (default: the day of `now` where the company is, blog.timeZone)
  now?: Date; // the build's clock: which posts are due, whether site.yaml's alert is up (default: the system clock)
}

/** The photos of content/images/ as pages may show them (generator/images.ts), and why some cannot be used. */
export interface Photos {
  images: Record<string, ImageInfo>;
  problems: Record<string, string>;
}

/** The site model but its assets (which the build adds). */
export type SiteData = Omit<Site, 'assets'>;

/** A file of a kind, read and checked against its schema. */
interface LoadedFile {
  kind: KindName;
  file: string; // relative to the working folder, as messages name it
  slug: string;
  data: unknown; // its schema's output
  body: string; // the Markdown after the front matter
  bodyLine: number; // the file line the body starts on
}

/** Pass 1's result: every file read and checked. */
export interface Loaded {
  dir: string;
  siteFile: string;
  config: SiteConfig;
  slugs: Slugs; // each folder kind's entries, in order (what schemas check a slug against)
  names: Record<string, Record<string, string>>; // each folder kind's entries' display names (name:, title:) by slug
  today: string; // the company's today (YYYY-MM-DD), by which entries wait or are over
  files: LoadedFile[]; // the good ones, but entries that wait (drafts, posts dated later)
  pages: string[]; // the address of every entry a page will show, broken or not: one broken file is one error
  waiting: string[]; // the address of every entry that waits (a draft, a post dated later)
  errors: ContentError[];
  warnings: string[]; // worth a look, but the site is still whole
}

function listMarkdown(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.md'))
      .sort();
  } catch {
    return [];
  }
}

/** Checks data against a schema; each problem becomes `file: field: problem` (rules.ts, which the editor runs too). */
const check = schemaCheck;

/** A Markdown file's front matter (read with YAML's core schema, so the schema decides what a date is) and body. */
function readMarkdown(file: string, errors: ContentError[], warnings: string[]) {
  let src: string;
  try {
    src = readFileSync(file, 'utf8');
  } catch {
    errors.push(new ContentError(rel(file), '', 'file is missing'));
    return null;
  }
  for (const c of statedCounts(src))
    warnings.push(
      `${rel(file)}, line ${c.line}: "${c.phrase}" states a count that goes stale when the list changes; write ${c.token} instead`,
    );
  try {
    // With options given, gray-matter neither caches nor shares results, so each file gets its own objects.
    const parsed = matter(src, { engines: { yaml: (s: string) => parseYaml(s, 2) as object } });
    const bodyLine = src.slice(0, src.length - parsed.content.length).split('\n').length; // the body is the file's tail
    return { data: parsed.data, body: parsed.content, bodyLine };
  } catch (e) {
    errors.push(new ContentError(rel(file), 'front matter', e instanceof YamlError ? e.message : `invalid YAML: ${(e as Error).message}`));
    return null;
  }
}

/** site.yaml, checked; throws BuildFailed when it is missing or unusable, since every page depends on it. */
function loadConfig(siteFile: string): SiteConfig {
  const errors: ContentError[] = [];
  let config: SiteConfig | null = null;
  try {
    config = check(siteSchema, parseYaml(readFileSync(siteFile, 'utf8')), rel(siteFile), errors);
  } catch (e) {
    if (e instanceof YamlError) errors.push(new ContentError(rel(siteFile), '', e.message));
    else errors.push(new ContentError(rel(siteFile), '', 'file is missing: the site config holds the business facts'));
  }
  if (config) errors.push(...timeZoneProblem(config, zoneNames(), rel(siteFile)));
  if (!config || errors.length) throw new BuildFailed(errors);
  return config;
}

/** The hold of a build: what its options say, else the day of `now` in the company's time zone. */
function holdOf(opts: ContentOptions, config: SiteConfig): Hold {
  return { drafts: !!opts.drafts, today: opts.today ?? todayIn(config.blog.timeZone, opts.now) };
}

/**
 * Pass 1: reads site.yaml and every file of every kind, each checked against its schema. A folder's entries are its
 * files: site.yaml's list of the same name (`services:`, `cities:`) only puts them in order
 * (docs/decisions/cities-and-services-are-files.md). Throws only when site.yaml itself is unusable.
 */
export function load(opts: ContentOptions): Loaded {
  const dir = path.resolve(opts.content);
  const siteFile = path.join(dir, 'site.yaml');
  const config = loadConfig(siteFile);
  const errors: ContentError[] = [];
  const warnings: string[] = [];
  const hold = holdOf(opts, config);

  const slugs: Slugs = {};
  for (const [, k] of kindList) {
    if (k.type !== 'collection') continue;
    // an entry over by its name (a booked visit of a past day) is not read: nothing in it can stop the build
    const current = listMarkdown(path.join(dir, k.folder)).filter((f) => !k.over?.(f.slice(0, -3), hold.today));
    const found = current.filter((f) => {
      const problem = fileNameProblem(rel(path.join(dir, k.folder, f)));
      if (problem) errors.push(problem);
      return !problem;
    });
    const all = found.map((f) => f.slice(0, -3));
    const listed = (config as Record<string, unknown>)[k.field];
    if (Array.isArray(listed)) {
      errors.push(...listedTwice(listed, k.field, rel(siteFile)));
      listed.forEach((slug: string, i) => {
        if (listed.indexOf(slug) === i && !all.includes(slug))
          warnings.push(
            `${rel(siteFile)}: ${k.field}[${i}]: "${slug}" has no file ${rel(path.join(dir, k.folder, `${slug}.md`))}, so it orders nothing; remove it from the list`,
          );
      });
      slugs[k.field] = [...listed.filter((s: string) => all.includes(s)), ...all.filter((s) => !listed.includes(s))]; // listed first
    } else slugs[k.field] = all;
    if (k.listed && !all.length)
      warnings.push(
        `${rel(path.join(dir, k.folder))}: has no ${k.gone?.what}, so the menus, the quote forms and the pages that list them show none, ` +
          `links to one lead to ${k.gone?.to} and the copy's counts of them read 0: add one in the editor (${k.editor.label}, New)`,
      );
  }

  const files: LoadedFile[] = [];
  const pages: string[] = [];
  const waiting: string[] = [];
  const names: Record<string, { slug: string; name: unknown; file: string }[]> = {};
  const read = (kind: KindName, k: Kind, file: string, slug: string) => {
    const md = readMarkdown(file, errors, warnings);
    let data = md && check(k.schema(slugs, config), md.data, rel(file), errors);
    // its file name's own rule (a booked visit's is its day and window), once its data is known
    const named =
      k.type === 'collection' && data
        ? k.nameProblem?.(
            slug,
            data,
            slugs[k.field].filter((s) => s !== slug),
          )
        : null;
    if (named) {
      const { field, problem } = named;
      errors.push(new ContentError(rel(file), field, problem));
      data = null;
    }
    if (k.type === 'collection' && data)
      (names[k.field] ??= []).push({ slug, name: (data as Record<string, unknown>)[k.editor.identify ?? 'title'], file: rel(file) });
    const waits = data !== null && k.type === 'collection' && !!k.waits?.(data, hold);
    if (k.type === 'collection' && k.entryPages && k.path) (waits ? waiting : pages).push(k.path(slug));
    if (md && data !== null && !waits) files.push({ kind, file: rel(file), slug, data, body: md.body, bodyLine: md.bodyLine });
    // a file its schema refuses still has its body's links and photos checked, so one build lists every problem
    else if (md && data === null && k.body) files.push({ kind, file: rel(file), slug, data: null, body: md.body, bodyLine: md.bodyLine });
  };
  for (const [kind, k] of kindList) {
    if (k.type === 'collection') for (const slug of slugs[k.field]) read(kind, k, path.join(dir, k.folder, `${slug}.md`), slug);
    else read(kind, k, path.join(dir, k.file), path.basename(k.file, '.md'));
  }
  for (const [, k] of kindList) if (k.type === 'collection') errors.push(...sameNames(k, names[k.field] ?? []));
  const entryNames = Object.fromEntries(
    Object.entries(names).map(([field, list]) => [field, Object.fromEntries(list.map((e) => [e.slug, String(e.name)]))]),
  );
  return { dir, siteFile, config, slugs, names: entryNames, today: hold.today, files, pages, waiting, errors, warnings };
}

/** Pass 2's result: the site model (null when a file it needs is broken), the links to check, and problems. */
export interface Filled {
  data: SiteData | null;
  links: LinkRef[];
  errors: ContentError[];
  source: TextSource; // the tokens, words and photos every file's text had (the editor's site index names them)
}

/**
 * Pass 2: each file's model, with the site's tokens filled in, Markdown rendered and photos looked up; site.yaml's own
 * texts take the tokens too ({{phone}} in a button, {{cityCount}} in the footer).
 */
export function fill(loaded: Loaded, photos: Photos, opts: ContentOptions): Filled {
  const { config, slugs } = loaded;
  const year = opts.year ?? Number(todayIn(config.blog.timeZone, opts.now).slice(0, 4)); // the company's year, not the host's
  // {{cityCount}}, {{serviceCountWord}}, ...: the entries of each kind the copy counts
  const counts = Object.fromEntries(
    kindList.flatMap(([, k]) => (k.type === 'collection' && k.counted ? [[k.gone?.what, slugs[k.field].length]] : [])),
  );
  const source = textSource(config, counts, year, photos);
  const siteText = new FileTextOf(source, rel(loaded.siteFile));
  const alertHtml = config.alert && alertMessage(config.alert, siteText); // checked whether or not it is up now
  const settings = siteText.fillRest(config);
  // the menu links pages only, the alert any address: checked with every other link against the route table
  const links: LinkRef[] = siteLinks(config, rel(loaded.siteFile));
  const errors: ContentError[] = [];
  const models: Record<string, unknown> = {};
  const lists: Record<string, object[]> = Object.fromEntries(Object.keys(slugs).map((f) => [f, []]));
  for (const f of loaded.files) {
    const k = registry[f.kind];
    const text = new FileTextOf(source, f.file, f.body, f.bodyLine);
    if (f.data === null)
      text.sections(); // a broken file's body: its own problems, listed with its schema's
    else {
      const model = text.fillRest(k.model(f.data, text, f.slug) as object);
      if (k.type === 'collection') lists[k.field].push({ ...model, slug: f.slug, ...(k.path ? { path: k.path(f.slug) } : {}) });
      else models[f.kind] = model;
    }
    links.push(...text.links);
    errors.push(...text.problems);
    loaded.warnings.push(...text.warnings.map((w) => w.message));
  }
  for (const [, k] of kindList) if (k.type === 'collection' && k.sort) lists[k.field].sort(k.sort);

  const now = opts.now ?? new Date();
  const alert = alertHtml ? activeAlert(settings, alertHtml, now) : undefined;
  const visits =
    settings.visits &&
    offeredVisits(settings.visits, settings.blog.timeZone, now.getTime(), bookedIn(lists), alert?.storm ? alert.end : undefined);
  errors.push(...siteText.problems);
  links.push(...siteText.links);
  // a photo that cannot be used is an error where a page shows it, and a warning while none does
  for (const [src, problem] of Object.entries(photos.problems)) loaded.warnings.push(`${rel(path.join(loaded.dir, src))}: ${problem}`);
  const complete = kindList.every(([kind, k]) => k.type === 'collection' || kind in models);
  // site.yaml as its schema gives it, but for its keys named like a kind's model: a list (services:, cities:) ordered
  // that kind's entries, a block (blog:) is the kind's `{name}Settings`; and the alert and the visits as offered
  const modelKeys = new Set(kindList.map(([name, k]) => (k.type === 'collection' ? k.field : name)));
  const rest: Record<string, unknown> = {};
  const kindSettings: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(settings)) {
    if (key === 'alert' || key === 'visits') continue;
    if (!modelKeys.has(key)) rest[key] = value;
    else if (!Array.isArray(value)) kindSettings[`${key}Settings`] = value;
  }
  const data = complete
    ? ({
        ...rest,
        ...(models as object),
        ...(lists as object),
        forms: quoteForms(
          settings.forms,
          kindList.flatMap(([, k]) => (k.type === 'collection' && k.quoteOption ? lists[k.field].map((e) => k.quoteOption!(e)) : [])),
        ),
        ...kindSettings,
        images: photos.images,
        ...(alert ? { alert } : {}),
        ...(visits ? { visits } : {}),
        year,
      } as SiteData)
    : null;
  return { data, links, errors, source };
}

/** site.yaml's alert as pages show it (its message as `html`), while `now` is between its start and end; otherwise none. */
function activeAlert(config: SiteConfig, html: string, now: Date): SiteAlert | undefined {
  const a = config.alert;
  if (!a) return undefined;
  const [start, end] = [a.start, a.end].map((t) => instantIn(t, config.blog.timeZone));
  if (now.getTime() < start || now.getTime() >= end) return undefined;
  return { message: html, ...(a.link ? { link: a.link } : {}), end, storm: a.storm };
}

/** What a visitor can ask a quote for (a service): its name, and the title of the estimate dialog its page opens. */
type QuoteOption = { name: string; dialogTitle: string };

/** An option is in a quote form: named in a form's list, or mapped to an option by its dialog title. */
function inAQuoteForm(s: QuoteOption, forms: SiteConfig['forms']): boolean {
  return [s.name, s.dialogTitle].some(
    (n) => forms.contactServices.includes(n) || forms.dialogServices.includes(n) || n in forms.dialogPreselect,
  );
}

/**
 * The quote forms' options: site.yaml's, and every option of the kinds' entries (kind.ts quoteOption: the services)
 * they do not offer yet (a service just created in the editor) in both, before each list's last option (the
 * catch-all, Other), its dialog title selecting it.
 */
function quoteForms(forms: SiteConfig['forms'], options: QuoteOption[]): SiteConfig['forms'] {
  const added = options.filter((s) => !inAQuoteForm(s, forms));
  if (!added.length) return forms;
  const withAdded = (list: string[]) => [...list.slice(0, -1), ...added.map((s) => s.name), ...list.slice(-1)];
  const preselect = Object.fromEntries(added.filter((s) => s.dialogTitle !== s.name).map((s) => [s.dialogTitle, s.name]));
  return {
    ...forms,
    contactServices: withAdded(forms.contactServices),
    dialogServices: withAdded(forms.dialogServices),
    dialogPreselect: { ...forms.dialogPreselect, ...preselect },
  };
}
