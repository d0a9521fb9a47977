// Counts as the copy writes them, shared by the Markdown tokens ({{cityCountWord}}) and the templates; and the
// placeholders of phrases in content ("Our services in {city}") that a template fills in.
import { createElement, Fragment, type ReactNode } from 'react';

export const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
/** A count as a word, as style guides write small numbers; digits past twelve. */
export const countWord = (n: number) => NUMBER_WORDS[n] ?? String(n);

/** A placeholder in a phrase, `{city}`: single braces, so never part of a site-wide `{{token}}`. */
export const PLACEHOLDER = /(?<!\{)\{([a-zA-Z]+)\}(?!\})/g;

/** A phrase with its placeholders filled in, as text (attributes, titles). The schema allows only names it fills. */
export function fill(phrase: string, values: Record<string, string | number>): string {
  return phrase.replace(PLACEHOLDER, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A phrase with placeholders filled in by markup: a date in its <time>, a price in <strong>. */
export function Phrase({ text, values }: { text: string; values: Record<string, ReactNode> }): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    if (!(m[1] in values)) continue;
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push(createElement(Fragment, { key: parts.length }, values[m[1]]));
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return createElement(Fragment, null, ...parts);
}
