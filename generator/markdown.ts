// Markdown fields and bodies to HTML (marked), with the copy's {{tokens}} filled in and every site link recorded
// for the dead-link check. Raw HTML is shown as text, never passed through: content cannot inject markup.
import { DomUtils, parseDocument } from 'htmlparser2';
import { Marked, Renderer, type Token, type Tokens } from 'marked';
import { escapeHtml } from '../templates/escape.ts';
import type { FaqItem, FileText, ImageInfo, Photo, Section } from '../templates/model/rendered.ts';
import type { SiteConfig } from '../templates/model/schemas.ts';
import { countWord, NUMBER_WORDS, slugify } from '../templates/model/words.ts';
import type { Place } from '../templates/model/places.ts';
import { pictureHtml, SIZES } from '../templates/picture.ts';
import { ContentError } from './errors.ts';
import { smallerThanPlace } from './photo-files.ts';

const TOKEN = /\{\{\s*([a-zA-Z]+)\s*\}\}/g;

/** A site path that some content links to, and where: checked once every page is known (generator/links.ts). */
export interface LinkRef {
  href: string;
  file: string;
  field: string;
  page?: boolean; // must be a page of the route table (a menu's link), not a redirect's old address or a static file
}

/** What every file's text shares: the site's tokens, the renderer's own words, and the photos there are. */
export interface TextSource {
  tokens: Record<string, { md: string; plain: string }>;
  labels: { newTab: string; table: string };
  images: Record<string, ImageInfo>;
  imageProblems: Record<string, string>;
}

/**
 * One content file's text (FileText, templates/model/rendered.ts): its fields and body with tokens filled in and
 * Markdown rendered. What the file links to and what is wrong with it are kept here, for the build to collect.
 */
export class FileTextOf implements FileText {
  links: LinkRef[] = [];
  problems: ContentError[] = [];
  warnings: ContentError[] = []; // worth a look, but the page is whole (a photo smaller than where it shows)
  private marked?: Marked;
  // Where rendering is: renderer hooks report links and problems at the field (and in a body, the line) being rendered.
  private at: { field: string; src?: string; line?: number } = { field: '' };

  constructor(
    private source: TextSource,
    readonly file: string,
    private body = '',
    private firstBodyLine = 1,
  ) {}

  private renderer(): Marked {
    if (this.marked) return this.marked;
    const self = this;
    const base = new Renderer();
    return (this.marked = new Marked({
      gfm: true,
      renderer: {
        html(token: Tokens.HTML | Tokens.Tag) {
          return escapeHtml(token.text);
        },
        link(this: Renderer, token: Tokens.Link) {
          const inner = this.parser.parseInline(token.tokens);
          const href = token.href.trim();
          if (/^https?:\/\//i.test(href)) {
            return `<a href="${escapeHtml(href)}" target="_blank" rel="nofollow noopener noreferrer">${inner}<span class="visually-hidden"> ${escapeHtml(self.source.labels.newTab)}</span></a>`;
          }
          if (/^(tel:|mailto:)/i.test(href)) return `<a href="${escapeHtml(href)}">${inner}</a>`;
          if (href.startsWith('/') || href.startsWith('#')) {
            self.links.push({ href, file: self.file, field: self.where(href) });
            return `<a href="${escapeHtml(href)}">${inner}</a>`;
          }
          self.fail(`link "${href}" must be a site path starting with /, an https:// address, tel: or mailto:`, href);
          return inner;
        },
        image(token: Tokens.Image) {
          // ![""](...) is the explicit choice of a decorative photo; an empty ![](...) is alt text forgotten
          const alt = token.text === '""' ? '' : token.text.trim() || undefined;
          const photo = self.lookUp(token.href.trim(), alt, 'body', token.title?.trim() || undefined);
          return photo ? pictureHtml(photo, SIZES.body) : '';
        },
        paragraph(this: Renderer, token: Tokens.Paragraph) {
          // a photo on its own line stands alone: a captioned one is a <figure>, which a <p> cannot hold
          const own = token.tokens.filter((t) => !(t.type === 'text' && !t.raw.trim()));
          if (own.length === 1 && own[0].type === 'image') return this.parser.parseInline(own) + '\n';
          return base.paragraph.call(this, token);
        },
        table(this: Renderer, token: Tokens.Table) {
          const table = base.table.call(this, token);
          return `<section class="table-scroll" aria-label="${escapeHtml(self.source.labels.table)}" tabindex="0">${table}</section>`;
        },
        list(this: Renderer, token: Tokens.List) {
          const html = base.list.call(this, token);
          // marked's own output, which starts with the list's start tag: the class goes into it, nothing is read
          return token.ordered ? html.replace(/^<ol/, '<ol class="steps"') : html;
        },
      },
    }));
  }

  /**
   * A photo of content/images/ by the path content writes (/images/name.jpg), with its alt text ('' when the content
   * marks it decorative, undefined when it forgot). Records the problem and returns undefined when it cannot be shown.
   * `fields` names the front matter fields; in a body the problem names the line. A photo smaller than its `place`
   * is shown, with a warning.
   */
  private lookUp(
    src: string,
    alt: string | undefined,
    place: Place,
    caption?: string,
    fields?: { image: string; alt: string },
  ): Photo | undefined {
    const fail = (field: string | undefined, problem: string) => (field ? this.refuse(field, problem) : this.fail(problem, src));
    if (/^(https?:)?\/\//i.test(src)) {
      fail(
        fields?.image,
        `image ${src} is on another site: save the file into content/images/ and write /images/its-name.jpg (the site serves only its own photos)`,
      );
      return undefined;
    }
    if (!src.startsWith('/images/') || src.includes('/', 8)) {
      fail(fields?.image, `image "${src}" must be a photo saved in content/images/, written /images/its-name.jpg`);
      return undefined;
    }
    const problem = this.source.imageProblems[src];
    if (problem) {
      fail(fields?.image, `image ${src} ${problem}`);
      return undefined;
    }
    const image = this.source.images[src];
    if (!image) {
      const near = Object.keys(this.source.images).slice(0, 5).join(', ');
      fail(fields?.image, `image ${src} is not in content/images/${near ? ` (there: ${near})` : ''}`);
      return undefined;
    }
    if (alt === undefined) {
      fail(
        fields?.alt,
        fields
          ? `is required with image: describe what the photo shows, or write ${fields.alt}: "" for a purely decorative photo`
          : `image ${src} has no alt text: describe what it shows, ![A crew lowering a limb](${src}), or write ![""](${src}) for a purely decorative photo`,
      );
      return undefined;
    }
    const small = smallerThanPlace(image.width, image.height, place);
    if (small) this.warnings.push(new ContentError(this.file, fields?.image ?? this.where(src), `image ${src} ${small}`));
    return caption ? { image, alt, caption } : { image, alt };
  }

  photoAt(src: string, alt: string, fields: { image: string; alt: string }, place: Place): Photo | undefined {
    return this.lookUp(src, alt, place, undefined, fields);
  }

  photo(d: { image?: string; imageAlt?: string }, place: Place): Photo | undefined {
    if (d.image === undefined) {
      if (d.imageAlt !== undefined) this.refuse('imageAlt', 'is given without image: add image: /images/its-name.jpg, or remove it');
      return undefined;
    }
    return this.lookUp(d.image.trim(), d.imageAlt?.trim(), place, undefined, { image: 'image', alt: 'imageAlt' });
  }

  link(href: string, field: string) {
    this.links.push({ href, file: this.file, field });
  }

  refuse(field: string, problem: string) {
    this.problems.push(new ContentError(this.file, field, problem));
  }

  bodyLine(needle: string): number {
    return lineAt(this.body, Math.max(0, this.body.indexOf(needle)), this.firstBodyLine);
  }

  /** The field, and in a body the file line where `needle` first appears in the text being rendered. */
  private where(needle?: string): string {
    const { field, src, line } = this.at;
    if (src === undefined || line === undefined) return field;
    return `${field}, line ${lineAt(src, needle ? Math.max(0, src.indexOf(needle)) : 0, line)}`;
  }

  private fail(problem: string, needle?: string) {
    this.refuse(this.where(needle), problem);
  }

  /**
   * Replaces the copy's tokens ({{phone}}, {{cityCount}}, ...); an unknown token is a problem. A token written
   * with a capital first letter ({{CityCountWord}}) gives its value capitalised, for the start of a sentence.
   */
  private expand(src: string, field: string, mode: 'md' | 'plain'): string {
    if (!src.includes('{{')) return src;
    return src.replace(TOKEN, (whole, name: string) => {
      const t = this.token(name);
      if (t) return t[mode];
      if (!this.problems.some((e) => e.problem.startsWith(`unknown token ${whole};`)))
        this.refuse(
          field,
          `unknown token ${whole}; expected one of ${Object.keys(this.source.tokens)
            .map((k) => `{{${k}}}`)
            .join(', ')}`,
        );
      return whole;
    });
  }

  private token(name: string): { md: string; plain: string } | undefined {
    const t = this.source.tokens[name];
    if (t || !/^[A-Z]/.test(name)) return t;
    const lower = this.source.tokens[name[0].toLowerCase() + name.slice(1)];
    const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
    return lower && { md: cap(lower.md), plain: cap(lower.plain) };
  }

  /**
   * Fills in the tokens left in a model once its Markdown fields are rendered: those in plain text fields (a title,
   * a label, a price note), as text. So every field of a file takes every token. In place: the model was just made.
   */
  fillRest<T>(data: T, field = ''): T {
    if (typeof data === 'string') return (data.includes('{{') ? this.expand(data, field, 'plain') : data) as T;
    if (data && typeof data === 'object') {
      const o = data as Record<string, unknown>;
      for (const k of Object.keys(o)) {
        const v = o[k];
        if (typeof v === 'string' ? v.includes('{{') : v && typeof v === 'object')
          o[k] = this.fillRest(v, Array.isArray(o) ? `${field}[${k}]` : field ? `${field}.${k}` : k);
      }
    }
    return data;
  }

  block(src: string, field: string): string {
    this.at = { field };
    return this.renderer().parse(this.expand(src, field, 'md'), { async: false }) as string;
  }

  inline(src: string, field: string): string {
    this.at = { field };
    return this.renderer().parseInline(this.expand(src, field, 'md'), { async: false }) as string;
  }

  /** The body, split into sections at each `##` heading. */
  sections(): Section[] {
    const marked = this.renderer();
    const tokens = marked.lexer(this.expand(this.body, 'body', 'md'));
    const groups: { heading?: Tokens.Heading; tokens: Token[]; line: number; src: string }[] = [
      { tokens: [], line: this.firstBodyLine, src: '' },
    ];
    let line = this.firstBodyLine; // tokens' raw text adds up to the source, and tokens never add or drop a line
    for (const t of tokens) {
      if (t.type === 'heading' && (t as Tokens.Heading).depth === 1) {
        this.at = { field: 'body', src: t.raw, line };
        this.fail('use ## for section headings: the page template writes the only # heading');
      }
      if (t.type === 'heading' && (t as Tokens.Heading).depth === 2)
        groups.push({ heading: t as Tokens.Heading, tokens: [], line, src: '' });
      else groups[groups.length - 1].tokens.push(t);
      groups[groups.length - 1].src += t.raw;
      line = lineAt(t.raw, t.raw.length, line);
    }
    const used = new Set<string>();
    return groups
      .filter((g) => g.heading || g.tokens.some((t) => t.type !== 'space'))
      .map((g) => {
        this.at = { field: 'body', src: g.src, line: g.line };
        const heading = g.heading ? (marked.parseInline(g.heading.text, { async: false }) as string) : '';
        let id = slugify(stripTags(heading)) || 'intro';
        while (used.has(id)) id += '-2';
        used.add(id);
        const list = Object.assign(g.tokens, { links: (tokens as Token[] & { links: object }).links });
        return { id, heading, html: marked.parser(list) };
      });
  }

  faq(items: { q: string; a: string }[]): FaqItem[] {
    return items.map((item, i) => {
      const a = this.block(item.a, `faq[${i}].a`);
      return { q: item.q, a, aText: htmlToText(a) }; // q takes its tokens with the model's other text (fillRest)
    });
  }
}

/** The line (counting from `first`) of the character at `at` in `src`. */
function lineAt(src: string, at: number, first: number): number {
  let n = first;
  for (let i = src.indexOf('\n'); i !== -1 && i < at; i = src.indexOf('\n', i + 1)) n++;
  return n;
}

/** A rendered fragment's text as written, its character references left as they are: what a heading's id is made of. */
const stripTags = (html: string): string => DomUtils.textContent(parseDocument(html, { decodeEntities: false }));

/** Visible text of a rendered fragment: no elements, nor text for screen readers alone; references decoded; white
 *  space folded. */
export function htmlToText(html: string): string {
  const doc = parseDocument(html);
  for (const hidden of DomUtils.findAll((e) => e.name === 'span' && e.attribs.class === 'visually-hidden', doc.children))
    DomUtils.removeElement(hidden);
  return DomUtils.textContent(doc).replace(/\s+/g, ' ').trim();
}

const COUNTED = '(?:Metro Vancouver |Lower Mainland |local )?(?:cities|service areas|services)';
const STATED_COUNT = new RegExp(`\\b(${NUMBER_WORDS.join('|')}|\\d+)\\s+(${COUNTED})\\b`, 'gi');

/**
 * Where a file states how many cities or services there are in words or digits ("nine cities"), which goes
 * stale when a city or service is added; the copy should use a count token instead. Lines count from 1.
 */
export function statedCounts(src: string): { line: number; phrase: string; token: string }[] {
  const found = [];
  for (const m of src.matchAll(STATED_COUNT)) {
    const line = src.slice(0, m.index).split('\n').length;
    const kind = /services$/i.test(m[2]) ? 'service' : 'city';
    const token = /^\d+$/.test(m[1]) ? `{{${kind}Count}}` : `{{${kind}CountWord}}`;
    found.push({ line, phrase: m[0].replace(/\s+/g, ' '), token });
  }
  return found;
}

/**
 * What every file's text shares: the tokens, {{phone}} and {{email}} as links in Markdown, as text elsewhere;
 * {{business}}, {{addressCity}} (the city of its address) and {{year}} (the build's); and counts that follow the
 * content, as digits ({{cityCount}}) or words ({{cityCountWord}}); the renderer's own words; the photos.
 */
export function textSource(
  { business: b, labels }: Pick<SiteConfig, 'business' | 'labels'>,
  counts: Record<string, number>, // by what the copy calls an entry: { city: 9, service: 8 }
  year: number,
  photos: { images: Record<string, ImageInfo>; problems: Record<string, string> },
): TextSource {
  const same = (s: string) => ({ md: s, plain: s });
  return {
    tokens: {
      phone: { md: `[${b.phone}](tel:${b.phoneE164})`, plain: b.phone },
      email: { md: `[${b.email}](mailto:${b.email})`, plain: b.email },
      business: same(b.name),
      addressCity: same(b.address.city),
      year: same(String(year)),
      ...Object.fromEntries(
        // in the order of their names, whatever the order of the kinds
        Object.entries(counts)
          .sort(([a], [b]) => a.localeCompare(b))
          .flatMap(([what, n]) => [
            [`${what}Count`, same(String(n))],
            [`${what}CountWord`, same(countWord(n))],
          ]),
      ),
    },
    labels,
    images: photos.images,
    imageProblems: photos.problems,
  };
}
