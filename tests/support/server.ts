// A static server for tests: clean URLs as static hosts resolve them, 404.html for the rest, optionally the _headers
// the build wrote and the compression the hosts send.
import { createHash } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { promises as fs, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { contentType } from '../../generator/build-site.ts';
import { CONTENT_TYPES } from '../../generator/content-types.ts';
import { resolveFile } from '../../generator/dev/server.ts';
import { sha256, walk } from './files.ts';

export interface HeaderRule {
  pattern: string;
  headers: [string, string][];
  detach?: string[]; // "! Name": a header an earlier rule set, removed (Cloudflare Pages' syntax)
}

/** Parses the Netlify / Cloudflare Pages `_headers` format. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) rules.push({ pattern: line.trim(), headers: [] });
    else if (line.trim().startsWith('!')) (rules[rules.length - 1].detach ??= []).push(line.trim().slice(1).trim());
    else {
      const i = line.indexOf(':');
      rules[rules.length - 1]?.headers.push([line.slice(0, i).trim(), line.slice(i + 1).trim()]);
    }
  }
  return rules;
}

/** A built site's `_headers` (dist/_headers), parsed. */
export const siteHeaders = (dir: string) => parseHeadersFile(readFileSync(path.join(dir, '_headers'), 'utf8'));

/** The CSP source that allows an inline block by the SHA-256 of its exact text. */
export const cspHash = (text: string) => `'sha256-${sha256(text, 'base64')}'`;

/** The Content-Security-Policy of a built site (dist/_headers) for a path, by directive: `script-src` -> its sources. */
export function cspOf(dir: string, urlPath = '/'): Map<string, string[]> {
  const value = headersFor(siteHeaders(dir), urlPath)['Content-Security-Policy'] ?? '';
  return new Map(
    value
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

export function headersFor(rules: HeaderRule[], urlPath: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of rules) {
    // `*` is any text, `:name` one path segment (both hosts' syntax)
    const re = new RegExp(
      '^' +
        r.pattern
          .split(/(\*|:[a-z]+)/i)
          .map((s, i) => (i % 2 ? (s === '*' ? '.*' : '[^/]+') : s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
          .join('') +
        '$',
    );
    if (!re.test(urlPath)) continue;
    for (const k of r.detach ?? []) delete out[k];
    for (const [k, v] of r.headers) out[k] = v;
  }
  return out;
}

/** What nginx compresses (generator/nginx.ts: HTML always, and every type marked `compress`). */
const GZIP_TYPES = new Set(CONTENT_TYPES.filter((t) => t.compress || t.type === 'text/html').map((t) => t.type));

/** A file's compressed body, made once per file and coding, as a host serves it from its cache (brotli's best
 * level, which takes tens of milliseconds a page: compressing on every request would count as the server's time), and
 * as the hosts compress: Netlify and Cloudflare Pages with brotli, the nginx block with gzip at level 6. */
const compressedCache = new Map<string, Buffer>();
export function compressed(body: Buffer, coding: 'br' | 'gzip'): Buffer {
  const key = `${coding} ${createHash('sha256').update(body).digest('hex')}`; // by content: a rebuilt file is new
  let out = compressedCache.get(key);
  if (!out) compressedCache.set(key, (out = coding === 'br' ? brotliCompressSync(body) : gzipSync(body, { level: 6 })));
  return out;
}

const textFiles = (dir: string) => walk(dir, (f) => GZIP_TYPES.has(contentType(f).split(';')[0]));

export interface ServeOptions {
  withHeaders?: boolean;
  gzip?: boolean;
  brotli?: boolean;
  /** Answers a request itself (true), or lets the file answer it, once its promise settles. */
  route?: (url: URL, res: http.ServerResponse) => Promise<boolean>;
  /** What each HTML page becomes on its way out. */
  html?: (page: string) => string;
  /** Headers every file answer carries. */
  headers?: Record<string, string>;
}

export async function serve(root: string, opts: ServeOptions = {}): Promise<{ url: string; close: () => Promise<void> }> {
  // compressed before the first request, as a host's cache holds them (brotli's best level takes tens of ms a page)
  if (opts.brotli) for (const file of textFiles(root)) compressed(await fs.readFile(file), 'br');
  const rules = opts.withHeaders ? siteHeaders(root) : [];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (await opts.route?.(url, res)) return;
    const file = resolveFile(root, url.pathname);
    const chosen = file ?? path.join(root, '404.html');
    try {
      let body = await fs.readFile(chosen);
      const type = contentType(chosen);
      if (opts.html && type.startsWith('text/html')) body = Buffer.from(opts.html(body.toString('utf8')));
      // as the hosts send text: gzip as the nginx block does (level 6); brotli as Netlify and Cloudflare Pages do
      const accepts = (name: string) => new RegExp(`\\b${name}\\b`).test(req.headers['accept-encoding'] ?? '');
      const text = GZIP_TYPES.has(type.split(';')[0]);
      const coding = text && opts.brotli && accepts('br') ? 'br' : text && opts.gzip && accepts('gzip') ? 'gzip' : null;
      const encoding: Record<string, string> = coding ? { 'content-encoding': coding, vary: 'Accept-Encoding' } : {};
      res.writeHead(file ? 200 : 404, { 'content-type': type, ...headersFor(rules, url.pathname), ...encoding, ...opts.headers });
      res.end(coding ? compressed(body, coding) : body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  // closed with its connections: a request a test held (a file still on its way) would keep it open until the hook times out
  const close = () =>
    new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    });
  return { url: `http://localhost:${port}`, close };
}

/** A port free on loopback now (a server started on it a moment later may still find it taken). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
