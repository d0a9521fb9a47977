// What the build makes of Markdown and photos, for templates to place: HTML sections and FAQ answers, encoded photos;
// and what a kind's model asks of the build for one file's text (FileText, which generator/markdown.ts implements).
import type { Place } from './places.ts';

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

/**
 * One content file's text as its kind's model turns it into what pages show: Markdown rendered (its `{{tokens}}` filled
 * in), photos looked up. The build makes one per file; what the file links to and what is wrong with it are collected
 * on it and handed on with the model, so a model is a pure function of its file. A model leaves its plain text fields
 * as they are: the tokens left in them are filled in after it, in every field alike (FileTextOf.fillRest).
 */
export interface FileText {
  /** A Markdown field without paragraphs (a line with links). */
  inline(src: string, field: string): string;
  /** A Markdown field of paragraphs and lists. */
  block(src: string, field: string): string;
  /** Questions and answers: the answers Markdown, with a plain-text copy for structured data. */
  faq(items: { q: string; a: string }[]): FaqItem[];
  /** The file's Markdown body, one section per `##` heading. */
  sections(): Section[];
  /** The `image:` and `imageAlt:` of the front matter, as its photo, shown at `place` at most (its page's hero). */
  photo(d: { image?: string; imageAlt?: string }, place: Place): Photo | undefined;
  /** A photo named by a list item's fields (a job's `photos[0].src` and `photos[0].alt`), shown at `place`. */
  photoAt(src: string, alt: string, fields: { image: string; alt: string }, place: Place): Photo | undefined;
  /** A site path a field links to, checked with every other link once every page is known. */
  link(href: string, field: string): void;
  /** A text with its `{{tokens}}` filled in as text (`field` names where, for an unknown token). */
  fillRest<T>(data: T, field?: string): T;
  /** A problem the schema cannot see, at a field of this file. */
  refuse(field: string, problem: string): void;
  /** The file line where `needle` first appears in the body (for a problem found in the body). */
  bodyLine(needle: string): number;
}
