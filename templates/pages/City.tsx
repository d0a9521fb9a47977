import type { PageTemplate, City, Site } from '../model.ts';
import { Faq, MapFrame, PageHero, Sections } from '../parts/blocks.tsx';
import { Icon } from '../parts/icons.tsx';
import { RecentWork } from '../parts/jobs.tsx';
import { faqPage, localBusiness, shareImage } from '../seo.ts';

export function CityPage({ site, city: c }: { site: Site; city: City }) {
  const b = site.business;
  const services = new Map(site.services.map((s) => [s.slug, s]));
  const nearby = c.nearby.map((slug) => site.cities.find((x) => x.slug === slug)!);
  const jobs = site.jobs.filter((j) => j.city === c.slug);
  return (
    <>
      <PageHero eyebrow="Service area" title={`Tree Services in ${c.name}, BC`} lead={c.lead} photo={c.photo}>
        <a className="btn btn-action btn-lg" href={`tel:${b.phoneE164}`}>
          <Icon name="phone" size={20} />
          Call {b.phone}
        </a>
        <a className="btn btn-primary btn-lg" href="/#contact">
          Request a Quote Online
        </a>
      </PageHero>
      <section className="band" aria-labelledby="city-services">
        <div className="container">
          <h2 id="city-services">Our services in {c.name}</h2>
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
                    {s.name} in {c.name}
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
              Nearby areas we serve
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
                <a className="chip chip--strong" href="/service-areas">
                  All service areas
                </a>
              </li>
            </ul>
          </div>
        </nav>
      )}
      <Faq items={c.faq} heading={`${c.name} Tree Service FAQ`} />
      <section className="band cta-band" aria-labelledby="city-cta">
        <div className="container cta-band__inner">
          <h2 id="city-cta">Need a tree looked at in {c.name}?</h2>
          <p>Free written quotes from licensed, insured arborists.</p>
          <div className="button-row button-row--center">
            <a className="btn btn-action btn-lg" href={`tel:${b.phoneE164}`}>
              <Icon name="phone" size={20} />
              Call {b.phone}
            </a>
            <a className="btn btn-light btn-lg" href="/#contact">
              Request a Quote Online
            </a>
          </div>
          <p className="cta-band__note">Available 24/7 for emergencies. Same-week appointments for most routine work.</p>
        </div>
      </section>
      <section className="band" aria-labelledby="city-map">
        <div className="container">
          <h2 id="city-map">Where we work in {c.name}</h2>
          <MapFrame query={c.map.query} height={c.map.height} title={`Map of ${c.name}, BC`} />
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
