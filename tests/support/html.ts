// HTML read as a browser's parser reads it (htmlparser2), queried with CSS selectors (css-select): no regular
// expression over markup. Each element knows where it stands in the text (startIndex, endIndex).
import { selectAll } from 'css-select';
import type { AnyNode, Element } from 'domhandler';
import { textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';

export type { Element };
export const parseHtml = (text: string) => parseDocument(text, { withStartIndices: true, withEndIndices: true });
export const $$ = (selector: string, root: AnyNode | AnyNode[]): Element[] => selectAll(selector, root);
export const text = (el: AnyNode): string => textContent(el);
export const attr = (el: Element, name: string): string | undefined => el.attribs[name];
