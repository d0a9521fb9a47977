// The content rules the build applies beyond what a kind's schema and model say, as functions of data with no file
// system: the build calls them (content.ts, links.ts), and so does the editor at /admin before a save (editor/check.ts,
// bundled into dist/admin/ by editor/build/bundle.ts). One code, one set of words, in both places
// (docs/decisions/editor-refuses-what-the-build-refuses.md).
import { DomUtils, parseDocument } from 'htmlparser2';
import type * as z from 'zod';
import { registry, type Collection } from '../templates/model/kinds.ts';
import { MOVED_FIELDS, SETTINGS_LABEL, type SiteConfig } from '../templates/model/schemas.ts';
import { slugify } from '../templates/model/words.ts';
import { ContentError } from './errors.ts';
import type { FileText } from '../templates/model/rendered.ts';
import type { LinkRef } from './markdown.ts';

/** Checks data against a schema; each problem becomes `file: field: problem`. */
export function schemaCheck<S extends z.ZodType>(schema: S, data: unknown, file: string, errors: ContentError[]): z.output<S> | null {
  const r = schema.safeParse(data ?? {});
  if (r.success) return r.data;
  for (const issue of r.error.issues) {
    const field = issue.path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('') || 'front matter';
    let problem = issue.message;
    if (issue.code === 'unrecognized_keys') {
      // a field that moved says where it lives now, at its own place
      const at = (k: string) => (field === 'front matter' ? k : `${field}.${k}`);
      for (const k of issue.keys.filter((k) => MOVED_FIELDS[at(k)])) errors.push(new ContentError(file, at(k), MOVED_FIELDS[at(k)]));
      const unknown = issue.keys.filter((k) => !MOVED_FIELDS[at(k)]);
      if (!unknown.length) continue;
      problem = `unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k}"`).join(', ')}`;
    }
    if (/^Invalid input: expected \w+, received undefined$/.test(problem)) problem = 'is required';
    errors.push(new ContentError(file, field, problem));
  }
  return null;
}

/** A file's name is its page's address: lowercase letters, digits and dashes. `file` as messages name it. */
export function fileNameProblem(file: string): ContentError | null {
  return /(^|\/)[a-z0-9-]+\.md$/.test(file)
    ? null
    : new ContentError(file, 'file name', 'expected lowercase letters, digits and dashes, like my-post.md');
}

/** site.yaml's order of a folder's entries (`services:`, `cities:`) names each once. */
export function listedTwice(listed: string[], field: string, siteFile: string): ContentError[] {
  return listed.flatMap((slug, i) =>
    listed.indexOf(slug) < i ? [new ContentError(siteFile, `${field}[${i}]`, `"${slug}" is listed twice`)] : [],
  );
}

/** site.yaml's blog.timeZone names a zone of the company's clock's tz data (`zones`: time.ts zoneNames, which the
 *  editor has from the site index), whatever the runtime's own tz data would accept ("PST" is none). */
export function timeZoneProblem(config: Pick<SiteConfig, 'blog'>, zones: readonly string[], siteFile: string): ContentError[] {
  const zone = config.blog.timeZone;
  if (zones.includes(zone)) return [];
  const like = zones.find((z) => z.toLowerCase().endsWith(`/${zone.toLowerCase().replaceAll(' ', '_')}`)) ?? 'America/Vancouver';
  return [new ContentError(siteFile, 'blog.timeZone', `"${zone}" is not a time zone; expected one like ${like}`)];
}

/** The addresses site.yaml names: the menu's (pages only) and the alert's link. */
export function siteLinks(config: Pick<SiteConfig, 'navigation' | 'alert'>, siteFile: string): LinkRef[] {
  const links: LinkRef[] = config.navigation.flatMap((item, i) =>
    item.path ? [{ href: item.path, file: siteFile, field: `navigation[${i}].path`, page: true }] : [],
  );
  if (config.alert?.link) links.push({ href: config.alert.link, file: siteFile, field: 'alert.link' });
  return links;
}

/**
 * The storm alert's message as every page shows it: a line of Markdown, a link in it written as the rest of the content
 * writes one, [text](/path), and checked with every other. Its tokens are text ({{phone}} too: the phone button follows
 * the line). Its own Link links the whole line, so not both: a link inside a link.
 */
export function alertMessage(alert: NonNullable<SiteConfig['alert']>, text: FileText): string {
  const html = text.inline(text.fillRest(alert.message, 'alert.message'), 'alert.message');
  if (alert.link && DomUtils.getElementsByTagName('a', parseDocument(html)).length)
    text.refuse('alert.link', 'links the whole message, which has a link of its own: remove Link, or the link from the message');
  return html;
}

/** What the link rules need to know of the whole site: no file system, so the editor can hold it too. */
export interface LinkFacts {
  routes: { path: string; source: string }[]; // source: the content file, relative to content/ (services/x.md)
  redirects: { from: string; to: string }[];
  pages: string[]; // every entry's address, broken or not, so a broken page is not also a dead link
  waiting: string[]; // every waiting entry's address (a draft, a post dated later): a link to one is refused
  isStatic: (path: string) => boolean; // a file of static/
  owner: (source: string) => string; // a content file as messages name it
  siteFile: string; // site.yaml as messages name it
}

/** What the link rules find: problems that stop the build, warnings, and the redirects the build adds for links to an
 *  entry no file has (a city deleted: its address leads to /service-areas). */
export interface LinkCheck {
  errors: ContentError[];
  warnings: ContentError[];
  redirects: { from: string; to: string }[];
}

/** The site's pages for a message: the top-level ones, then how many more (posts and cities can be thousands). */
function pageList(routes: { path: string }[]): string {
  const top = routes.map((r) => r.path).filter((p) => p.lastIndexOf('/') === 0);
  return `${top.join(', ')}${routes.length > top.length ? ` and ${routes.length - top.length} more below them` : ''}`;
}

/** Where a content file is in the editor at /admin, in its own words: "Service areas, burnaby", "Pages, About". */
export function editorPlace(source: string): string {
  if (source === 'site.yaml') return SETTINGS_LABEL;
  for (const k of Object.values(registry)) {
    if (k.type === 'single' && k.file === source) return `Pages, ${k.editor.label}`;
    if (k.type === 'collection' && source.startsWith(`${k.folder}/`)) return `${k.editor.label}, ${source.slice(k.folder.length + 1, -3)}`;
  }
  return source;
}

/**
 * The kind of entry a link's address is one of when no page is there: /service-area/x is a city's, /x a service's,
 * /blog/x a post's, /recent-work#job-x a job's, and a listing's pages (/blog/page/9) its entries'. The build cannot
 * tell a deleted entry from a misspelt address (it does not know the history), so both lead to the kind's listing,
 * with a warning (docs/decisions/deleting-an-entry.md).
 */
function goneKind(href: string): (Collection & Required<Pick<Collection, 'gone'>>) | undefined {
  const all = Object.values(registry);
  const withPages = (k: Collection): k is Collection & Required<Pick<Collection, 'gone' | 'path'>> => !!k.gone && !!k.path;
  // a page of a listing that has fewer pages now, or none (/recent-work with no job left): its entries' kind
  const target = href.replace(/[#?].*$/, '');
  const listing = all.find((k) => k.type === 'single' && k.lists && (target === k.path || target.startsWith(`${k.path}/page/`)));
  if (listing?.type === 'single')
    return all.find(
      (k): k is Collection & Required<Pick<Collection, 'gone'>> => k.type === 'collection' && k.field === listing.lists?.field && !!k.gone,
    );
  for (const k of all) {
    if (k.type !== 'collection' || !withPages(k)) continue;
    const [before, after] = k.path('\0').split('\0');
    const slug = href.slice(before.length, href.length - after.length);
    if (href.startsWith(before) && href.endsWith(after) && /^[a-z0-9-]+$/.test(slug)) return k;
  }
  return undefined;
}

/**
 * A link may point at a page, a redirect's old address or a file in static/; a menu's link must be a page; no two
 * pages or redirects share a path, and every redirect lands on a page. A link (or a menu's, or a redirect's target)
 * to an address of a kind's entries that no entry has leads to the kind's listing, by a redirect the build adds, and
 * is a warning: a deleted city, service, post or job never stops the build.
 */
export function linkRules(facts: LinkFacts, links: LinkRef[]): LinkCheck {
  const errors: ContentError[] = [];
  const warnings: ContentError[] = [];
  const added = new Map<string, string>();
  // Each path's owner: a route's content file, or a redirect's place in site.yaml.
  const seen = new Map<string, string | number>();
  const owner = (o: string | number) => (typeof o === 'number' ? `${facts.siteFile} redirects[${o}]` : facts.owner(o));
  const place = (o: string | number) => (typeof o === 'number' ? `${SETTINGS_LABEL}, Redirects` : editorPlace(o));
  for (const r of facts.routes) {
    const prev = seen.get(r.path);
    if (prev !== undefined)
      errors.push(
        new ContentError(
          owner(r.source),
          'route',
          `${r.path} is already the address of ${owner(prev)} (${place(prev)}): give this one another name, and so another address`,
        ),
      );
    else seen.set(r.path, r.source);
  }
  const pages = new Set([...facts.routes.map((x) => x.path), ...facts.pages]);
  /** A link to an entry no file has: the warning, and the redirect to its kind's listing. */
  const gone = (href: string, file: string, field: string, then: string): boolean => {
    const k = goneKind(href);
    if (!k) return false;
    const from = href.replace(/[#?].*$/, '');
    if (facts.waiting.includes(from)) {
      errors.push(
        new ContentError(file, field, `${href}: that ${k.gone.what} is not out yet (a draft, or dated later): link to it once it is out`),
      );
      return true;
    }
    added.set(from, k.gone.to);
    warnings.push(
      new ContentError(
        file,
        field,
        `${href}: no ${k.gone.what} is there (one deleted, or the address misspelt), so it leads to ${k.gone.to}; ${then}`,
      ),
    );
    return true;
  };
  const froms = new Set(facts.redirects.map((r) => r.from));
  for (const [i, r] of facts.redirects.entries()) {
    const prev = seen.get(r.from);
    if (prev !== undefined)
      errors.push(
        new ContentError(
          facts.siteFile,
          `redirects[${i}].from`,
          `${r.from} is the address of ${owner(prev)} (${place(prev)}), whose page a redirect would hide: remove this ` +
            `redirect (${SETTINGS_LABEL}, Redirects, the one from ${r.from}), or give that entry another name`,
        ),
      );
    else seen.set(r.from, i);
    const to = r.to.replace(/[#?].*$/, '') || '/';
    // another redirect's old address is no page either: one hop only
    if (
      !pages.has(to) &&
      (froms.has(to) ||
        !gone(r.to, facts.siteFile, `redirects[${i}].to`, `send it to another page (${SETTINGS_LABEL}, Redirects, the one from ${r.from})`))
    )
      errors.push(new ContentError(facts.siteFile, `redirects[${i}].to`, `${r.to} is not a page of the site`));
  }
  const change = 'link to a page there is, or remove the link';
  for (const l of links) {
    const target = l.href.replace(/[#?].*$/, '');
    if (l.href.startsWith('#') || target === '') continue;
    if (l.page) {
      if (!pages.has(target) && (seen.has(target) || !gone(l.href, l.file, l.field, 'give the menu another page')))
        errors.push(new ContentError(l.file, l.field, `${l.href} is not a page of the site; pages: ${pageList(facts.routes)}`));
      continue;
    }
    if (seen.has(target) || pages.has(target) || facts.isStatic(target) || gone(l.href, l.file, l.field, change)) continue;
    errors.push(
      new ContentError(l.file, l.field, `link to ${l.href} goes nowhere: it is neither a page, a redirect nor a file in static/`),
    );
  }
  return { errors, warnings, redirects: [...added].map(([from, to]) => ({ from, to })) };
}

/**
 * No two entries of a kind whose entries are pages share a name, as their addresses come from it: the editor would
 * save a second "Tree Removal" as tree-removal-1.md, and the menus would list two. Names are compared as their
 * addresses are made (case, spaces and signs aside). Each entry after the first of a name is refused: the one whose
 * file name is its name's comes first, then by file name; `saving` (the editor's entry being saved) comes last, as the
 * editor names a new entry's file after its name. `entries`: slug, name and file as messages name it.
 */
export function sameNames(kind: Collection, entries: { slug: string; name: unknown; file: string }[], saving?: string): ContentError[] {
  if (!kind.entryPages) return [];
  const field = kind.editor.identify ?? 'title';
  const key = (name: unknown) => slugify(String(name));
  const first = new Map<string, { slug: string; file: string }>();
  const sorted = [...entries].sort(
    (a, b) =>
      Number(a.file === saving) - Number(b.file === saving) ||
      Number(b.slug === key(b.name)) - Number(a.slug === key(a.name)) ||
      (a.slug < b.slug ? -1 : 1),
  );
  const errors: ContentError[] = [];
  for (const e of sorted) {
    if (typeof e.name !== 'string' || !key(e.name)) continue;
    const prev = first.get(key(e.name));
    if (!prev) first.set(key(e.name), e);
    else
      errors.push(
        new ContentError(
          e.file,
          field,
          `"${e.name.trim()}" is already the ${field} of ${prev.file} (${editorPlace(`${kind.folder}/${prev.slug}.md`)}): ` +
            `give this ${kind.gone?.what} another ${field}, or change that one instead of adding this one`,
        ),
      );
  }
  return errors;
}
