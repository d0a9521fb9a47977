import { kinds } from '../model/kinds.ts';
import type { PageTemplate, Site } from '../model/types.ts';
import { Icon } from '../parts/icons.tsx';
import { Html, MapFrame, Phrase } from '../parts/blocks.tsx';
import { ContactForm } from '../parts/forms.tsx';
import { breadcrumbList, localBusiness } from '../seo.ts';
import { useStyle } from '../styles.ts';

export function HomePage({ site }: { site: Site }) {
  useStyle('home', 'band', 'split', 'cards', 'service-cards', 'chips', 'link-list', 'prose', 'buttons');
  const h = site.home;
  const b = site.business;
  const byslug = new Map(site.services.map((s) => [s.slug, s]));
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="eyebrow">{h.hero.eyebrow}</p>
            <h1 id="hero-title">{h.hero.h1}</h1>
            <p className="lead">{h.hero.lead}</p>
            <div className="button-row">
              <a className="btn btn-action btn-lg" href={`tel:${b.phoneE164}`}>
                <Icon name="phone" size={20} />
                {site.labels.call}
              </a>
              <a className="btn btn-light btn-lg" href="#contact">
                {h.hero.estimateLabel}
              </a>
            </div>
          </div>
          <HeroArt />
        </div>
        <div className="container">
          <ul className="facts">
            {h.hero.facts.map((f) => (
              <li key={f.label}>
                <strong>{f.value}</strong> {f.label}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="band" aria-labelledby="services-heading">
        <div className="container">
          <div className="section-head">
            <h2 id="services-heading">{h.services.heading}</h2>
            <p>{h.services.intro}</p>
          </div>
          <ul className="card-grid card-grid--4">
            {h.services.cards.map((c) => {
              const s = byslug.get(c.service)!;
              return (
                <li key={c.service} className="card service-card">
                  <span className="service-card__icon">
                    <Icon name={s.icon} size={26} />
                  </span>
                  <h3>{s.name}</h3>
                  <p>{c.description}</p>
                  <ul className="checklist">
                    {c.features.map((f) => (
                      <li key={f}>
                        <Icon name="check" size={18} />
                        {f}
                      </li>
                    ))}
                  </ul>
                  {s.startingPrice && (
                    <p className="price">
                      <Phrase text={h.services.priceLabel} values={{ price: <strong>${s.startingPrice}</strong> }} />
                    </p>
                  )}
                  <a className="text-link" href={s.path}>
                    {c.learnMore}
                    <Icon name="arrow" size={18} />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      {/* the cities band lists cities only: with none left (the build warns) it is left out */}
      {site.cities.length > 0 && (
        <section className="band band--alt" aria-labelledby="cities-heading">
          <div className="container">
            <div className="section-head">
              <h2 id="cities-heading">{h.cities.heading}</h2>
              <p>{h.cities.intro}</p>
            </div>
            <ul className="chips">
              {site.cities.map((c) => (
                <li key={c.slug}>
                  <a className="chip" href={c.path}>
                    <Icon name="pin" size={16} />
                    {c.name}
                  </a>
                </li>
              ))}
              <li>
                <a className="chip chip--strong" href={kinds.serviceAreas.path}>
                  {site.labels.allAreas}
                  <Icon name="arrow" size={16} />
                </a>
              </li>
            </ul>
          </div>
        </section>
      )}

      <section className="band" aria-labelledby="expertise-heading">
        <div className="container">
          <div className="split">
            <div className="prose">
              <h2 id="expertise-heading">{h.expertise.heading}</h2>
              <Html html={h.expertise.body} />
              <h3>{h.expertise.servicesHeading}</h3>
              <ul className="link-list link-list--2">
                {site.services.map((s) => (
                  <li key={s.slug}>
                    <a href={s.path}>{s.name}</a>
                  </li>
                ))}
              </ul>
              {site.cities.length > 0 && (
                <>
                  <h3>{h.expertise.citiesHeading}</h3>
                  <ul className="link-list link-list--3">
                    {site.cities.map((c) => (
                      <li key={c.slug}>
                        <a href={c.path}>{c.name}</a>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </div>
            <div className="card why">
              <h3>{h.expertise.why.heading}</h3>
              <ul className="why__list">
                {h.expertise.why.items.map((w) => (
                  <li key={w.title}>
                    <Icon name="shield" size={22} />
                    <div>
                      <strong>{w.title}</strong>
                      <p>{w.text}</p>
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </section>

      <section className="band band--alt" aria-labelledby="about-heading">
        <div className="container narrow prose">
          <h2 id="about-heading">{h.about.heading}</h2>
          <Html html={h.about.body} />
          <p>
            <a className="text-link" href={kinds.about.path}>
              {h.about.linkLabel}
              <Icon name="arrow" size={18} />
            </a>
          </p>
        </div>
      </section>

      <section className="band band--brand" aria-labelledby="reviews-heading">
        <div className="container">
          <div className="section-head">
            <h2 id="reviews-heading">{h.reviews.heading}</h2>
            <p>{h.reviews.intro}</p>
          </div>
          <ul className="card-grid card-grid--3">
            {h.reviews.testimonials.map((t) => (
              <li key={t.name} className="card testimonial">
                <figure>
                  <span className="stars" role="img" aria-label={h.reviews.starsLabel}>
                    {[1, 2, 3, 4, 5].map((i) => (
                      <Icon key={i} name="star" size={18} />
                    ))}
                  </span>
                  <blockquote>
                    <p>{t.quote}</p>
                  </blockquote>
                  <figcaption>
                    {t.name}, <span>{t.place}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
          <div className="button-row button-row--center">
            <a className="btn btn-light" href={b.reviewUrl} target="_blank" rel="noopener noreferrer">
              {h.reviews.reviewLabel}
              <span className="visually-hidden"> {site.labels.newTab}</span>
            </a>
            <a className="btn btn-action" href="#contact">
              {h.reviews.estimateLabel}
            </a>
          </div>
        </div>
      </section>

      <section id="contact" className="band contact" aria-labelledby="contact-heading">
        <div className="container">
          <div className="section-head">
            <h2 id="contact-heading">{h.contact.heading}</h2>
            <p>{h.contact.intro}</p>
          </div>
          <div className="contact__grid">
            <div>
              <h3 className="form-title">{h.contact.formHeading}</h3>
              <ContactForm site={site} path="/" />
            </div>
            <ul className="contact__cards">
              <li className="card info-card">
                <Icon name="phone" size={22} />
                <div>
                  <h3>{h.contact.cards.call}</h3>
                  <a href={`tel:${b.phoneE164}`}>{b.phone}</a>
                </div>
              </li>
              <li className="card info-card">
                <Icon name="mail" size={22} />
                <div>
                  <h3>{h.contact.cards.email}</h3>
                  <a href={`mailto:${b.email}`}>{b.email}</a>
                </div>
              </li>
              <li className="card info-card">
                <Icon name="pin" size={22} />
                <div>
                  <h3>{h.contact.cards.address}</h3>
                  <a href={b.mapUrl} target="_blank" rel="noopener noreferrer">
                    {b.address.street}, {b.address.city}, {b.address.region} {b.address.postalCode}
                    <span className="visually-hidden"> {site.labels.mapNewTab}</span>
                  </a>
                </div>
              </li>
              <li className="card info-card">
                <Icon name="tree" size={22} />
                <div>
                  <h3>{h.contact.cards.area}</h3>
                  <p>{h.contact.serviceAreaText}</p>
                </div>
              </li>
              <li className="card info-card">
                <Icon name="clock" size={22} />
                <div>
                  <h3>{h.contact.cards.hours}</h3>
                  <p>{b.hours}</p>
                </div>
              </li>
            </ul>
          </div>
          <MapFrame
            query={h.contact.mapQuery}
            title={h.contact.mapTitle}
            place={
              <>
                {b.address.street}
                <br />
                {b.address.city}, {b.address.region} {b.address.postalCode}
              </>
            }
            href={b.mapUrl}
            labels={site.labels}
          />
        </div>
      </section>
    </>
  );
}

/** Decorative conifer-and-maple skyline in place of a photo. */
function HeroArt() {
  return (
    <svg className="hero__art" viewBox="0 0 360 300" width="360" height="300" aria-hidden="true" focusable="false">
      <circle cx="250" cy="90" r="54" fill="#f59e0b" opacity=".9" />
      <path d="M0 250 Q90 205 180 232 T360 220 V300 H0Z" fill="#2f6b4a" />
      <g fill="#173b29">
        <path d="M70 250 L100 120 L130 250Z" />
        <path d="M78 200 L100 95 L122 200Z" />
        <path d="M86 150 L100 70 L114 150Z" />
        <path d="M150 255 L172 160 L194 255Z" />
        <path d="M157 210 L172 130 L187 210Z" />
        <path d="M280 250 L305 150 L330 250Z" />
        <path d="M287 205 L305 120 L323 205Z" />
      </g>
      <g fill="#3d8a5f">
        <circle cx="232" cy="196" r="34" />
        <circle cx="210" cy="214" r="24" />
        <circle cx="256" cy="216" r="24" />
      </g>
      <rect x="229" y="222" width="7" height="34" fill="#5b3a1e" />
      <path d="M0 276 Q120 258 240 272 T360 266 V300 H0Z" fill="#1f4d36" />
    </svg>
  );
}

export const homeTemplate: PageTemplate = {
  meta: (_, site) => ({ title: site.home.title, description: site.home.description, path: '/' }),
  breadcrumb: false, // no visible trail on the home page, but its one-item list is still structured data
  business: (_, site) => localBusiness(site),
  form: true,
  jsonLd: (_, site) => [breadcrumbList(site, [{ label: site.labels.home, href: '/' }])],
  body: (_, site) => <HomePage site={site} />,
};
