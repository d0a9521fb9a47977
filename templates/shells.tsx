// Post pages and the blog index's cards, rendered from shells.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { escapeHtml } from './escape.ts';
import type { BlogListing, PageMeta, PageTemplate, Photo, Post, PostSummary, Site } from './model.ts';
import { pageTitle } from './parts/Head.tsx';
import { Faq, Sections } from './parts/blocks.tsx';
import { renderDocument, type Crumb } from './parts/Layout.tsx';
import { BlogPage, cardMedia, formatDate, Pager, PostCard, PostPage, postView, type PostView } from './pages/Blog.tsx';
import { pictureHtml, SIZES } from './picture.ts';
import { breadcrumbs, businessData } from './render.tsx';
import { blogPosting, breadcrumbList, faqPage, jsonLdScript, shareImage } from './seo.ts';

/** A page of the blog index: its cards come from a shell, like post pages, since a blog can list thousands. */
export const blogTemplate: PageTemplate<BlogListing> = {
  meta: (listing, site, path) => blogMeta(listing, site, path),
  render: (listing, site, path) => renderBlogPage(listing, site, path),
};

/** A page of the blog index. Page 1 is rendered by React, once per build; the later pages (hundreds on a large blog) fill a shell. */
export function renderBlogPage(listing: BlogListing, site: Site, path: string): string {
  if (listing.page === 1) return blogDocument(listing, site, path); // a page's worth of cards, once per build
  const cards = listing.posts
    .map((p) => {
      const media = cardMedia(p);
      return fillShell(cardShell(site, media !== undefined), { ...p, date: formatDate(p.published), media: media ?? '' });
    })
    .join('');
  const meta = blogMeta(listing, site, path);
  return fillShell(laterPageShell(site), {
    page: String(listing.page),
    pages: String(listing.pages),
    pageTitle: pageTitle(meta, site),
    description: meta.description,
    ldCrumbs: jsonLdScript(breadcrumbList(site, blogCrumbs(listing, site, path))),
    pager: renderToStaticMarkup(<Pager page={listing.page} pages={listing.pages} />),
    cards,
  });
}

/** The same page rendered by React directly: what the shell must match. */
export function renderBlogPageWithReact(listing: BlogListing, site: Site, path: string): string {
  return blogDocument(listing, site, path);
}

/** A blog page's document; the later pages' shell passes markers for what differs from page to page. */
function blogDocument(
  listing: BlogListing,
  site: Site,
  path: string,
  shell?: { cards: ReactNode; pager: ReactNode; meta: PageMeta; title: string },
): string {
  const crumbs = blogCrumbs(listing, site, path);
  const jsonLd = [businessData(site), shell ? raw('ldCrumbs') : breadcrumbList(site, crumbs)];
  const body = <BlogPage site={site} listing={listing} cards={shell?.cards} pager={shell?.pager} />;
  return renderDocument({ site, meta: shell?.meta ?? blogMeta(listing, site, path), title: shell?.title, jsonLd, crumbs, body });
}

const laterPages = new WeakMap<Site, Shell>();
function laterPageShell(site: Site): Shell {
  let shell = laterPages.get(site);
  if (!shell) {
    const listing = { page: text('page'), pages: text('pages'), posts: [] } as unknown as BlogListing;
    const path = `/blog/page/${text('page')}`;
    const meta = { title: `Blog, page ${text('page')} of ${text('pages')}`, description: text('description'), path };
    const html = blogDocument(listing, site, path, { cards: raw('cards'), pager: raw('pager'), meta, title: text('pageTitle') });
    laterPages.set(site, (shell = compileShell(html)));
  }
  return shell;
}

/** Page 1 is the blog; later pages say which they are, and which posts they hold, so each title and description is its own. */
function blogMeta({ page, pages, posts }: BlogListing, site: Site, path: string): PageMeta {
  if (page === 1) return { title: site.blog.title, description: site.blog.description, path };
  const title = `Blog, page ${page} of ${pages}`;
  const from = formatDate(posts[0].published);
  const to = formatDate(posts[posts.length - 1].published);
  const dates = from === to ? `on ${from}` : `from ${to} to ${from}`;
  return { title, description: `Tree care guides from our arborists, page ${page} of ${pages}: guides published ${dates}.`, path };
}

/** Home > Blog on the first page; Home > Blog > Page N after it (there is no /blog/page to link). */
function blogCrumbs({ page }: BlogListing, site: Site, path: string): Crumb[] {
  const crumbs = breadcrumbs('/blog', site);
  return page === 1 ? crumbs : [...crumbs, { label: `Page ${page}`, href: path }];
}

/** A post's page, from the whole post (a summary is what the index and sitemap keep). */
export const postTemplate: PageTemplate<PostSummary | Post> = {
  meta: (p, site, path) => ({ ...postMeta(path, p), image: shareImage(site, p.photo, p.title) }),
  render: (p, site) => renderPost(wholePost(p), site),
};

function wholePost(post: PostSummary | Post): Post {
  if (!('sections' in post)) throw new Error(`${post.path}: a post page renders from the whole post, not its summary`);
  return post;
}

// A blog can hold thousands of posts whose pages differ only in a few values. So React renders the post page
// once per site and shape (with or without an "Updated" date, with or without an FAQ), with a marker in place
// of each value, and every post fills the markers in: the same markup at a fraction of the cost. The blog
// index's cards work the same way. Markers are private-use characters, which content never needs.
// tests/build/shells.test.ts checks the result against rendering with React directly.

const text = (name: string) => `\uE000${name}\uE001`; // filled with the value escaped as React escapes text
const raw = (name: string) => `\uE002${name}\uE003`; // filled with HTML as it is (already rendered)
const MARKER = /\uE000(\w+)\uE001|\uE002(\w+)\uE003/g;

type Shell = (string | { name: string; raw: boolean })[];
const shells = new WeakMap<Site, Map<string, Shell>>();

/** A post's own page. */
export function renderPost(post: Post, site: Site): string {
  const view = postView(post);
  const crumbs = breadcrumbs(post.path, site);
  const share = shareImage(site, post.photo, post.title);
  const values: Record<string, string> = {
    cover: post.photo ? postCover(post.photo) : '',
    ogImage: share.url,
    ogImageAlt: share.alt,
    title: view.title,
    summary: view.summary,
    published: view.published,
    publishedLabel: view.publishedLabel,
    modified: view.modified ?? '',
    modifiedLabel: view.modifiedLabel,
    minutes: view.minutes,
    slug: post.slug,
    description: post.description,
    pageTitle: pageTitle(postMeta(post.path, post), site),
    crumb: crumbs[crumbs.length - 1].label,
    sections: renderToStaticMarkup(<Sections sections={post.sections} />),
    faq: post.faq.length ? renderToStaticMarkup(<Faq items={post.faq} />) : '',
    ldCrumbs: jsonLdScript(breadcrumbList(site, crumbs)),
    ldPost: jsonLdScript(blogPosting(site, post)),
    ldFaq: post.faq.length ? jsonLdScript(faqPage(post.faq)) : '',
  };
  return fillShell(postShell(site, view.modified !== null, post.faq.length > 0, post.photo !== undefined), values);
}

/** The same page rendered by React directly: what the shell must match. */
export function renderPostWithReact(post: Post, site: Site): string {
  const crumbs = breadcrumbs(post.path, site);
  const jsonLd = [
    businessData(site),
    breadcrumbList(site, crumbs),
    blogPosting(site, post),
    ...(post.faq.length ? [faqPage(post.faq)] : []),
  ];
  const body = (
    <PostPage
      site={site}
      view={postView(post)}
      sections={<Sections sections={post.sections} />}
      faq={<Faq items={post.faq} />}
      cover={post.photo && postCover(post.photo)}
    />
  );
  const meta = { ...postMeta(post.path, post), image: shareImage(site, post.photo, post.title) };
  return renderDocument({ site, meta, jsonLd, crumbs, body });
}

/** A post's cover at its top: the page's first image. */
const postCover = (photo: Photo) => pictureHtml(photo, SIZES.hero, true);

function postMeta(path: string, p: { title: string; description: string }): PageMeta {
  return { title: p.title, description: p.description, path };
}

function postShell(site: Site, updated: boolean, faq: boolean, photo: boolean): Shell {
  let bySite = shells.get(site);
  if (!bySite) shells.set(site, (bySite = new Map()));
  const key = `${updated}:${faq}:${photo}`;
  let shell = bySite.get(key);
  if (shell) return shell;
  const path = `/blog/${text('slug')}`; // still starts with /blog/, as the head's choices expect of a post
  const crumbs = breadcrumbs(path, site);
  crumbs[crumbs.length - 1].label = text('crumb');
  const view: PostView = {
    title: text('title'),
    summary: text('summary'),
    published: text('published'),
    publishedLabel: text('publishedLabel'),
    modified: updated ? text('modified') : null,
    modifiedLabel: text('modifiedLabel'),
    minutes: text('minutes'),
  };
  const html = renderDocument({
    site,
    meta: {
      ...postMeta(path, { title: text('title'), description: text('description') }),
      image: { url: text('ogImage'), alt: text('ogImageAlt') },
    },
    title: text('pageTitle'),
    crumbs,
    jsonLd: [businessData(site), raw('ldCrumbs'), raw('ldPost'), ...(faq ? [raw('ldFaq')] : [])],
    body: (
      <PostPage site={site} view={view} sections={raw('sections')} faq={faq ? raw('faq') : null} cover={photo ? raw('cover') : undefined} />
    ),
  });
  shell = compileShell(html);
  bySite.set(key, shell);
  return shell;
}

const cards = new WeakMap<Site, Map<boolean, Shell>>();
function cardShell(site: Site, media: boolean): Shell {
  let bySite = cards.get(site);
  if (!bySite) cards.set(site, (bySite = new Map()));
  let shell = bySite.get(media);
  if (!shell) {
    const post = {
      path: text('path'),
      title: text('title'),
      summary: text('summary'),
      published: text('published'),
      linkLabel: text('linkLabel'),
    };
    shell = compileShell(renderToStaticMarkup(<PostCard post={post} date={text('date')} media={media ? raw('media') : undefined} />));
    bySite.set(media, shell);
  }
  return shell;
}

/** Splits rendered HTML at its markers. */
function compileShell(html: string): Shell {
  const shell: Shell = [];
  let last = 0;
  for (const m of html.matchAll(MARKER)) {
    shell.push(html.slice(last, m.index), { name: m[1] ?? m[2], raw: m[2] !== undefined });
    last = m.index! + m[0].length;
  }
  shell.push(html.slice(last));
  if (shell.some((p) => typeof p === 'string' && /[\uE000-\uE003]/.test(p)))
    throw new Error('shell: a marker was changed by the templates');
  // The markers made the whole string two-byte, and so every slice of it. Pages built from two-byte pieces
  // take V8 twice as long to flatten and encode as UTF-8 when written, so the pieces go back to one byte a character.
  return shell.map((p) => (typeof p === 'string' && /^[\x00-\xff]*$/.test(p) ? Buffer.from(p, 'latin1').toString('latin1') : p));
}

/** Fills a shell's markers with values: text escaped as React escapes it, HTML as it is. */
function fillShell(shell: Shell, values: Record<string, unknown>): string {
  let html = '';
  for (const part of shell) {
    if (typeof part === 'string') html += part;
    else {
      const value = values[part.name];
      if (typeof value !== 'string') throw new Error(`shell: no text for the marker "${part.name}"`);
      html += part.raw ? value : escapeHtml(value);
    }
  }
  return html;
}
