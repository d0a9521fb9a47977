// A real form receiver on loopback: a form service (JSON, with CORS, like Formspree) or, given a built site, Netlify
// itself (the site, plus posts to any page). It can be told to misbehave.
import http from 'node:http';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { readRequest, type Received } from '../../generator/dev/receiver.ts';
import { contentType } from '../../generator/build-site.ts';
import { resolveFile } from '../../generator/dev/server.ts';
import { Fixture } from './fixture.ts';
import { headersFor, serve, siteHeaders } from './server.ts';

/** What the next posts get: 200, an error status, no answer at all, a dropped connection, or an answer that is not the promised one. */
export type Mode = 'ok' | '4xx' | '5xx' | 'hang' | 'close' | 'garbage';
export const FAILURES: Mode[] = ['4xx', '5xx', 'hang', 'close', 'garbage'];

export interface Post extends Received {
  path: string;
  mode: Mode; // how it was answered
}

export interface Receiver {
  url: string; // http://127.0.0.1:PORT
  mode: Mode;
  /** Where a browser's own post is sent on to (the site's /thanks); Netlify's is the site itself. */
  thanksUrl: string;
  posts: Post[];
  /** The posts answered with success: what the company really received. */
  delivered(): Post[];
  /** Resolves once `n` posts have arrived; fails saying so after `ms` (the network is real: it gets time on a busy machine). */
  waitFor(n: number, ms?: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts a receiver. With `site` (a built dist/), it also serves that site with its _headers, as Netlify would. */
export async function startReceiver(opts: { site?: string } = {}): Promise<Receiver> {
  const rules = opts.site ? siteHeaders(opts.site) : [];
  const r: Receiver = {
    url: '',
    mode: 'ok',
    thanksUrl: '/thanks',
    posts: [],
    delivered: () => r.posts.filter((p) => p.mode === 'ok'),
    // a plain wait, no vitest import: the deploy layer's global setup starts a receiver too (tests/deploy/hosts.ts)
    async waitFor(n, ms = 10_000) {
      for (const until = Date.now() + ms; r.posts.length < n; await new Promise((w) => setTimeout(w, 50)))
        if (Date.now() > until) throw new Error(`the receiver has ${r.posts.length} posts, not ${n}, after ${ms / 1000} s`);
    },
    close: () =>
      new Promise((res) => {
        server.close(() => res());
        server.closeAllConnections(); // a post left hanging too
      }),
  };
  const cors = (req: http.IncomingMessage) => ({
    'access-control-allow-origin': req.headers.origin ?? '*',
    'access-control-allow-methods': 'POST',
    'access-control-allow-headers': 'content-type, accept',
  });
  const page = async (res: http.ServerResponse, urlPath: string, status?: number) => {
    const file = resolveFile(opts.site!, urlPath);
    const chosen = file ?? path.join(opts.site!, '404.html');
    res.writeHead(status ?? (file ? 200 : 404), { 'content-type': contentType(chosen), ...headersFor(rules, urlPath) });
    res.end(await fs.readFile(chosen));
  };

  const server = http.createServer(async (req, res) => {
    const urlPath = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors(req)).end();
    if (req.method !== 'POST') {
      if (opts.site) return page(res, urlPath);
      return void res.writeHead(404).end();
    }
    const received = await readRequest(req);
    const mode = r.mode;
    r.posts.push({ ...received, path: urlPath, mode });
    if (mode === 'hang') return; // the socket stays open until the client gives up
    if (mode === 'close') return void req.socket.destroy();
    const netlify = !!opts.site;
    const headers = { ...cors(req) };
    if (received.how === 'native') {
      // Netlify shows the page the form posted to; a form service sends the browser on to the site's thank-you page
      if (netlify) return page(res, urlPath, mode === 'ok' ? 200 : 500);
      return void res.writeHead(303, { location: r.thanksUrl }).end();
    }
    if (mode === '4xx')
      return void res.writeHead(422, { ...headers, 'content-type': 'application/json' }).end('{"errors":[{"message":"rejected"}]}');
    if (mode === '5xx') return void res.writeHead(500, { ...headers, 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>');
    if (mode === 'garbage')
      return void res.writeHead(200, { ...headers, 'content-type': 'application/octet-stream' }).end('\u0000\u0001<<not json>>');
    if (netlify) return page(res, '/');
    res.writeHead(200, { ...headers, 'content-type': 'application/json' }).end('{"next":"/thanks","ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return r;
}

/** The real delivery modes (site.yaml forms.delivery) a built site can be drilled in. */
export type Delivery = 'endpoint' | 'netlify';

/** A copy of the site built for one delivery mode, served, with the receiver its requests go to. */
export interface DeliverySite {
  receiver: Receiver;
  siteUrl: string;
  close(): Promise<void>; // stops both servers and removes the copy
}

/** Builds a copy of the site for each real delivery mode, and starts where its requests go: a form service on its own
 * origin for endpoint (as Formspree), and for Netlify the site and its form posts on one origin. */
export async function startDeliverySites(): Promise<Record<Delivery, DeliverySite>> {
  const service = await startReceiver();
  const fx = new Fixture();
  fx.setDelivery('endpoint', `${service.url}/f/quotes`);
  await fx.build();
  const siteServer = await serve(fx.out, { withHeaders: true });
  service.thanksUrl = `${siteServer.url}/thanks`;
  const nfx = new Fixture();
  nfx.setDelivery('netlify');
  await nfx.build();
  const netlify = await startReceiver({ site: nfx.out });
  return {
    endpoint: {
      receiver: service,
      siteUrl: siteServer.url,
      close: () => Promise.all([service.close(), siteServer.close()]).then(() => fx.remove()),
    },
    netlify: { receiver: netlify, siteUrl: netlify.url, close: () => netlify.close().then(() => nfx.remove()) },
  };
}
