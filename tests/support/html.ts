// HTML read as a parser reads it (htmlparser2: no script runs, nothing loads), queried with CSS selectors (css-select):
// no regular expression over markup. Each element knows where it stands in the text (startIndex, endIndex).
import { selectAll, selectOne } from 'css-select';
import type { AnyNode, Element } from 'domhandler';
import { textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';

export type { AnyNode, Element };
/** A page or a fragment of one, parsed; its references decoded. */
export const parseHtml = (text: string) => parseDocument(text, { withStartIndices: true, withEndIndices: true });
/** Every element in `root` that `selector` matches, in document order. */
export const $$ = (selector: string, root: AnyNode | AnyNode[]): Element[] => selectAll(selector, root);
/** The first element in `root` that `selector` matches, or null. */
export const $ = (selector: string, root: AnyNode | AnyNode[]): Element | null => selectOne(selector, root);
/** An element's (or elements') text as a reader reads it: each run of white space one space, none at the ends ('' for none). */
export const text = (el: AnyNode | AnyNode[] | null | undefined) => (el ? textContent(el).replace(/\s+/g, ' ').trim() : '');
/** An attribute's value, or null when the element has none. */
export const attr = (el: Element, name: string): string | null => el.attribs[name] ?? null;
