// Counts as the copy writes them, shared by the Markdown tokens ({{cityCountWord}}) and the templates.

export const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
/** A count as a word, as style guides write small numbers; digits past twelve. */
export const countWord = (n: number) => NUMBER_WORDS[n] ?? String(n);
