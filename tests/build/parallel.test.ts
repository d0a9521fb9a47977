// A large blog is parsed and rendered on several threads (generator/posts.ts, PostHelpers). The output must not depend on
// it: the same content built on one thread and on three gives the same files, byte for byte, and the same errors.
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCodeFile } from '../../generator/build-code.ts';
import { build, BuildFailed } from '../../generator/build-site.ts';
import { Fixture } from '../support/fixture.ts';
import { syntheticPost } from '../support/posts.ts';
import { readTree } from '../support/files.ts';

const POSTS = 400; // above the size at which a build starts helper threads by itself
/** What helper threads start from, as `npm run build` passes it. */
const postWorker = buildCodeFile();

const files = (dir: string) => readTree(dir);

async function errorsOf(fx: Fixture, threads: number) {
  try {
    await build({ content: fx.content, static: fx.static, out: fx.out, quiet: true, year: 2026, threads, postWorker });
  } catch (e) {
    if (e instanceof BuildFailed)
      return e.errors.map(({ file, field, problem }) => ({ file: path.relative(fx.dir, path.resolve(file)), field, problem }));
    throw e;
  }
  throw new Error('the build succeeded; expected content errors');
}

describe(`a blog of ${POSTS} posts`, () => {
  const fx = new Fixture();
  const slugs: string[] = [];
  beforeAll(() => {
    for (let i = 0; i < POSTS; i++) {
      const post = syntheticPost(i);
      fx.write(`blog/${post.slug}.md`, post.text);
      slugs.push(post.slug);
    }
  });
  afterAll(() => fx.remove());

  it('builds the same files on one thread and on three', async () => {
    const one = await build({ content: fx.content, static: fx.static, out: path.join(fx.dir, 'one'), quiet: true, year: 2026, threads: 1 });
    const three = await build({
      content: fx.content,
      static: fx.static,
      out: path.join(fx.dir, 'three'),
      quiet: true,
      year: 2026,
      threads: 3,
      postWorker,
    });
    const a = files(path.join(fx.dir, 'one'));
    const b = files(path.join(fx.dir, 'three'));
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    const differing = [...a].filter(([f, body]) => !body.equals(b.get(f)!)).map(([f]) => f);
    expect(differing).toEqual([]);
    expect(a.size).toBeGreaterThan(POSTS);
    expect(three.files).toBe(one.files);
    expect(three.pages).toBe(one.pages);
    // every synthetic post is listed once on the blog's pages (/blog, blog/page/N.html)
    const index = [...a]
      .filter(([f]) => f === 'blog.html' || f.startsWith(`blog${path.sep}page${path.sep}`))
      .map(([, body]) => body.toString())
      .join('');
    for (const slug of slugs) expect(index.split(`href="/blog/${slug}"`).length - 1, slug).toBe(2); // title link and "Read Guide"
  });

  it('reports the same errors, in the same order, from posts any thread may take', async () => {
    // spread over the queue, so different threads meet them
    const broken = [slugs[0], slugs[Math.floor(POSTS / 2)], slugs[POSTS - 1]].sort();
    fx.edit(`blog/${broken[0]}.md`, /^published: .*$/m, 'published: 2025-02-30');
    fx.edit(`blog/${broken[1]}.md`, /call \{\{phone\}\}/, 'call {{fax}}');
    fx.edit(`blog/${broken[2]}.md`, /\]\(\/[a-z-]+\)/, '](/no-such-page)');
    writeFileSync(fx.file('blog/Bad Name.md'), '---\ntitle: x\n---\n');
    const one = await errorsOf(fx, 1);
    const three = await errorsOf(fx, 3);
    expect(three).toEqual(one);
    expect(one).toEqual(
      expect.arrayContaining([
        { file: `content/blog/${broken[0]}.md`, field: 'published', problem: '2025-02-30 is not a date: no such month or day' },
        expect.objectContaining({
          file: `content/blog/${broken[1]}.md`,
          field: 'body',
          problem: expect.stringContaining('unknown token {{fax}}'),
        }),
        expect.objectContaining({
          file: `content/blog/${broken[2]}.md`,
          field: expect.stringMatching(/^body, line \d+$/),
          problem: expect.stringContaining('link to /no-such-page goes nowhere'),
        }),
        expect.objectContaining({ file: 'content/blog/Bad Name.md', field: 'file name' }),
      ]),
    );
    expect(one).toHaveLength(4);
    // a failed build leaves no temp folder behind, helpers or not
    expect(readdirSync(fx.dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });
});
