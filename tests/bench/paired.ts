// The builds the benchmark pairs with the project's, run by run: another checkout, Eleventy (installed on first use,
// never a dependency of the site) and Hugo when installed. Each gets the same posts and runs cold in a fresh process.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { writePosts } from '../support/posts.ts';
import { installOnce } from '../support/install-once.ts';
import { buildArgs } from '../support/paths.ts';

/** A build to time: its name, what it is, and how to set up its site for N posts in dir (null: nothing to pair with at
 * this N), which gives the command of one cold build into out. */
export interface Build {
  name: string;
  what: string;
  site(dir: string, n: number, content: string): ((out: string) => { cwd: string; command: string[] }) | null;
}

/** The middle of the figures (the mean of the middle two of an even count). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Writes a site's files (path under dir: text), then its N posts into dir/posts. */
function writeSite(dir: string, files: Record<string, string>, posts: string, n: number) {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  writePosts(path.join(dir, posts), n);
}

const clear = (...dirs: string[]) => dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));

/** A checkout's `npm run build` on the benchmark's content: node, then the arguments its package.json writes. Cold
 * deletes the build's photo cache too. */
export function checkout(root: string, name: string, cold: boolean): Build {
  const args = buildArgs(root);
  return {
    name,
    what: `\`node ${args.join(' ')}\` in ${root}`,
    site: (_dir, _n, content) => (out) => {
      clear(out, ...(cold ? [path.join(root, 'node_modules/.cache/arborist-images')] : []));
      return { cwd: root, command: [process.execPath, ...args, '--content', content, '--out', out, '--quiet'] };
    },
  };
}

/** The Eleventy the benchmark compares with: the latest 3.x when it was added. */
const ELEVENTY_VERSION = '3.1.8';

/** Eleventy, installed into the cache folder on first use. */
export async function eleventy(root: string): Promise<Build> {
  const dir = path.join(root, 'node_modules/.cache/arborist-eleventy', `eleventy-${ELEVENTY_VERSION}`);
  const cli = path.join(dir, 'node_modules/@11ty/eleventy/cmd.cjs');
  await installOnce(`@11ty/eleventy@${ELEVENTY_VERSION}`, dir, cli, 'tests/bench');
  return {
    name: 'Eleventy',
    what: `Eleventy ${ELEVENTY_VERSION}`,
    site(dir, n) {
      if (n === 0) return null; // the real content alone has no counterpart
      writeSite(
        dir,
        {
          // Markdown as Markdown (not run through Liquid first), as Hugo and the project read it
          'eleventy.config.mjs':
            'export default function () {\n  return { dir: { input: "src" }, markdownTemplateEngine: false, templateFormats: ["md"] };\n}\n',
          'src/_includes/post.liquid':
            '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ title }}</title></head><body><h1>{{ title }}</h1>' +
            '<p><time>{{ published | date: "%Y-%m-%d" }}</time></p>{{ content }}</body></html>\n',
          'src/blog/blog.json': JSON.stringify({ layout: 'post.liquid' }) + '\n',
        },
        'src/blog',
        n,
      );
      return (out) => {
        clear(out, path.join(dir, '.cache'));
        return { cwd: dir, command: [process.execPath, cli, '--config=eleventy.config.mjs', `--output=${out}`, '--quiet'] };
      };
    },
  };
}

/** Hugo when it is on the PATH, else null. */
export function hugo(): Build | null {
  const version = spawnSync('hugo', ['version'], { encoding: 'utf8' });
  if (version.status !== 0) return null;
  const page = (body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body>${body}</body></html>\n`;
  return {
    name: 'Hugo',
    what: version.stdout.trim().split(' ').slice(0, 2).join(' '),
    site(dir, n) {
      if (n === 0) return null;
      writeSite(
        dir,
        {
          'config.toml':
            'baseURL = "https://example.com/"\ntitle = "Bench"\ndisableKinds = ["taxonomy", "term", "RSS"]\n[markup.goldmark.renderer]\nunsafe = false\n',
          'layouts/_default/single.html': page('<h1>{{ .Title }}</h1>{{ .Content }}'),
          'layouts/_default/list.html': page('<ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>'),
        },
        'content/blog',
        n,
      );
      const cache = path.join(dir, '.hugo-cache');
      return (out) => {
        clear(out, path.join(dir, 'resources'), cache);
        return { cwd: dir, command: ['hugo', '--quiet', '--source', dir, '--destination', out, '--cacheDir', cache] };
      };
    },
  };
}
