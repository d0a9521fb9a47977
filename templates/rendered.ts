// What the build makes of Markdown and photos, for templates to place: HTML sections and FAQ answers, encoded photos.
// Leaf types with no imports, so the content schemas' modules (generator/pages.ts, markdown.ts) and the site model
// (model.ts) can both use them without importing each other.

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
