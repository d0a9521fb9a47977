import { kinds } from '../model/kinds.ts';
import type { PageTemplate, Site } from '../model/types.ts';
import { Html } from '../parts/blocks.tsx';
import { Icon } from '../parts/icons.tsx';
import { useStyle } from '../styles.ts';

export function NotFoundPage({ site }: { site: Site }) {
  useStyle('hero', 'band', 'split', 'link-list', 'buttons');
  const p = site.notFound;
  return (
    <>
      <section className="page-hero">
        <div className="container page-hero__inner">
          <p className="eyebrow">{p.eyebrow}</p>
          <h1>{p.h1}</h1>
          <Html as="p" className="lead" html={p.lead} />
          <div className="button-row">
            <a className="btn btn-action btn-lg" href={`tel:${site.business.phoneE164}`}>
              <Icon name="phone" size={20} />
              {site.labels.call}
            </a>
            <a className="btn btn-light btn-lg" href="/">
              {p.homeLink}
            </a>
          </div>
        </div>
      </section>
      <section className="band" aria-labelledby="nf-services">
        <div className="container split">
          <div>
            <h2 id="nf-services">{p.servicesHeading}</h2>
            <ul className="link-list">
              {site.services.map((s) => (
                <li key={s.slug}>
                  <a href={s.path}>{s.name}</a>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2>{p.areasHeading}</h2>
            <ul className="link-list">
              <li>
                <a href={kinds.serviceAreas.path}>{site.labels.allAreas}</a>
              </li>
              {site.cities.map((c) => (
                <li key={c.slug}>
                  <a href={c.path}>{c.name}</a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>
    </>
  );
}

export const notFoundTemplate: PageTemplate = {
  meta: (_, site, path) => ({ title: site.notFound.title, description: site.notFound.description, path, robots: 'noindex' }),
  breadcrumb: false,
  body: (_, site) => <NotFoundPage site={site} />,
};
