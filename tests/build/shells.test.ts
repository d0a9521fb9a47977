// Post pages and the blog index's cards are rendered from shells (templates/shells.tsx): React renders them once
// with markers in place of the values, and each post fills the markers in. The result must be exactly what
// React renders for each post directly, whatever the text holds.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite, routeTable } from '../../generator/build-site.ts';
import type { Post, Site } from '../../templates/model.ts';
import { cardMedia, countWords, formatDate, PostCard } from '../../templates/pages/Blog.tsx';
import { renderPage } from '../../templates/render.tsx';
import { renderBlogPage, renderBlogPageWithReact, renderPost, renderPostWithReact } from '../../templates/shells.tsx';
import { Fixture } from '../support/fixture.ts';
import { AMPERSANDS, ATTR_BREAK, EMOJI, LINE_SEPARATORS, LONG_TITLE, QUOTES, RTL, SCRIPT_BREAK } from '../support/hostile.ts';
import { phonePhoto } from '../support/photos.ts';
import { syntheticPost } from '../support/posts.ts';

const q = (s: string) => JSON.stringify(s); // a YAML double-quoted scalar
const MARKERS = '\uE000title\uE001 \uE002sections\uE003'; // the shells' own marker characters, as content

/** Posts of every shape a shell has: updated or not, with an FAQ or not, and text that needs escaping. */
const HOSTILE_POSTS: Record<string, string> = {
  'hostile-text': `---
title: ${q(`${SCRIPT_BREAK} ${QUOTES}`)}
description: ${q(`${ATTR_BREAK} ${AMPERSANDS} ${LINE_SEPARATORS}`)}
summary: ${q(`${EMOJI} ${RTL} ${MARKERS}`)}
published: 2024-03-01
modified: 2024-03-01
linkLabel: ${q(`Read ${ATTR_BREAK}`)}
---
## ${QUOTES} & <b>bold</b>

${AMPERSANDS} ${SCRIPT_BREAK} ${MARKERS}
`,
  'hostile-faq-updated': `---
title: ${q(LONG_TITLE)}
description: ${q(QUOTES)}
summary: ${q(AMPERSANDS)}
published: 2023-01-31
modified: 2024-12-01
image: /images/cover.jpg
imageAlt: ${q(`${ATTR_BREAK} ${QUOTES}`)}
faq:
  - q: ${q(`${SCRIPT_BREAK}?`)}
    a: ${q(`${ATTR_BREAK} ${MARKERS} call {{phone}}`)}
  - q: Plain question?
    a: Plain answer.
---
Intro without a heading.

## Second ${EMOJI}

Text.
`,
};

describe('shells', () => {
  const fx = new Fixture();
  let site: Site;
  let posts: Post[];
  beforeAll(async () => {
    for (const [slug, text] of Object.entries(HOSTILE_POSTS)) fx.write(`blog/${slug}.md`, text);
    mkdirSync(fx.file('images'), { recursive: true });
    writeFileSync(fx.file('images/cover.jpg'), await phonePhoto(4, { width: 640, height: 480, orientation: 1 }));
    for (let i = 0; i < 40; i++) {
      const post = syntheticPost(i);
      fx.write(`blog/${post.slug}.md`, post.text);
    }
    const data = await loadSite({ content: fx.content, static: fx.static, year: 2026 });
    posts = data.posts;
    site = {
      ...data,
      assets: {
        style: 'body{color:red}',
        js: '/assets/app.js',
        icon: '/favicon.svg',
        inlineScripts: { head: 'www()', redirect: 'redirect()' },
      },
    };
  });
  afterAll(() => fx.remove());

  it('covers every shape of post page', () => {
    const shapes = new Set(posts.map((p) => `${p.modified !== p.published}:${p.faq.length > 0}`));
    expect([...shapes].sort()).toEqual(['false:false', 'false:true', 'true:false', 'true:true']);
    // with a cover photo (whose alt text is hostile) and without
    expect(new Set(posts.map((p) => p.photo !== undefined))).toEqual(new Set([true, false]));
  });

  it('gives every post page exactly the markup React renders for it', () => {
    const differing = posts.filter((p) => renderPost(p, site) !== renderPostWithReact(p, site)).map((p) => p.slug);
    expect(differing).toEqual([]);
    expect(posts.length).toBeGreaterThan(40);
  });

  it('gives every page of the blog index exactly the markup React renders for it', () => {
    const pages = routeTable(site).filter((r) => r.kind === 'blog');
    expect(pages.length).toBeGreaterThan(2);
    for (const r of pages) expect(renderBlogPage(r.data, site, r.path), r.path).toBe(renderBlogPageWithReact(r.data, site, r.path));
  });

  it('lists exactly the cards React renders, in order, on every page of the blog index', () => {
    const pages = routeTable(site).filter((r) => r.kind === 'blog');
    expect(pages.length).toBeGreaterThan(1);
    const listed = pages.map((r) => /<ul class="post-list">([\s\S]*?)<\/ul>/.exec(renderPage(r, site))?.[1]).join('');
    const cards = posts
      .map((p) => renderToStaticMarkup(createElement(PostCard, { post: p, date: formatDate(p.published), media: cardMedia(p) })))
      .join('');
    expect(listed).toBe(cards);
  });

  it('leaves no marker in any output, and keeps content that looks like one as text', () => {
    const hostile = posts.find((p) => p.slug === 'hostile-text')!;
    const page = renderPost(hostile, site);
    expect(page).toContain(`<p class="lead">${EMOJI} ${RTL} ${MARKERS}</p>`);
    expect(page).not.toContain('<script>alert(1)');
    expect(page).not.toContain('<img src=x');
    const index = routeTable(site)
      .filter((r) => r.kind === 'blog')
      .map((r) => renderPage(r, site));
    expect(index.join('')).toContain('href="/blog/hostile-text"');
    for (const html of [page, ...index]) expect(html.replace(new RegExp(MARKERS, 'g'), '')).not.toMatch(/[\uE000-\uE003]/);
  });
});

// A shell is kept per site: a second site (other business name) must not get the first one's markup.
describe('shells per site', () => {
  const fx = new Fixture();
  afterAll(() => fx.remove());
  it('renders each site with its own chrome', async () => {
    const a = await loadSite({ content: fx.content, static: fx.static, year: 2026 });
    fx.edit('site.yaml', /^(\s*name: ).*$/m, '$1Other Name Tree Care');
    const b = await loadSite({ content: fx.content, static: fx.static, year: 2026 });
    const assets = { style: 'p{}', js: '/a.js', icon: '/favicon.svg', inlineScripts: { head: '', redirect: '' } };
    const pa = renderPost(a.posts[0], { ...a, assets });
    const pb = renderPost(b.posts[0], { ...b, assets });
    expect(pa).not.toContain('Other Name');
    expect(pb).toContain('Other Name');
    expect(pb).toBe(renderPostWithReact(b.posts[0], { ...b, assets }));
  });
});

describe('countWords', () => {
  // The definition it replaced: tags become spaces, then runs of non-space characters are words.
  const byRegex = (html: string) =>
    html
      .replace(/<[^>]+>/g, ' ')
      .split(/\s+/)
      .filter(Boolean).length;
  it('counts words between tags, entities included, as the regular-expression definition does', () => {
    expect(countWords('<p>one &amp; two</p><ul><li>three</li></ul>')).toBe(4);
    expect(countWords('a<b>c</b>d')).toBe(3);
    expect(countWords('x < y <> z')).toBe(2); // "< y <>" is one tag
    expect(countWords('a\u00a0b\u2003c')).toBe(3);
    // random strings of the characters that matter, seeded so a failure repeats
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = ['a', 'b', ' ', '<', '>', '\n', '\u00a0', '"', '&', '/'];
    for (let i = 0; i < 20000; i++) {
      let s = '';
      for (let n = Math.floor(rnd() * 24); n > 0; n--) s += alphabet[Math.floor(rnd() * alphabet.length)];
      expect(countWords(s), JSON.stringify(s)).toBe(byRegex(s));
    }
  });
});
