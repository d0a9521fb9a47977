import type { BlogListing, PageMeta, PageTemplate, PagerWords, Post, PostSummary, Site } from '../model.ts';
import { Icon } from '../parts/icons.tsx';
import { Faq, HeroPhoto, Html, Sections } from '../parts/blocks.tsx';
import { pictureHtml, SIZES } from '../picture.ts';
import { breadcrumbs } from '../render.tsx';
import { blogPosting, faqPage, shareImage } from '../seo.ts';
import { fill, Phrase } from '../words.ts';

// One formatter for every date, and each date formatted once: a large blog has many posts per day.
const dateFormat = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const formatted = new Map<string, string>();
export function formatDate(iso: string): string {
  let label = formatted.get(iso);
  if (label === undefined) formatted.set(iso, (label = dateFormat.format(new Date(`${iso}T12:00:00Z`))));
  return label;
}

/** Words in an HTML fragment: runs of characters outside tags, split by white space and by tags. One pass, no
 *  intermediate strings: on a large blog, the replace-and-split version was a tenth of the build. */
export function countWords(html: string): number {
  let words = 0;
  let inWord = false;
  let inTag = false;
  for (let i = 0; i < html.length; i++) {
    const c = html.charCodeAt(i);
    if (inTag) {
      if (c === 62 /* > */) inTag = false;
    } else if (c === 60 /* < */ && html.charCodeAt(i + 1) !== 62 && html.indexOf('>', i + 2) !== -1) {
      inTag = true;
      inWord = false;
    } else if (isSpace(c)) {
      inWord = false;
    } else if (!inWord) {
      inWord = true;
      words++;
    }
  }
  return words;
}

/** What \s matches in a JavaScript regular expression. */
function isSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    (c > 127 &&
      (c === 0xa0 ||
        c === 0x1680 ||
        (c >= 0x2000 && c <= 0x200a) ||
        c === 0x2028 ||
        c === 0x2029 ||
        c === 0x202f ||
        c === 0x205f ||
        c === 0x3000 ||
        c === 0xfeff))
  );
}

/** One entry of the blog index. `media` is the post's cover, as HTML (pictureHtml), when it has one. */
export function PostCard({
  post,
  date,
  media,
}: {
  post: Pick<PostSummary, 'path' | 'title' | 'summary' | 'published' | 'linkLabel'>;
  date: string;
  media?: string;
}) {
  const body = (
    <>
      <p className="post-card__date">
        <time dateTime={post.published}>{date}</time>
      </p>
      <h3>
        <a href={post.path}>{post.title}</a>
      </h3>
      <p>{post.summary}</p>
      <a className="text-link" href={post.path} aria-hidden="true" tabIndex={-1}>
        {post.linkLabel}
        <Icon name="arrow" size={18} />
      </a>
    </>
  );
  if (media === undefined) return <li className="card post-card">{body}</li>;
  return (
    <li className="card post-card post-card--media">
      <div className="post-card__media" dangerouslySetInnerHTML={{ __html: media }} />
      <div className="post-card__body">{body}</div>
    </li>
  );
}

/** A card's cover photo, lazy: the list runs below the fold. */
export const cardMedia = (post: Pick<PostSummary, 'photo'>) => (post.photo ? pictureHtml(post.photo, SIZES.card) : undefined);

/** A page of the blog index. */
export function BlogPage({ site, listing }: { site: Site; listing: BlogListing }) {
  const p = site.blog;
  const { page, pages, posts } = listing;
  const services = p.cta.links.map((slug) => site.services.find((s) => s.slug === slug)!);
  return (
    <>
      {page === 1 ? (
        <section className="page-hero blog-banner">
          <div className="container page-hero__inner">
            <p className="eyebrow rise rise--1">{p.banner.eyebrow}</p>
            <h1 className="rise rise--2">{p.h1}</h1>
            <p className="lead rise rise--3">{p.banner.lead}</p>
          </div>
        </section>
      ) : (
        <section className="page-hero page-hero--compact">
          <div className="container page-hero__inner">
            <h1>
              {p.h1}
              <span className="page-hero__sub">
                <span className="visually-hidden">, </span>
                {fill(p.listing.pageOf, { page, pages })}
              </span>
            </h1>
          </div>
        </section>
      )}
      <section className="band" aria-labelledby="posts-heading">
        <div className="container blog-layout">
          <div>
            <h2 id="posts-heading">{page === 1 ? p.listing.latest : p.listing.older}</h2>
            {posts.length ? (
              <ul className="post-list">
                {posts.map((post) => (
                  <PostCard key={post.slug} post={post} date={formatDate(post.published)} media={cardMedia(post)} />
                ))}
              </ul>
            ) : (
              <Html as="p" className="empty-note" html={p.listing.empty} />
            )}
            <Pager page={page} pages={pages} words={p.pager} />
          </div>
          <aside className="card cta-card" aria-labelledby="blog-cta">
            <h2 id="blog-cta">{p.cta.heading}</h2>
            <p>{p.cta.text}</p>
            <ul className="link-list">
              {services.map((s) => (
                <li key={s.slug}>
                  <a href={s.path}>
                    <Icon name={s.slug} size={18} />
                    {s.name}
                  </a>
                </li>
              ))}
            </ul>
            <a className="btn btn-action btn-block" href={`tel:${site.business.phoneE164}`}>
              <Icon name="phone" size={18} />
              {site.labels.call}
            </a>
          </aside>
        </div>
      </section>
    </>
  );
}

/**
 * Which page numbers the pager shows: the first and last, the current one and its neighbours; `null` is a gap
 * (an ellipsis). A gap that would hide a single page shows that page instead.
 */
export function pagerItems(page: number, pages: number): (number | null)[] {
  const shown = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const items: (number | null)[] = [];
  for (const n of sorted) {
    const prev = items.length ? (items[items.length - 1] as number) : 0;
    if (n - prev === 2) items.push(prev + 1);
    else if (n - prev > 2) items.push(null);
    items.push(n);
  }
  return items;
}

/** A numbered pager of a listing (the blog, recent work): newer and older pages, every page reachable, the current one
 *  marked; `words` are the listing page's own (its content file's `pager:`). */
export function Pager({
  page,
  pages,
  href = blogPagePath,
  words: w,
}: {
  page: number;
  pages: number;
  href?: (page: number) => string;
  words: PagerWords;
}) {
  if (pages < 2) return null;
  return (
    <nav className="pager" aria-label={w.label}>
      <ul>
        {page > 1 && (
          <li>
            <a className="pager__step" href={href(page - 1)} rel="prev">
              <span aria-hidden="true">←</span> {w.newer}
              <span className="visually-hidden"> {fill(w.stepLabel, { page: page - 1 })}</span>
            </a>
          </li>
        )}
        {pagerItems(page, pages).map((n, i) =>
          n === null ? (
            <li key={`gap${i}`} className="pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span className="pager__page" aria-current="page">
                  <span className="visually-hidden">{`${w.page} `}</span>
                  {n}
                </span>
              ) : (
                <a className="pager__page" href={href(n)}>
                  <span className="visually-hidden">{`${w.page} `}</span>
                  {n}
                </a>
              )}
            </li>
          ),
        )}
        {page < pages && (
          <li>
            <a className="pager__step" href={href(page + 1)} rel="next">
              {w.older}
              <span className="visually-hidden"> {fill(w.stepLabel, { page: page + 1 })}</span> <span aria-hidden="true">→</span>
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** /blog for the first page, /blog/page/N for the others. */
export const blogPagePath = (page: number) => (page === 1 ? '/blog' : `/blog/page/${page}`);

/** A post's reading time in minutes, from the words of its sections. */
export function readingMinutes(post: Post): number {
  const words = post.sections.reduce((n, s) => n + countWords(s.html), 0);
  return Math.max(1, Math.round(words / 220));
}

/** A post's page: its cover beside the title when it has one, its sections and FAQ, and the blog's call to action. */
export function PostPage({ site, post }: { site: Site; post: Post }) {
  const c = site.blog.postCta;
  const w = site.blog.post;
  const updated = post.modified !== post.published;
  const heading = (
    <>
      <p className="eyebrow">{w.eyebrow}</p>
      <h1>{post.title}</h1>
      <p className="lead">{post.summary}</p>
      <p className="post-meta">
        <Phrase text={w.published} values={{ date: <time dateTime={post.published}>{formatDate(post.published)}</time> }} />
        {updated && (
          <>
            {' · '}
            <Phrase text={w.updated} values={{ date: <time dateTime={post.modified}>{formatDate(post.modified)}</time> }} />
          </>
        )}
        {' · '}
        {fill(w.readingTime, { minutes: readingMinutes(post) })}
      </p>
    </>
  );
  return (
    <article>
      {post.photo === undefined ? (
        <header className="page-hero">
          <div className="container page-hero__inner">{heading}</div>
        </header>
      ) : (
        <header className="page-hero page-hero--media">
          <div className="container page-hero__inner">
            <div className="page-hero__text">{heading}</div>
            <HeroPhoto photo={post.photo} />
          </div>
        </header>
      )}
      <Sections sections={post.sections} />
      <Faq items={post.faq} heading={site.labels.faqHeading} />
      <section className="band cta-band" aria-labelledby="post-cta">
        <div className="container cta-band__inner">
          <h2 id="post-cta">{c.heading}</h2>
          <p>{c.text}</p>
          <ul className="chips chips--center">
            {c.links.map((l) => (
              <li key={l.href}>
                <a className="chip" href={l.href}>
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
          <div className="button-row button-row--center">
            <a className="btn btn-action btn-lg" href={`tel:${site.business.phoneE164}`}>
              <Icon name="phone" size={20} />
              {site.labels.call}
            </a>
          </div>
        </div>
      </section>
    </article>
  );
}

/** A page of the blog index: /blog, then /blog/page/2, 3, ... */
export const blogTemplate: PageTemplate<BlogListing> = {
  meta: (listing, site, path) => blogMeta(listing, site, path),
  // Home > Blog on the first page; Home > Blog > Page N after it (there is no /blog/page to link)
  crumbs: ({ page }, site, path) => {
    const crumbs = breadcrumbs('/blog', site);
    return page === 1 ? crumbs : [...crumbs, { label: fill(site.blog.listing.crumb, { page }), href: path }];
  },
  body: (listing, site) => <BlogPage site={site} listing={listing} />,
};

/** Page 1 is the blog; later pages say which they are, and which posts they hold, so each title and description is its own. */
function blogMeta({ page, pages, posts }: BlogListing, site: Site, path: string): PageMeta {
  const w = site.blog.listing;
  if (page === 1) return { title: site.blog.title, description: site.blog.description, path };
  const newest = formatDate(posts[0].published);
  const oldest = formatDate(posts[posts.length - 1].published);
  const dates = newest === oldest ? fill(w.oneDay, { date: newest }) : fill(w.dateRange, { oldest, newest });
  return { title: fill(w.laterTitle, { page, pages }), description: fill(w.laterDescription, { page, pages, dates }), path };
}

/** A post's page. The route table lists summaries; the post pipeline renders each page from the whole post. */
export const postTemplate: PageTemplate<PostSummary | Post> = {
  meta: (p, site, path) => ({ title: p.title, description: p.description, path, image: shareImage(site, p.photo, p.title) }),
  jsonLd: (p, site) => {
    const post = wholePost(p);
    return [blogPosting(site, post), ...(post.faq.length ? [faqPage(post.faq)] : [])];
  },
  body: (p, site) => <PostPage site={site} post={wholePost(p)} />,
};

function wholePost(post: PostSummary | Post): Post {
  if (!('sections' in post)) throw new Error(`${post.path}: a post page renders from the whole post, not its summary`);
  return post;
}
