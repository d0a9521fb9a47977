import { kinds, pagePath } from '../model/kinds.ts';
import type { ListingPage, PageMeta, PageTemplate, Post, Site } from '../model/types.ts';
import { fill } from '../model/words.ts';
import { Faq, formatDate, HeroPhoto, Html, Phrase, Sections } from '../parts/blocks.tsx';
import { breadcrumbs } from '../parts/Layout.tsx';
import { Icon } from '../parts/icons.tsx';
import { Pager } from '../parts/Pager.tsx';
import { pictureHtml, SIZES } from '../picture.ts';
import { blogPosting, faqPage, shareImage } from '../seo.ts';
import { useStyle } from '../styles.ts';

/** /blog for the first page, /blog/page/N for the others. */
const blogPagePath = pagePath(kinds.blog.path);

/** One entry of the blog index. `media` is the post's cover, as HTML (pictureHtml), when it has one. */
export function PostCard({
  post,
  date,
  media,
}: {
  post: Pick<Post, 'path' | 'title' | 'summary' | 'published' | 'linkLabel'>;
  date: string;
  media?: string;
}) {
  useStyle('cards', 'blog', 'buttons');
  if (media !== undefined) useStyle('photos');
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
export const cardMedia = (post: Pick<Post, 'photo'>) => (post.photo ? pictureHtml(post.photo, SIZES.card) : undefined);

/** A page of the blog index. */
export function BlogPage({ site, listing }: { site: Site; listing: ListingPage<Post> }) {
  const p = site.blog;
  const { page, pages, items: posts } = listing;
  useStyle('hero', 'band', 'cards', 'link-list', 'buttons', 'blog');
  if (page > 1) useStyle('listing'); // its compact hero
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
            <Pager page={page} pages={pages} href={blogPagePath} words={p.pager} />
          </div>
          <aside className="card cta-card" aria-labelledby="blog-cta">
            <h2 id="blog-cta">{p.cta.heading}</h2>
            <p>{p.cta.text}</p>
            <ul className="link-list">
              {services.map((s) => (
                <li key={s.slug}>
                  <a href={s.path}>
                    <Icon name={s.icon} size={18} />
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

/** A post's reading time in minutes, from the words of its sections. */
export function readingMinutes(post: Post): number {
  const words = post.sections.reduce(
    (n, s) =>
      n +
      s.html
        .replace(/<[^>]*>/g, ' ')
        .split(/\s+/)
        .filter(Boolean).length,
    0,
  );
  return Math.max(1, Math.round(words / 220));
}

/** A post's page: its cover beside the title when it has one, its sections and FAQ, and the blog's call to action. */
export function PostPage({ site, post }: { site: Site; post: Post }) {
  useStyle('hero', 'band', 'cta-band', 'chips', 'buttons', 'post');
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
export const blogTemplate: PageTemplate<ListingPage<Post>> = {
  meta: (listing, site, path) => blogMeta(listing, site, path),
  // Home > Blog on the first page; Home > Blog > Page N after it (there is no /blog/page to link)
  crumbs: ({ page }, site, path) => {
    const crumbs = breadcrumbs(kinds.blog.path, site);
    return page === 1 ? crumbs : [...crumbs, { label: fill(site.blog.listing.crumb, { page }), href: path }];
  },
  body: (listing, site) => <BlogPage site={site} listing={listing} />,
};

/** Page 1 is the blog; later pages say which they are, and which posts they hold, so each title and description is its own. */
function blogMeta({ page, pages, items: posts }: ListingPage<Post>, site: Site, path: string): PageMeta {
  const w = site.blog.listing;
  if (page === 1) return { title: site.blog.title, description: site.blog.description, path };
  const newest = formatDate(posts[0].published);
  const oldest = formatDate(posts[posts.length - 1].published);
  const dates = newest === oldest ? fill(w.oneDay, { date: newest }) : fill(w.dateRange, { oldest, newest });
  return { title: fill(w.laterTitle, { page, pages }), description: fill(w.laterDescription, { page, pages, dates }), path };
}

/** A post's page. */
export const postTemplate: PageTemplate<Post> = {
  meta: (p, site, path) => ({
    title: p.title,
    description: p.description,
    path,
    type: 'article',
    image: shareImage(site, p.photo, p.title),
  }),
  jsonLd: (p, site) => [blogPosting(site, p), ...(p.faq.length ? [faqPage(p.faq)] : [])],
  body: (p, site) => <PostPage site={site} post={p} />,
};
