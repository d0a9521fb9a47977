// The quote-request receiver of `npm run dev`: it takes the posts of both forms whatever forms.delivery says, prints
// each in the terminal and appends it to a git-ignored file, so the whole flow can be tried without an account.
// The browser tests' receiver (tests/support/receiver.ts) reads requests with the same function.
import { promises as fs } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Where `npm run dev` points an endpoint form (and a simulated one) instead of the real service. */
export const DEV_FORMS_PATH = '/__forms';

/**
 * How npm run dev builds, beyond the folders: quote requests come to the dev server, drafts and scheduled posts show,
 * and /admin/ edits this checkout ("Work with Local Repository").
 */
export const DEV_BUILD = { formsEndpoint: DEV_FORMS_PATH, drafts: true, localEditor: true } as const;
const MAX_BYTES = 64 * 1024;

export interface Received {
  how: 'json' | 'ajax' | 'native'; // fetch with JSON, fetch url-encoded (Netlify's AJAX), or the browser's own post
  fields: Record<string, string>;
}

/** Reads a form post: JSON or url-encoded, from fetch or from a browser posting natively. */
export async function readRequest(req: IncomingMessage): Promise<Received> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > MAX_BYTES) throw new Error(`a form post over ${MAX_BYTES} bytes`);
  }
  const json = (req.headers['content-type'] ?? '').startsWith('application/json');
  const fields = json ? (JSON.parse(body) as Record<string, string>) : Object.fromEntries(new URLSearchParams(body));
  // a browser's own post navigates (browsers without Sec-Fetch-Mode still ask for a page); fetch asks for */* or JSON
  const mode = req.headers['sec-fetch-mode'];
  const navigates = mode ? mode === 'navigate' : (req.headers.accept ?? '').includes('text/html');
  const how = navigates ? 'native' : json ? 'json' : 'ajax';
  return { how, fields };
}

/** The answer a form service gives: JSON to fetch, a page to Netlify's AJAX post, and the thank-you page to a browser. */
export function answer(res: ServerResponse, how: Received['how']) {
  if (how === 'native') res.writeHead(303, { location: '/thanks' }).end();
  else if (how === 'json') res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Received</title><p>Received');
}

/** Handles one post for the dev server: print, append to `logFile`, answer. */
export async function receive(req: IncomingMessage, res: ServerResponse, logFile: string, log: (line: string) => void) {
  let r: Received;
  try {
    r = await readRequest(req);
  } catch (e) {
    log(`[dev] a form post that could not be read: ${(e as Error).message}`);
    return void res.writeHead(400, { 'content-type': 'application/json' }).end('{"ok":false}');
  }
  const entry = { received: new Date().toISOString(), path: new URL(req.url ?? '/', 'http://localhost').pathname, how: r.how, ...r.fields };
  log(`[dev] quote request (${r.how} post to ${entry.path}): ${JSON.stringify(r.fields)}`);
  await fs.appendFile(logFile, JSON.stringify(entry) + '\n');
  answer(res, r.how);
}
