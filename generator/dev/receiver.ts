// The quote-request receiver of `npm run dev`: it takes the posts of both forms whatever forms.delivery says, prints
// each in the terminal and appends it to a git-ignored file, with its photos in a git-ignored folder beside it, so the
// whole flow can be tried without an account. The browser tests' receiver (tests/support/receiver.ts) reads requests
// with the same function.
import { promises as fs } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { VISIT_FIELDS } from '../../templates/model/constants.ts';
import { OFFICE_FIELD } from '../../templates/model/office-link.ts';

/** Where `npm run dev` points an endpoint form (and a simulated one) instead of the real service. */
export const DEV_FORMS_PATH = '/__forms';

/**
 * How npm run dev builds, beyond the folders: quote requests come to the dev server, drafts and scheduled posts show,
 * and /admin/ edits this checkout ("Work with Local Repository").
 */
export const DEV_BUILD = { formsEndpoint: DEV_FORMS_PATH, drafts: true, localEditor: true } as const;
/** Netlify Forms takes at most 8 MB a request; a browser posting without JavaScript sends its photo as it is. */
const MAX_BYTES = 16 * 1024 * 1024;

/** A file a request carried (a photo). An empty picker is sent as an empty part, which is not one. */
export interface ReceivedFile {
  field: string;
  name: string;
  type: string;
  bytes: Buffer;
}

export interface Received {
  how: 'json' | 'ajax' | 'native'; // fetch with JSON, fetch with a form body (multipart or url-encoded), or the browser's own post
  fields: Record<string, string>;
  files: ReceivedFile[];
}

/** Reads a form post: multipart (with files), url-encoded or JSON, from fetch or from a browser posting natively. */
export async function readRequest(req: IncomingMessage): Promise<Received> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BYTES) throw new Error(`a form post over ${MAX_BYTES} bytes`);
    chunks.push(chunk);
  }
  const body = Buffer.concat(chunks);
  const type = req.headers['content-type'] ?? '';
  const json = type.startsWith('application/json');
  let fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  if (json) fields = JSON.parse(body.toString('utf8')) as Record<string, string>;
  else if (type.startsWith('multipart/form-data')) {
    // the platform's own multipart parser (undici, in Node): no package of our own to keep safe
    for (const [field, value] of await new Response(body, { headers: { 'content-type': type } }).formData()) {
      if (typeof value === 'string') fields[field] = value;
      else if (value.size) files.push({ field, name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) });
    }
  } else fields = Object.fromEntries(new URLSearchParams(body.toString('utf8')));
  // a browser's own post navigates (browsers without Sec-Fetch-Mode still ask for a page); fetch asks for */* or JSON
  const mode = req.headers['sec-fetch-mode'];
  const navigates = mode ? mode === 'navigate' : (req.headers.accept ?? '').includes('text/html');
  const how = navigates ? 'native' : json ? 'json' : 'ajax';
  return { how, fields, files };
}

/** The answer a form service gives: JSON to fetch, a page to Netlify's AJAX post, and the thank-you page to a browser. */
export function answer(res: ServerResponse, how: Received['how']) {
  if (how === 'native') res.writeHead(303, { location: '/thanks' }).end();
  else if (how === 'json') res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Received</title><p>Received');
}

/** Where the dev server keeps the photos of the requests in `logFile`: a folder beside it (git-ignored). */
export const devPhotosDir = (logFile: string) => path.join(path.dirname(logFile), 'quote-photos.dev');

/** A file's name in the photos folder: the time received and the field, never a name the browser chose. */
function photoFile(received: string, f: ReceivedFile): string {
  const ext = f.type === 'image/jpeg' ? '.jpg' : (f.name.match(/\.[a-z0-9]{1,5}$/i)?.[0].toLowerCase() ?? '.bin');
  return `${received.replace(/[:.]/g, '-')}-${f.field.replace(/[^\w-]/g, '_')}${ext}`;
}

/** Handles one post for the dev server: print, keep its photos, append to `logFile`, answer. */
export async function receive(req: IncomingMessage, res: ServerResponse, logFile: string, log: (line: string) => void) {
  let r: Received;
  try {
    r = await readRequest(req);
  } catch (e) {
    log(`[dev] a form post that could not be read: ${(e as Error).message}`);
    return void res.writeHead(400, { 'content-type': 'application/json' }).end('{"ok":false}');
  }
  const received = new Date().toISOString();
  const dir = devPhotosDir(logFile);
  if (r.files.length) await fs.mkdir(dir, { recursive: true });
  const photos = await Promise.all(
    r.files.map(async (f) => {
      const file = path.join(dir, photoFile(received, f));
      await fs.writeFile(file, f.bytes);
      return { field: f.field, name: f.name, type: f.type, bytes: f.bytes.length, file: path.relative(path.dirname(logFile), file) };
    }),
  );
  const entry = {
    received,
    path: new URL(req.url ?? '/', 'http://localhost').pathname,
    how: r.how,
    ...r.fields,
    ...(photos.length ? { photos } : {}),
  };
  const sizes = photos.map((p) => `${p.field} ${p.name} (${p.type}, ${(p.bytes / 1024).toFixed(1)} KB) in ${p.file}`);
  // the estimate visit's choices (each its words and its interval), in order of preference
  const visits = VISIT_FIELDS.map((f) => r.fields[f]).filter(Boolean);
  log(
    `[dev] quote request (${r.how} post to ${entry.path}): ${JSON.stringify(r.fields)}` +
      (visits.length ? `\n[dev]   estimate visit: ${visits.map((v, i) => `${i + 1}. ${v}`).join('; ')}` : '') +
      // the link the office opens the request from (a post sent without JavaScript has none)
      (r.fields[OFFICE_FIELD] ? `\n[dev]   office: ${r.fields[OFFICE_FIELD]}` : '') +
      (sizes.length ? `\n[dev]   photos: ${sizes.join('; ')}` : ''),
  );
  await fs.appendFile(logFile, JSON.stringify(entry) + '\n');
  answer(res, r.how);
}
