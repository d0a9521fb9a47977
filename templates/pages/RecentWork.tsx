import { kinds, pagePath } from '../model/kinds.ts';
import type { Job, ListingPage, PageTemplate, Site } from '../model/types.ts';
import { JobCard } from '../parts/jobs.tsx';
import { breadcrumbs } from '../parts/Layout.tsx';
import { Pager } from '../parts/Pager.tsx';
import { useStyle } from '../styles.ts';

/** /recent-work for the first page, /recent-work/page/N for the others. */
const recentWorkPagePath = pagePath(kinds.recentWork.path);
type JobListing = ListingPage<Job>;

/** A later page's title: the content's pattern with its numbers. */
const pagedTitle = (site: Site, { page, pages }: JobListing) =>
  site.recentWork.pager.pagedTitle.replaceAll('{page}', String(page)).replaceAll('{pages}', String(pages));

export function RecentWorkPage({ site, listing }: { site: Site; listing: JobListing }) {
  useStyle('hero', 'band', 'cards', 'buttons');
  if (listing.page > 1) useStyle('listing'); // its compact hero
  const p = site.recentWork;
  return (
    <>
      <section className={`page-hero${listing.page > 1 ? ' page-hero--compact' : ''}`}>
        <div className="container page-hero__inner">
          <h1>{listing.page === 1 ? p.h1 : pagedTitle(site, listing)}</h1>
          {listing.page === 1 && <p className="lead">{p.lead}</p>}
        </div>
      </section>
      <section className="band" aria-label={p.h1}>
        <div className="container">
          <ul className="card-grid card-grid--3">
            {listing.items.map((job) => (
              <JobCard key={job.slug} job={job} site={site} level="h2" />
            ))}
          </ul>
          <Pager page={listing.page} pages={listing.pages} href={recentWorkPagePath} words={p.pager} />
        </div>
      </section>
    </>
  );
}

/** /recent-work and its later pages: the jobs, newest first. */
export const recentWorkTemplate: PageTemplate<JobListing> = {
  meta: (listing, site, path) => {
    const p = site.recentWork;
    if (listing.page === 1) return { title: p.title, description: p.description, path };
    const title = pagedTitle(site, listing);
    return { title, description: `${title}: ${p.description}`, path };
  },
  crumbs: (listing, site, path) => [
    ...breadcrumbs('/', site), // Home
    { label: site.recentWork.h1, href: recentWorkPagePath(1) },
    ...(listing.page > 1 ? [{ label: `${site.recentWork.pager.page} ${listing.page}`, href: path }] : []),
  ],
  body: (listing, site) => <RecentWorkPage site={site} listing={listing} />,
};
