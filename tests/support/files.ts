// Helpers every test layer shares: walking a folder, hashing, reading XML.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeXML } from 'entities';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** Every file below `dir` (absolute paths), optionally only those whose relative path `keep` accepts. */
export function walk(dir: string, keep: (rel: string) => boolean = () => true): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name))
    .filter((f) => keep(path.relative(dir, f)))
    .sort();
}

/** Every file below `dir` by its relative path, with its bytes (or its text, given an encoding). */
export function readTree(dir: string, keep?: (rel: string) => boolean): Map<string, Buffer>;
export function readTree(dir: string, keep: ((rel: string) => boolean) | undefined, encoding: 'utf8'): Map<string, string>;
export function readTree(dir: string, keep?: (rel: string) => boolean, encoding?: 'utf8'): Map<string, Buffer | string> {
  return new Map(walk(dir, keep).map((f) => [path.relative(dir, f), encoding ? readFileSync(f, encoding) : readFileSync(f)]));
}

/** Every file below `dir` by its relative path, with the SHA-256 of its bytes: equal snapshots, equal folders. */
export function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries([...readTree(dir)].map(([rel, bytes]) => [rel, sha256(bytes)]));
}

/** SHA-256 of a string (UTF-8) or bytes, hex by default. */
export function sha256(data: string | Buffer, encoding: 'hex' | 'base64' = 'hex'): string {
  return createHash('sha256').update(data).digest(encoding);
}

/** An XML element as the tests read it: its name, attributes and children in document order. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: (XmlElement | string)[];
}

const xmlReader = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: false, // every reference decoded once, by decodeXML below
  htmlEntities: false,
  ignoreDeclaration: true,
  commentPropName: '#comment',
  cdataPropName: '#cdata',
});

type Ordered = Record<string, unknown> & { ':@'?: Record<string, string> };

const ILLEGAL_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const lineOf = (src: string, at: number) => src.slice(0, at).split('\n').length;
const notWellFormed = (line: number, problem: string) => new Error(`not well-formed XML, line ${line}: ${problem}`);
/** The references in a text or an attribute value, which the parser leaves as written: the five XML defines and
 *  character references (anything else is refused before, by parseXml). */
const decodeRefs = (s: string) => decodeXML(s);

function toElement(node: Ordered): XmlElement | string | null {
  const name = Object.keys(node).find((k) => k !== ':@')!;
  if (name === '#text') return decodeRefs(String(node['#text']));
  if (name === '#comment') return null;
  if (name === '#cdata') return (node['#cdata'] as { '#text': string }[]).map((t) => t['#text']).join('');
  const children = (node[name] as Ordered[]).map(toElement).filter((c) => c !== null);
  const attrs = Object.fromEntries(Object.entries(node[':@'] ?? {}).map(([k, v]) => [k, decodeRefs(v)]));
  return { name, attrs, children };
}

/** Every prefix an element or attribute uses is declared on it or an ancestor. */
function checkNamespaces(el: XmlElement, declared: Set<string>) {
  const inScope = new Set(declared);
  for (const [k, v] of Object.entries(el.attrs)) if (k.startsWith('xmlns:') && v) inScope.add(k.slice(6));
  for (const name of [el.name, ...Object.keys(el.attrs)]) {
    const prefix = name.includes(':') ? name.split(':')[0] : null;
    if (prefix && !inScope.has(prefix)) throw new Error(`not well-formed XML: namespace prefix "${prefix}" of ${name} is not declared`);
  }
  for (const c of el.children) if (typeof c !== 'string') checkNamespaces(c, inScope);
}

/** Parses a whole XML document (a feed, a sitemap) as strictly as a feed reader: fast-xml-parser's validator, plus what
 *  it lets through (characters XML 1.0 forbids, `&nbsp;`, undeclared prefixes). Refused: throws `not well-formed XML`. */
export function parseXml(src: string): XmlElement {
  const valid = XMLValidator.validate(src);
  if (valid !== true) throw notWellFormed(valid.err.line, valid.err.msg);
  const bad = ILLEGAL_CHAR.exec(src);
  if (bad) throw notWellFormed(lineOf(src, bad.index), `illegal character U+${bad[0].codePointAt(0)!.toString(16).toUpperCase()}`);
  const outsideCdata = src.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, (m) => ' '.repeat(m.length));
  for (const m of outsideCdata.matchAll(/&([^;&\s<]*);/g))
    if (!/^(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+)$/.test(m[1])) throw notWellFormed(lineOf(src, m.index), `unknown entity ${m[0]}`);
  const roots = (xmlReader.parse(src) as Ordered[]).map(toElement).filter((c): c is XmlElement => typeof c === 'object' && c !== null);
  if (roots.length !== 1) throw new Error(`not well-formed XML: ${roots.length} root elements`);
  checkNamespaces(roots[0], new Set(['xml', 'xmlns']));
  return roots[0];
}

/** The child elements of `el` named `name`. */
export const xmlChildren = (el: XmlElement, name: string) =>
  el.children.filter((c): c is XmlElement => typeof c !== 'string' && c.name === name);
/** The one child element of `el` named `name` (throws when there is none or more than one). */
export const xmlChild = (el: XmlElement, name: string) => {
  const found = xmlChildren(el, name);
  if (found.length !== 1) throw new Error(`expected one <${name}> in <${el.name}>, found ${found.length}`);
  return found[0];
};
/** All the text inside `el`. */
export const xmlText = (el: XmlElement): string => el.children.map((c) => (typeof c === 'string' ? c : xmlText(c))).join('');
/** Every element inside `el`, depth first. */
export const xmlDescendants = (el: XmlElement): XmlElement[] =>
  el.children.flatMap((c) => (typeof c === 'string' ? [] : [c, ...xmlDescendants(c)]));
/** A sitemap's (or a sitemap index's) entries, each as its fields: `{ loc, lastmod }`, `lastmod` when it has one. */
export const sitemapEntries = (src: string): Record<string, string>[] =>
  xmlDescendants(parseXml(src))
    .filter((e) => e.name === 'url' || e.name === 'sitemap')
    .map((e) => Object.fromEntries(xmlDescendants(e).map((f) => [f.name, xmlText(f)])));
