// /field-notes and its later pages: a card for each city on the page, and the pager. A listing kind's component
// (tests/proof/new-kind.test.ts).
import { kinds, pagePath } from '../model/kinds.ts';
import type { City, ListingPage, PageTemplate, Site } from '../model/types.ts';
import { fill } from '../model/words.ts';
import { breadcrumbs } from '../parts/Layout.tsx';
import { Pager } from '../parts/Pager.tsx';
import { useStyle } from '../styles.ts';

const pageHref = pagePath(kinds.fieldNotes.path);
const heading = (site: Site, { page, pages }: ListingPage<City>) =>
  page === 1 ? site.fieldNotes.h1 : fill(site.fieldNotes.laterTitle, { page, pages });

function FieldNotesPage({ site, listing }: { site: Site; listing: ListingPage<City> }) {
  useStyle('hero', 'band', 'cards');
  return (
    <>
      <section className="page-hero">
        <div className="container page-hero__inner">
          <h1>{heading(site, listing)}</h1>
        </div>
      </section>
      <section className="band">
        <div className="container">
          <ul className="card-grid card-grid--3">
            {listing.items.map((city) => (
              <li key={city.slug} className="card">
                <h2>
                  <a href={city.path}>{city.name}</a>
                </h2>
                <p>{city.cardSummary}</p>
              </li>
            ))}
          </ul>
          <Pager page={listing.page} pages={listing.pages} href={pageHref} words={site.fieldNotes.pager} />
        </div>
      </section>
    </>
  );
}

export const fieldNotesTemplate: PageTemplate<ListingPage<City>> = {
  meta: (listing, site, path) => ({ title: heading(site, listing), description: site.fieldNotes.description, path }),
  crumbs: (listing, site, path) => [
    ...breadcrumbs('/', site),
    { label: site.fieldNotes.h1, href: pageHref(1) },
    ...(listing.page > 1 ? [{ label: `${site.fieldNotes.pager.page} ${listing.page}`, href: path }] : []),
  ],
  body: (listing, site) => <FieldNotesPage site={site} listing={listing} />,
};
