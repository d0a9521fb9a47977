// A server on loopback in GitHub's place, for the editor at /admin/ (Sveltia CMS's GitHub backend: the calls it makes to
// sign in, load a repository and read a commit's statuses) and for the content check's report, whose commit statuses it
// takes and then shows the editor as GitHub would. The repository holds a content/ folder, on one commit: HEAD.
import http from 'node:http';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { readTree } from './files.ts';

/** The one commit of the repository: the branch's head. */
export const HEAD = 'c0ffee'.padEnd(40, '0');

export interface GitHub {
  /** Its API root, as a backend's api_root and as the workflow's GITHUB_API_URL. */
  api: string;
  /** How many times the editor has asked for the head commit's statuses. */
  asked: number;
  /** How many times the editor's notice after a save has asked for the branch head's combined status (REST). */
  polled: number;
  /** What was posted to it (the content check's statuses and comments), in order: its path under the API, its JSON. */
  posts: { path: string; body: Record<string, string> }[];
  close(): void;
}

/** Starts it with `content` as the repository's content/; `repo` is owner/name. */
export async function startGitHub(content: string, repo: string): Promise<GitHub> {
  const files = [...readTree(content, undefined, 'utf8')].map(([rel, text]) => ({
    path: `content/${rel.split(path.sep).join('/')}`,
    text,
    sha: createHash('sha1').update(text).digest('hex'),
  }));
  const statuses = new Map<string, Record<string, string>>();
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': '*' };
  const github: GitHub = { api: '', asked: 0, polled: 0, posts: [], close: () => server.close() };
  const server = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const json = (data: unknown, status = 200) =>
      res.writeHead(status, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify(data));
    // the editor's REST calls come under /api/v3 (a GitHub Enterprise root), the workflow's under /api
    const p = new URL(req.url!, 'http://x').pathname.replace(/^\/api(\/v3)?/, '');
    if (req.method === 'OPTIONS' || p.startsWith(`/repos/${repo}/collaborators/`)) return void res.writeHead(204, cors).end();
    if (p === '/user') return json({ id: 1, login: 'office', name: 'Office', email: 'office@example.org' });
    if (p === `/repos/${repo}/git/trees/${HEAD}`)
      return json({ tree: files.map((f) => ({ path: f.path, type: 'blob', sha: f.sha, size: f.text.length })) });
    // the content check's statuses (the head commit's shown to the editor) and its comment on a refused change
    if (req.method === 'POST' && /^\/repos\/[^/]+\/[^/]+\/(statuses\/\w+|commits\/\w+\/comments|issues\/\d+\/comments)$/.test(p)) {
      const sent = JSON.parse(body) as Record<string, string>;
      github.posts.push({ path: p, body: sent });
      if (p === `/repos/${repo}/statuses/${HEAD}`) statuses.set(sent.context, sent); // the latest of each context
      return json(sent, 201);
    }
    if (req.method === 'GET' && p === `/repos/${repo}/commits/main/status`)
      return (github.polled++, json({ sha: HEAD, statuses: [...statuses.values()] }));
    if (p !== '/graphql') return json({ message: 'Not Found' }, 404);
    // GraphQL, by what the query asks for: the default branch, its head, files' text and history, a commit's statuses
    const { query } = JSON.parse(body) as { query: string };
    if (query.includes('defaultBranchRef')) return json({ data: { repository: { defaultBranchRef: { name: 'main' } } } });
    const found: Record<string, unknown> = {};
    for (const [, alias, sha] of query.matchAll(/(content_\d+): object\(oid: "(\w+)"\)/g))
      found[alias] = { text: files.find((f) => f.sha === sha)?.text, isTruncated: false };
    const author = { name: 'Office', email: 'office@example.org', user: { id: 1, login: 'office' } };
    for (const [, alias] of query.matchAll(/(commit_\d+): ref\(/g))
      found[alias] = { target: { history: { nodes: [{ author, committedDate: '2026-11-26T10:00:00Z' }] } } };
    for (const [, alias] of query.matchAll(/(commit_\d+): object\(oid: "\w+"\)/g)) {
      github.asked++;
      const contexts = [...statuses.values()].map((s) => ({
        context: s.context,
        state: s.state.toUpperCase(),
        targetUrl: s.target_url,
        description: s.description,
      }));
      found[alias] = { status: { contexts }, deployments: { nodes: [] }, checkSuites: { nodes: [] } };
    }
    if (Object.keys(found).length) return json({ data: { repository: found } });
    // a save: the commit made is HEAD again, so the statuses the check posts are its own
    if (query.includes('createCommitOnBranch'))
      return json({ data: { createCommitOnBranch: { commit: { oid: HEAD, committedDate: '2026-11-26T10:00:00Z' } } } });
    const head = query.includes('history(first: 1)') ? { history: { nodes: [{ oid: HEAD, message: 'Save' }] } } : { oid: HEAD };
    json({ data: { repository: { ref: { target: head } } } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  github.api = `http://127.0.0.1:${(server.address() as { port: number }).port}/api`;
  return github;
}
