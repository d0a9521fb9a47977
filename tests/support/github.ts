// A server on loopback in GitHub's place, for the editor at /admin/ (Sveltia CMS's GitHub backend: the calls it makes to
// sign in, load a repository, save to it and read a commit's statuses) and for the content check's report, whose commit
// statuses it takes and then shows the editor as GitHub would. The repository holds a content/ folder on one branch,
// main, whose head moves with each save; a save made on a head that has moved since is refused as GitHub refuses it
// (createCommitOnBranch's expectedHeadOid: "Expected branch to point to ... but it did not. Pull and try again.").
import http from 'node:http';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { readTree } from './files.ts';

/** The first commit of the repository: the branch's head until a save. */
export const HEAD = 'c0ffee'.padEnd(40, '0');
/** Who may sign in, by their token: two people of the office, each in a browser of their own. */
export const PEOPLE: Record<string, { id: number; login: string; name: string }> = {
  'test-token': { id: 1, login: 'office', name: 'Office' },
  'dispatch-token': { id: 2, login: 'dispatch', name: 'Dispatch' },
};

export interface GitHub {
  /** Its API root, as a backend's api_root and as the workflow's GITHUB_API_URL. */
  api: string;
  /** The branch's head now. */
  head: string;
  /** A file of the repository at the head (`content/site.yaml`), or undefined. */
  file(path: string): string | undefined;
  /** Called once as the next commit arrives, before it is judged: someone else's push in between, for one. */
  beforeCommit?: () => void;
  /** A commit made outside the editor (a person's push): `path` holds `text` from then on. */
  push(path: string, text: string): void;
  /** How many times the editor has asked for a commit's statuses. */
  asked: number;
  /** How many times the editor's notice after a save has asked for the branch head's combined status (REST). */
  polled: number;
  /** What was posted to it (the content check's statuses and comments), in order: its path under the API, its JSON. */
  posts: { path: string; body: Record<string, string> }[];
  close(): void;
}

interface Commit {
  files: Map<string, string>; // path -> blob sha
  author: { name: string; email: string; user: { id: number; login: string } };
  date: string;
  changed: string[]; // the paths it changed
  parent?: string;
}

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

/** Starts it with `content` as the repository's content/; `repo` is owner/name. */
export async function startGitHub(content: string, repo: string): Promise<GitHub> {
  const blobs = new Map<string, string>(); // sha -> text
  const first = new Map<string, string>();
  for (const [rel, text] of readTree(content, undefined, 'utf8')) {
    blobs.set(sha1(text), text);
    first.set(`content/${rel.split(path.sep).join('/')}`, sha1(text));
  }
  const office = PEOPLE['test-token'];
  const author = (p: typeof office) => ({ name: p.name, email: `${p.login}@example.org`, user: { id: p.id, login: p.login } });
  const commits = new Map<string, Commit>([
    [HEAD, { files: first, author: author(office), date: '2026-11-26T10:00:00Z', changed: [...first.keys()] }],
  ]);
  const statuses = new Map<string, Map<string, Record<string, string>>>(); // commit -> context -> its latest status
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': '*' };
  const github: GitHub = {
    api: '',
    head: HEAD,
    file: (p) => blobs.get(commits.get(github.head)!.files.get(p) ?? ''),
    asked: 0,
    polled: 0,
    posts: [],
    push: (p, text) => void commit({ additions: [{ path: p, contents: Buffer.from(text).toString('base64') }] }, office),
    close: () => server.close(),
  };
  /** A commit on the head, made by `by`: it becomes the head. */
  function commit(changes: { additions?: { path: string; contents: string }[]; deletions?: { path: string }[] }, by: typeof office) {
    const files = new Map(commits.get(github.head)!.files);
    const changed: string[] = [];
    for (const a of changes.additions ?? []) {
      const text = Buffer.from(a.contents, 'base64').toString('utf8');
      blobs.set(sha1(text), text);
      files.set(a.path, sha1(text));
      changed.push(a.path);
    }
    for (const d of changes.deletions ?? []) (files.delete(d.path), changed.push(d.path));
    const oid = sha1(`${github.head}${JSON.stringify([...files])}${Date.now()}`);
    const date = new Date().toISOString();
    commits.set(oid, { files, author: author(by), date, changed, parent: github.head });
    github.head = oid;
    return { oid, files, date };
  }
  /** The newest commit from the head back that changed `p`. */
  const lastChange = (p: string) => {
    let at: string | undefined = github.head;
    while (at && !commits.get(at)!.changed.includes(p)) at = commits.get(at)!.parent;
    return commits.get(at ?? HEAD)!;
  };
  const server = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const json = (data: unknown, status = 200) =>
      res.writeHead(status, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify(data));
    const person = PEOPLE[/^(?:token|bearer) (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? ''] ?? office;
    // the editor's REST calls come under /api/v3 (a GitHub Enterprise root), the workflow's under /api
    const p = new URL(req.url!, 'http://x').pathname.replace(/^\/api(\/v3)?/, '');
    if (req.method === 'OPTIONS' || p.startsWith(`/repos/${repo}/collaborators/`)) return void res.writeHead(204, cors).end();
    if (p === '/user') return json({ ...person, email: `${person.login}@example.org` });
    const tree = new RegExp(`^/repos/${repo}/git/trees/(\\w+)$`).exec(p)?.[1];
    if (tree) {
      const files = commits.get(tree === 'main' ? github.head : tree)?.files;
      if (!files) return json({ message: 'Not Found' }, 404);
      return json({ tree: [...files].map(([f, sha]) => ({ path: f, type: 'blob', sha, size: blobs.get(sha)!.length })) });
    }
    // the content check's statuses and its comment on a refused change
    const posted = /^\/repos\/[^/]+\/[^/]+\/(statuses\/(\w+)|commits\/\w+\/comments|issues\/\d+\/comments)$/.exec(p);
    if (req.method === 'POST' && posted) {
      const sent = JSON.parse(body) as Record<string, string>;
      github.posts.push({ path: p, body: sent });
      if (posted[2]) statuses.set(posted[2], new Map([...(statuses.get(posted[2]) ?? []), [sent.context, sent]]));
      return json(sent, 201);
    }
    const headStatuses = () => [...(statuses.get(github.head)?.values() ?? [])];
    if (req.method === 'GET' && p === `/repos/${repo}/commits/main/status`)
      return (github.polled++, json({ sha: github.head, statuses: headStatuses() }));
    if (p !== '/graphql') return json({ message: 'Not Found' }, 404);
    // GraphQL, by what the query asks for: the default branch, its head, files' text and history, a commit's statuses,
    // and a commit made
    const { query, variables } = JSON.parse(body) as { query: string; variables: Record<string, any> };
    if (query.includes('defaultBranchRef')) return json({ data: { repository: { defaultBranchRef: { name: 'main' } } } });
    if (query.includes('createCommitOnBranch')) {
      const input = variables.input as {
        expectedHeadOid: string;
        fileChanges: { additions?: { path: string; contents: string }[]; deletions?: { path: string }[] };
      };
      const before = github.beforeCommit;
      github.beforeCommit = undefined;
      before?.();
      if (input.expectedHeadOid !== github.head)
        return json({
          data: { createCommitOnBranch: null },
          errors: [
            {
              type: 'STALE_DATA',
              path: ['createCommitOnBranch'],
              message: `Expected branch to point to "${input.expectedHeadOid}" but it did not. Pull and try again.`,
            },
          ],
        });
      const { oid, files, date } = commit(input.fileChanges, person);
      const shas = Object.fromEntries(
        [...query.matchAll(/(file_\d+): file\(path: ("(?:[^"\\]|\\.)*")\)/g)].map(([, a, f]) => [a, { oid: files.get(JSON.parse(f)) }]),
      );
      return json({ data: { createCommitOnBranch: { commit: { oid, committedDate: date, ...shas } } } });
    }
    const found: Record<string, unknown> = {};
    for (const [, alias, sha] of query.matchAll(/(content_\d+):\s*object\(oid: "(\w+)"\)/g))
      found[alias] = { text: blobs.get(sha), isTruncated: false };
    // a file's last commit: who made it, and when
    for (const [, alias, file] of query.matchAll(
      /(commit_\d+):\s*ref\([^)]*\)\s*\{\s*target\s*\{\s*\.\.\. on Commit\s*\{\s*history\(first: 1, path: ("(?:[^"\\]|\\.)*")\)/g,
    )) {
      const { author: a, date } = lastChange(JSON.parse(file));
      found[alias] = { target: { history: { nodes: [{ author: a, committedDate: date }] } } };
    }
    for (const [, alias, sha] of query.matchAll(/(commit_\d+):\s*object\(oid: "(\w+)"\)/g)) {
      github.asked++;
      const contexts = [...(statuses.get(sha)?.values() ?? [])].map((s) => ({
        context: s.context,
        state: s.state.toUpperCase(),
        targetUrl: s.target_url,
        description: s.description,
      }));
      found[alias] = { status: { contexts }, deployments: { nodes: [] }, checkSuites: { nodes: [] } };
    }
    if (Object.keys(found).length) return json({ data: { repository: found } });
    const head = query.includes('history(first: 1)')
      ? { history: { nodes: [{ oid: github.head, message: 'Save' }] } }
      : { oid: github.head };
    json({ data: { repository: { ref: { target: head } } } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  github.api = `http://127.0.0.1:${(server.address() as { port: number }).port}/api`;
  return github;
}
