// Hugo beside the project in the benchmark: a tiny Hugo site with the same synthetic posts, a one-line layout,
// built cold (output and caches deleted first) from a fresh process, as the project's builds are.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { syntheticPost } from '../support/posts.ts';

/** `hugo` when it is on the PATH (Debian: apt-get install hugo), else null. */
export function hugoVersion(): string | null {
  const r = spawnSync('hugo', ['version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** Writes a Hugo site with the same N posts the project's benchmark builds. */
export function makeHugoSite(dir: string, n: number) {
  mkdirSync(path.join(dir, 'content/blog'), { recursive: true });
  mkdirSync(path.join(dir, 'layouts/_default'), { recursive: true });
  writeFileSync(
    path.join(dir, 'config.toml'),
    'baseURL = "https://example.com/"\ntitle = "Bench"\ndisableKinds = ["taxonomy", "term", "RSS"]\n[markup.goldmark.renderer]\nunsafe = false\n',
  );
  writeFileSync(
    path.join(dir, 'layouts/_default/single.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body><h1>{{ .Title }}</h1>{{ .Content }}</body></html>\n',
  );
  writeFileSync(
    path.join(dir, 'layouts/_default/list.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul></body></html>\n',
  );
  for (let i = 0; i < n; i++) {
    const post = syntheticPost(i);
    writeFileSync(path.join(dir, 'content/blog', `${post.slug}.md`), post.text);
  }
}

/** One cold Hugo build in a fresh process: wall milliseconds from spawn to exit. */
export function hugoOnce(dir: string, out: string): Promise<number> {
  rmSync(out, { recursive: true, force: true });
  rmSync(path.join(dir, 'resources'), { recursive: true, force: true });
  const cache = path.join(dir, '.hugo-cache');
  rmSync(cache, { recursive: true, force: true });
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('hugo', ['--quiet', '--source', dir, '--destination', out, '--cacheDir', cache], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`hugo exited with ${code}: ${stderr}`)),
    );
  });
}
