import { kinds } from '../model/kinds.ts';
import type { PageTemplate, City, Site } from '../model/types.ts';
import { Faq, MapFrame, PageHero, Sections } from '../parts/blocks.tsx';
import { Icon } from '../parts/icons.tsx';
import { RecentWork } from '../parts/jobs.tsx';
import { faqPage, localBusiness, shareImage } from '../seo.ts';
import { fill } from '../model/words.ts';
import { useStyle } from '../styles.ts';

export function CityPage({ site, city: c }: { site: Site; city: City }) {
  useStyle('band', 'cards', 'service-cards', 'chips', 'related', 'cta-band', 'buttons');
  const b = site.business;
  const w = site.cityPages;
  const city = { city: c.name };
  const services = new Map(site.services.map((s) => [s.slug, s]));
  const nearby = c.nearby.map((slug) => site.cities.find((x) => x.slug === slug)!);
  const jobs = site.jobs.filter((j) => j.city === c.slug);
  return (
    <>
      <PageHero eyebrow={w.eyebrow} title={fill(w.h1, city)} lead={c.lead} photo={c.photo}>
        <a className="btn btn-action btn-lg" href={`tel:${b.phoneE164}`}>
          <Icon name="phone" size={20} />
          {site.labels.call}
        </a>
        <a className="btn btn-primary btn-lg" href="/#contact">
          {site.labels.quote}
        </a>
      </PageHero>
      <section className="band" aria-labelledby="city-services">
        <div className="container">
          <h2 id="city-services">{fill(w.servicesHeading, city)}</h2>
          <ul className="card-grid card-grid--3">
            {c.serviceCards.map((card) => {
              const s = services.get(card.service)!;
              return (
                <li key={card.service} className="card service-card">
                  <span className="service-card__icon">
                    <Icon name={s.icon} size={24} />
                  </span>
                  <h3>{s.name}</h3>
                  <p>{card.text}</p>
                  <a className="text-link" href={s.path}>
                    {fill(w.serviceLink, { service: s.name, city: c.name })}
                    <Icon name="arrow" size={18} />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      </section>
      <RecentWork site={site} jobs={jobs} heading={site.recentWork.cityHeading.replaceAll('{city}', c.name)} alt={true} />
      <Sections sections={c.sections} offset={jobs.length ? 2 : 1} />
      {nearby.length > 0 && (
        <nav className="band band--alt related" aria-labelledby="nearby-heading">
          <div className="container">
            <h2 id="nearby-heading" className="related__heading">
              {w.nearbyHeading}
            </h2>
            <ul className="chips">
              {nearby.map((n) => (
                <li key={n.slug}>
                  <a className="chip" href={n.path}>
                    <Icon name="pin" size={16} />
                    {n.name}
                  </a>
                </li>
              ))}
              <li>
                <a className="chip chip--strong" href={kinds.serviceAreas.path}>
                  {site.labels.allAreas}
                </a>
              </li>
            </ul>
          </div>
        </nav>
      )}
      <Faq items={c.faq} heading={fill(w.faqHeading, city)} />
      <section className="band cta-band" aria-labelledby="city-cta">
        <div className="container cta-band__inner">
          <h2 id="city-cta">{fill(w.closingHeading, city)}</h2>
          <p>{w.closingText}</p>
          <div className="button-row button-row--center">
            <a className="btn btn-action btn-lg" href={`tel:${b.phoneE164}`}>
              <Icon name="phone" size={20} />
              {site.labels.call}
            </a>
            <a className="btn btn-light btn-lg" href="/#contact">
              {site.labels.quote}
            </a>
          </div>
          <p className="cta-band__note">{w.closingNote}</p>
        </div>
      </section>
      <section className="band" aria-labelledby="city-map">
        <div className="container">
          <h2 id="city-map">{fill(w.mapHeading, city)}</h2>
          <MapFrame query={c.map.query} height={c.map.height} title={fill(w.mapTitle, city)} place={c.map.query} labels={site.labels} />
        </div>
      </section>
    </>
  );
}

export const cityTemplate: PageTemplate<City> = {
  meta: (c, site, path) => ({ title: c.title, description: c.description, path, image: shareImage(site, c.photo, c.title) }),
  business: (c, site) => localBusiness(site, c),
  jsonLd: (c) => (c.faq.length ? [faqPage(c.faq)] : []),
  body: (c, site) => <CityPage site={site} city={c} />,
};
