// `npm run dev` after a blog post is saved or deleted: what it serves must then be what a full build of the same
// content makes, byte for byte (the post, every /blog page that lists it, the sitemap, the feed).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../generator/build-site.ts';
import { DEV_BUILD } from '../../generator/dev/receiver.ts';
import { Fixture } from '../support/fixture.ts';
import { startDevServer, type DevServer } from '../support/dev-server.ts';
import { syntheticPost } from '../support/posts.ts';
import { readTree } from '../support/files.ts';

const POSTS = 40; // several /blog pages at the default blog.perPage

/** The site's text files (pages, sitemap, feed, robots, headers) by their path. */
const files = (dir: string) => readTree(dir, (f) => /\.(html|xml|txt)$|_headers$/.test(f), 'utf8');

describe('npm run dev, after a blog post changes', () => {
  const fx = new Fixture();
  let dev: DevServer;
  const slugs: string[] = [];

  /** A full build of the same content, as the dev server builds it, beside the served folder. */
  async function fullBuild(): Promise<Map<string, string>> {
    const out = path.join(fx.dir, 'full');
    rmSync(out, { recursive: true, force: true });
    await build({ content: fx.content, static: fx.static, out, quiet: true, ...DEV_BUILD });
    return files(out);
  }

  const pageOf = (slug: string) =>
    [...files(fx.out)].find(([f, html]) => /^blog(\.html|\/page\/\d+\.html)$/.test(f) && html.includes(`href="/blog/${slug}"`))?.[0];

  beforeAll(async () => {
    for (let i = 0; i < POSTS; i++) {
      const post = syntheticPost(i);
      fx.write(`blog/${post.slug}.md`, post.text);
      slugs.push(post.slug);
    }
    dev = await startDevServer(fx);
  }, 60_000);
  afterAll(async () => {
    await dev?.stop();
    fx.remove();
  });

  it('rewrites the post and the /blog page that lists it, and matches a full build', async () => {
    // a post on a later page of /blog (page/1.html is the redirect to /blog)
    const number = (f: string) => Number(/^blog\/page\/(\d+)\.html$/.exec(f)?.[1] ?? 0);
    const target = slugs.find((s) => number(pageOf(s) ?? '') >= 2)!;
    const listing = pageOf(target)!;

    fx.edit(`blog/${target}.md`, /^title: .*$/m, 'title: "A retitled guide for the dev server test"');
    await dev.printed(/\[dev\] rebuilt/, 2); // the first build, then this one

    const served = files(fx.out);
    expect(served.get(`blog/${target}.html`)).toContain('A retitled guide for the dev server test');
    expect(served.get(listing)).toContain('A retitled guide for the dev server test');
    const full = await fullBuild();
    expect([...served.keys()].sort()).toEqual([...full.keys()].sort());
    expect([...full].filter(([f, body]) => served.get(f) !== body).map(([f]) => f)).toEqual([]);
  }, 60_000);

  it('after a post is deleted, every /blog page after it moves up, and the last one goes when it empties', async () => {
    const newest = slugs.find((s) => pageOf(s) === 'blog.html')!;
    rmSync(fx.file(`blog/${newest}.md`));
    await dev.printed(/\[dev\] rebuilt/, 3);

    const served = files(fx.out);
    expect(served.has(`blog/${newest}.html`)).toBe(false);
    const full = await fullBuild();
    expect([...served.keys()].sort()).toEqual([...full.keys()].sort());
    expect([...full].filter(([f, body]) => served.get(f) !== body).map(([f]) => f)).toEqual([]);
  }, 60_000);
});
