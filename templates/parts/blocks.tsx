// Building blocks shared by several page templates.
import { createElement, Fragment, type ReactNode } from 'react';
import type { Button, FaqItem, Photo, Section, Service, Site } from '../model/types.ts';
import { PLACEHOLDER } from '../model/words.ts';
import { pictureHtml, SIZES } from '../picture.ts';
import { useStyle } from '../styles.ts';
import { Icon } from './icons.tsx';

const dateFormat = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
/** A day (YYYY-MM-DD) as the site writes it: November 25, 2026. */
export const formatDate = (iso: string) => dateFormat.format(new Date(`${iso}T12:00:00Z`));

/** A phrase of the content with its placeholders filled in by markup: a date in its <time>, a price in <strong>. */
export function Phrase({ text, values }: { text: string; values: Record<string, ReactNode> }): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    if (!(m[1] in values)) continue;
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push(createElement(Fragment, { key: parts.length }, values[m[1]]));
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return createElement(Fragment, null, ...parts);
}

/** A call-to-action. Estimate buttons are links to the contact form until the client turns them into dialog openers. */
export function ActionButton({
  button,
  site,
  descriptor,
  className = '',
}: {
  button: Button;
  site: Site;
  descriptor?: Service['dialog']; // what the estimate dialog shows
  className?: string;
}) {
  useStyle('buttons');
  if (button.action === 'call') {
    return (
      <a className={`btn btn-action ${className}`} href={`tel:${site.business.phoneE164}`}>
        <Icon name="phone" size={18} />
        {button.label}
      </a>
    );
  }
  if (button.action === 'estimate' && descriptor) {
    return (
      <a
        className={`btn btn-primary ${className}`}
        href="/#contact"
        data-estimate={descriptor.title}
        data-estimate-description={descriptor.description}
      >
        {button.label}
      </a>
    );
  }
  return (
    <a className={`btn btn-primary ${className}`} href="/#contact">
      {button.label}
    </a>
  );
}

export function Html({ html, className, as: Tag = 'div' }: { html: string; className?: string; as?: 'div' | 'p' | 'span' }) {
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The Markdown body: one <section> per `##` heading, alternating surfaces. */
export function Sections({ sections, offset = 0 }: { sections: Section[]; offset?: number }) {
  useStyle('band', 'prose');
  return (
    <>
      {sections.map((s, i) => (
        <section key={s.id} className={`band ${(i + offset) % 2 ? 'band--alt' : ''}`} aria-labelledby={s.heading ? s.id : undefined}>
          <div className="container">
            {s.heading && <h2 id={s.id} className="section-title" dangerouslySetInnerHTML={{ __html: s.heading }} />}
            <div className="prose" dangerouslySetInnerHTML={{ __html: s.html }} />
          </div>
        </section>
      ))}
    </>
  );
}

/** FAQ accordion: <details name> opens one item at a time and works without JavaScript. */
export function Faq({ items, heading, group = 'faq' }: { items: FaqItem[]; heading: string; group?: string }) {
  if (!items.length) return null;
  useStyle('band', 'faq', 'prose');
  return (
    <section className="band faq" aria-labelledby="faq-heading">
      <div className="container narrow">
        <h2 id="faq-heading">{heading}</h2>
        <div className="faq__list">
          {items.map((item, i) => (
            <details key={i} className="faq__item" name={group}>
              <summary className="faq__question">
                <span>{item.q}</span>
                <Icon name="chevron" size={20} />
              </summary>
              <div className="faq__answer prose" dangerouslySetInnerHTML={{ __html: item.a }} />
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}

/** The map service's addresses for a place: its embed, loaded only on a press, and its own page, for a new tab. */
export function mapAddresses(query: string) {
  const q = encodeURIComponent(query);
  return { embed: `https://maps.google.com/maps?q=${q}&output=embed`, page: `https://www.google.com/maps/search/?api=1&query=${q}` };
}

/**
 * A map as a first-party placeholder of the frame's size: the place, a button that loads the frame (client/first-visit/page.ts;
 * hidden without JavaScript) and a link to the map service in a new tab. Nothing goes to the map service until the
 * visitor asks. `href` is the link's address when the page has one of its own (the business's map link).
 */
export function MapFrame({
  query,
  height = 360,
  title,
  place,
  href,
  labels,
}: {
  query: string;
  height?: number;
  title: string;
  place: React.ReactNode;
  href?: string;
  labels: Site['labels'];
}) {
  useStyle('map', 'buttons');
  const { embed, page } = mapAddresses(query);
  return (
    <div className={`map map--h${height}`} role="group" aria-label={title} data-map-src={embed} data-map-title={title}>
      <div className="map__placeholder">
        <div className="map__card">
          <p className="map__place">
            <Icon name="pin" size={22} />
            {place}
          </p>
          <p className="map__note">{labels.mapNote}</p>
          <p className="map__actions">
            <button type="button" className="btn btn-primary map__show">
              {labels.mapShow}
            </button>
            <a className="map__open" href={href ?? page} target="_blank" rel="noopener noreferrer">
              {labels.mapOpen}
              <span className="visually-hidden"> {labels.newTab}</span>
            </a>
          </p>
        </div>
      </div>
    </div>
  );
}

export function PageHero({
  eyebrow,
  title,
  lead,
  photo,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead: string;
  photo?: Photo; // beside the heading on wide screens, below it on phones; the page's first image, fetched first
  children?: React.ReactNode;
}) {
  useStyle('hero', 'buttons');
  const text = (
    <>
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h1>{title}</h1>
      <p className="lead">{lead}</p>
      {children && <div className="button-row">{children}</div>}
    </>
  );
  if (!photo)
    return (
      <section className="page-hero">
        <div className="container page-hero__inner">{text}</div>
      </section>
    );
  return (
    <section className="page-hero page-hero--media">
      <div className="container page-hero__inner">
        <div className="page-hero__text">{text}</div>
        <HeroPhoto photo={photo} />
      </div>
    </section>
  );
}

/** A hero's photo: eager and fetched first, since it is what a visitor sees first. */
export function HeroPhoto({ photo, html }: { photo?: Photo; html?: string }) {
  useStyle('hero', 'photos');
  return <div className="page-hero__media" dangerouslySetInnerHTML={{ __html: html ?? pictureHtml(photo!, SIZES.hero, true) }} />;
}

export function ClosingCta({ heading, text, children }: { heading: string; text: string; children: React.ReactNode }) {
  useStyle('band', 'cta-band', 'buttons');
  return (
    <section className="band cta-band" aria-labelledby="closing-heading">
      <div className="container cta-band__inner">
        <h2 id="closing-heading">{heading}</h2>
        <p>{text}</p>
        <div className="button-row button-row--center">{children}</div>
      </div>
    </section>
  );
}

/** Services as chips, each with its icon, linking to its page. */
export function ServiceChips({ services, className = '' }: { services: Service[]; className?: string }) {
  useStyle('chips');
  return (
    <ul className={className ? `chips ${className}` : 'chips'}>
      {services.map((s) => (
        <li key={s.slug}>
          <a className="chip" href={s.path}>
            <Icon name={s.icon} size={16} />
            {s.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
