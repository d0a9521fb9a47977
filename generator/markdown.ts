// Markdown fields and bodies to HTML (marked), with the copy's {{tokens}} filled in and every site link recorded
// for the dead-link check. Raw HTML is shown as text, never passed through: content cannot inject markup.
import { Marked, Renderer, type Token, type Tokens } from 'marked';
import { escapeHtml } from '../templates/escape.ts';
import type { FaqItem, ImageInfo, Photo, Section } from '../templates/rendered.ts';
import type { SiteConfig } from './schemas.ts';
import { pictureHtml, SIZES } from '../templates/picture.ts';
import { ContentError } from './errors.ts';
import { countWord, NUMBER_WORDS } from '../templates/words.ts';

/** A site path that some content links to, and where: checked once every page is known (generator/routes.ts). */
const TOKEN = /\{\{\s*([a-zA-Z]+)\s*\}\}/g;

export interface LinkRef {
  href: string;
  file: string;
  field: string;
  page?: boolean; // must be a page of the route table (a menu's link), not a redirect's old address or a static file
}

/** Renders Markdown fields and bodies for one site; collects links and errors as it goes. */
export class MarkdownRenderer {
  links: LinkRef[] = [];
  private marked: Marked;
  // Where the renderer is: a body also knows the text being rendered and the file line it starts on.
  private ctx: { file: string; field: string; src?: string; line?: number } = { file: '', field: '' };

  constructor(
    private tokens: Record<string, { md: string; plain: string }>,
    private labels: { newTab: string; table: string },
    private images: Record<string, ImageInfo> = {},
    private imageProblems: Record<string, string> = {},
  ) {
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
            return `<a href="${escapeHtml(href)}" target="_blank" rel="nofollow noopener noreferrer">${inner}<span class="visually-hidden"> ${escapeHtml(self.labels.newTab)}</span></a>`;
          }
          if (/^(tel:|mailto:)/i.test(href)) return `<a href="${escapeHtml(href)}">${inner}</a>`;
          if (href.startsWith('/') || href.startsWith('#')) {
            self.links.push({ href, file: self.ctx.file, field: self.where(href) });
            return `<a href="${escapeHtml(href)}">${inner}</a>`;
          }
          self.fail(`link "${href}" must be a site path starting with /, an https:// address, tel: or mailto:`, href);
          return inner;
        },
        image(token: Tokens.Image) {
          // ![""](...) is the explicit choice of a decorative photo; an empty ![](...) is alt text forgotten
          const alt = token.text === '""' ? '' : token.text.trim() || undefined;
          const photo = self.photo(token.href.trim(), alt, token.title?.trim() || undefined);
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
          return `<section class="table-scroll" aria-label="${escapeHtml(self.labels.table)}" tabindex="0">${table}</section>`;
        },
        list(this: Renderer, token: Tokens.List) {
          const html = base.list.call(this, token);
          return token.ordered ? html.replace(/^<ol/, '<ol class="steps"') : html;
        },
      },
    });
  }

  /**
   * A photo of content/images/ by the path content writes (/images/name.jpg), with its alt text ('' when the content
   * marks it decorative, undefined when it forgot). Records the error and returns undefined when it cannot be shown.
   * `fields` names the front matter fields; in a body the error names the line.
   */
  photo(src: string, alt: string | undefined, caption?: string, fields?: { image: string; alt: string }): Photo | undefined {
    const fail = (field: string | undefined, problem: string) => {
      if (field) this.errors.push(new ContentError(this.ctx.file, field, problem));
      else this.fail(problem, src);
    };
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
    const problem = this.imageProblems[src];
    if (problem) {
      fail(fields?.image, `image ${src} ${problem}`);
      return undefined;
    }
    const image = this.images[src];
    if (!image) {
      const near = Object.keys(this.images).slice(0, 5).join(', ');
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
    return caption ? { image, alt, caption } : { image, alt };
  }

  /** The `image:` and `imageAlt:` of a page's front matter, as its photo. */
  frontPhoto(d: { image?: string; imageAlt?: string }, file: string): Photo | undefined {
    if (d.image === undefined) {
      if (d.imageAlt !== undefined)
        this.errors.push(new ContentError(file, 'imageAlt', 'is given without image: add image: /images/its-name.jpg, or remove it'));
      return undefined;
    }
    this.ctx = { file, field: 'image' };
    return this.photo(d.image.trim(), d.imageAlt?.trim(), undefined, { image: 'image', alt: 'imageAlt' });
  }

  private errors: ContentError[] = [];
  /** The field, and in a body the file line where `needle` first appears in the text being rendered. */
  private where(needle?: string): string {
    const { field, src, line } = this.ctx;
    if (src === undefined || line === undefined) return field;
    const at = needle ? Math.max(0, src.indexOf(needle)) : 0;
    let n = line;
    for (let i = src.indexOf('\n'); i !== -1 && i < at; i = src.indexOf('\n', i + 1)) n++;
    return `${field}, line ${n}`;
  }

  /** Records a problem the schema cannot see, at a file and field. */
  refuse(file: string, field: string, problem: string) {
    this.errors.push(new ContentError(file, field, problem));
  }

  private fail(problem: string, needle?: string) {
    this.errors.push(new ContentError(this.ctx.file, this.where(needle), problem));
  }
  takeErrors(): ContentError[] {
    const e = this.errors;
    this.errors = [];
    return e;
  }

  /**
   * Replaces the copy's tokens ({{phone}}, {{cityCount}}, ...); an unknown token is an error. A token written
   * with a capital first letter ({{CityCountWord}}) gives its value capitalised, for the start of a sentence.
   */
  expand(src: string, file: string, field: string, mode: 'md' | 'plain'): string {
    if (!src.includes('{{')) return src;
    return src.replace(TOKEN, (whole, name: string) => {
      const t = this.token(name);
      if (!t) {
        this.errors.push(
          new ContentError(
            file,
            field,
            `unknown token ${whole}; expected one of ${Object.keys(this.tokens)
              .map((k) => `{{${k}}}`)
              .join(', ')}`,
          ),
        );
        return whole;
      }
      return t[mode];
    });
  }

  /** The names of the copy's tokens, for the editor (site-index.ts). */
  tokenNames(): string[] {
    return Object.keys(this.tokens);
  }

  private token(name: string): { md: string; plain: string } | undefined {
    const t = this.tokens[name];
    if (t || !/^[A-Z]/.test(name)) return t;
    const lower = this.tokens[name[0].toLowerCase() + name.slice(1)];
    const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
    return lower && { md: cap(lower.md), plain: cap(lower.plain) };
  }

  /**
   * Fills in the tokens left in a page's model once its Markdown fields are rendered: those in plain text
   * fields (a title, a label, a price note), as text. So every field of the front matter takes every token.
   */
  fillRest<T>(data: T, file: string, field = ''): T {
    if (typeof data === 'string') {
      if (!data.includes('{{')) return data;
      // an unknown token was reported where the Markdown field was rendered: once is enough
      return data.replace(TOKEN, (whole, name: string) => {
        const t = this.token(name);
        if (t) return t.plain;
        if (!this.errors.some((e) => e.file === file && e.problem.startsWith(`unknown token ${whole};`)))
          this.expand(whole, file, field, 'plain');
        return whole;
      }) as T;
    }
    // in place: the model was just made from freshly parsed front matter
    if (Array.isArray(data)) for (let i = 0; i < data.length; i++) data[i] = this.fillRest(data[i], file, `${field}[${i}]`);
    else if (data && typeof data === 'object') {
      const o = data as Record<string, unknown>;
      for (const k of Object.keys(o)) o[k] = this.fillRest(o[k], file, field ? `${field}.${k}` : k);
    }
    return data;
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

  /** Splits a body into sections at each `##` heading. `firstLine` is the file line the body starts on. */
  sections(src: string, file: string, firstLine = 1): Section[] {
    this.ctx = { file, field: 'body' };
    const tokens = this.marked.lexer(this.expand(src, file, 'body', 'md'));
    const groups: { heading?: Tokens.Heading; tokens: Token[]; line: number; src: string }[] = [{ tokens: [], line: firstLine, src: '' }];
    let line = firstLine; // tokens' raw text adds up to the source, and tokens never add or drop a line
    for (const t of tokens) {
      if (t.type === 'heading' && (t as Tokens.Heading).depth === 1) {
        this.ctx = { file, field: 'body', src: t.raw, line };
        this.fail('use ## for section headings: the page template writes the only # heading');
      }
      if (t.type === 'heading' && (t as Tokens.Heading).depth === 2)
        groups.push({ heading: t as Tokens.Heading, tokens: [], line, src: '' });
      else groups[groups.length - 1].tokens.push(t);
      groups[groups.length - 1].src += t.raw;
      for (let i = t.raw.indexOf('\n'); i !== -1; i = t.raw.indexOf('\n', i + 1)) line++;
    }
    const used = new Set<string>();
    return groups
      .filter((g) => g.heading || g.tokens.some((t) => t.type !== 'space'))
      .map((g) => {
        this.ctx = { file, field: 'body', src: g.src, line: g.line };
        const heading = g.heading ? (this.marked.parseInline(g.heading.text, { async: false }) as string) : '';
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

export function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, '');
}
/** Visible text of a rendered fragment: tags dropped, entities decoded, white space folded. */
export function htmlToText(html: string): string {
  return stripTags(html.replace(/<span class="visually-hidden">[^<]*<\/span>/g, ''))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
export function slugify(s: string): string {
  return s
    .toLowerCase()
    .replace(/&[a-z]+;/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
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

/** What the copy's tokens are made of: the business facts, what the site lists and the year; and the words the
 *  renderer adds (site.yaml labels). */
export interface TokenSource {
  business: SiteConfig['business'];
  cities: readonly unknown[];
  services: readonly unknown[];
  year: number;
  labels: Pick<SiteConfig['labels'], 'newTab' | 'table'>;
  images?: Record<string, ImageInfo>; // the photos a page may show (generator/images.ts)
  imageProblems?: Record<string, string>; // photos of content/images/ that cannot be used, and why
}

/**
 * The renderer for a site, with its tokens: {{phone}} and {{email}} as links in Markdown, as text elsewhere;
 * {{business}}, {{addressCity}} (the city of its address) and {{year}} (the build's); and counts that follow the
 * content, as digits ({{cityCount}}) or words ({{cityCountWord}}).
 */
export function markdownFor({ business: b, cities, services, year, labels, images, imageProblems }: TokenSource): MarkdownRenderer {
  const same = (s: string) => ({ md: s, plain: s });
  return new MarkdownRenderer(
    {
      phone: { md: `[${b.phone}](tel:${b.phoneE164})`, plain: b.phone },
      email: { md: `[${b.email}](mailto:${b.email})`, plain: b.email },
      business: same(b.name),
      addressCity: same(b.address.city),
      year: same(String(year)),
      cityCount: same(String(cities.length)),
      cityCountWord: same(countWord(cities.length)),
      serviceCount: same(String(services.length)),
      serviceCountWord: same(countWord(services.length)),
    },
    labels,
    images,
    imageProblems,
  );
}
