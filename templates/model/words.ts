// Counts as the copy writes them, shared by the Markdown tokens ({{cityCountWord}}) and the templates; and the
// placeholders of phrases in content ("Our services in {city}") that a template fills in.

export const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
/** A count as a word, as style guides write small numbers; digits past twelve. */
export const countWord = (n: number) => NUMBER_WORDS[n] ?? String(n);

/** Words as an address or a file name makes them: lower case, each run of anything else one dash ("Tree Removal!" is
 *  tree-removal); HTML entities (a heading's &amp;) dropped. */
export function slugify(s: string): string {
  return s
    .toLowerCase()
    .replace(/&[a-z]+;/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A placeholder in a phrase, `{city}`: single braces, so never part of a site-wide `{{token}}`. */
export const PLACEHOLDER = /(?<!\{)\{([a-zA-Z]+)\}(?!\})/g;

/** A phrase with its placeholders filled in, as text (attributes, titles). The schema allows only names it fills. */
export function fill(phrase: string, values: Record<string, string | number>): string {
  return phrase.replace(PLACEHOLDER, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
