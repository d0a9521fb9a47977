import type { PageTemplate, Site } from '../model/types.ts';
import { Html, PageHero } from '../parts/blocks.tsx';
import { Icon } from '../parts/icons.tsx';
import { fill } from '../model/words.ts';
import { useStyle } from '../styles.ts';

export function ServiceAreasPage({ site }: { site: Site }) {
  useStyle('band', 'cards', 'buttons', 'service-areas');
  const p = site.serviceAreas;
  return (
    <>
      <PageHero title={p.h1} lead={p.lead} />
      {/* with no city left (the build warns), the page is its lead and the block for places without a page */}
      {site.cities.length > 0 && (
        <section className="band" aria-labelledby="areas-heading">
          <div className="container">
            <h2 id="areas-heading" className="visually-hidden">
              {p.listHeading}
            </h2>
            <ul className="area-grid">
              {site.cities.map((c) => (
                <li key={c.slug} className="card area-card reveal">
                  <h3>
                    <Icon name="pin" size={20} />
                    {c.name}
                  </h3>
                  <p>{c.cardSummary}</p>
                  <a className="text-link" href={c.path}>
                    {p.more}
                    <span className="visually-hidden"> {fill(p.moreLabel, { city: c.name })}</span>
                    <Icon name="arrow" size={18} />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
      <section className="band band--alt" aria-labelledby="other-heading">
        <div className="container narrow other-area">
          <h2 id="other-heading">{p.other.heading}</h2>
          <Html as="p" html={p.other.text} />
          <a className="btn btn-primary btn-lg" href="/#contact">
            {p.other.buttonLabel}
          </a>
        </div>
      </section>
    </>
  );
}

export const serviceAreasTemplate: PageTemplate = {
  meta: (_, site, path) => ({ title: site.serviceAreas.title, description: site.serviceAreas.description, path }),
  body: (_, site) => <ServiceAreasPage site={site} />,
};
