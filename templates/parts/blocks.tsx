// Building blocks shared by several page templates.
import type { Button, EstimateDescriptor, FaqItem, Section, Site } from '../model.ts';
import { Icon } from './icons.tsx';

/** A call-to-action. Estimate buttons are links to the contact form until the client turns them into dialog openers. */
export function ActionButton({
  button,
  site,
  descriptor,
  className = '',
}: {
  button: Button;
  site: Site;
  descriptor?: EstimateDescriptor;
  className?: string;
}) {
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
export function Faq({
  items,
  heading = 'Frequently Asked Questions',
  group = 'faq',
}: {
  items: FaqItem[];
  heading?: string;
  group?: string;
}) {
  if (!items.length) return null;
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

export function MapFrame({ query, height = 360, title }: { query: string; height?: number; title: string }) {
  const src = `https://maps.google.com/maps?q=${encodeURIComponent(query)}&output=embed`;
  return (
    <div className={`map map--h${height}`}>
      <iframe
        src={src}
        title={title}
        height={height}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
        className="map__frame"
      ></iframe>
    </div>
  );
}

export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead: string;
  children?: React.ReactNode;
}) {
  return (
    <section className="page-hero">
      <div className="container page-hero__inner">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1>{title}</h1>
        <p className="lead">{lead}</p>
        {children && <div className="button-row">{children}</div>}
      </div>
    </section>
  );
}

export function ClosingCta({ heading, text, children }: { heading: string; text: string; children: React.ReactNode }) {
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

/** The fields of both quote forms (spec section 5). Only native validation applies. */
export function QuoteFields({ id, site, services }: { id: string; site: Site; services: string[] }) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-name`}>
          Full Name{' '}
          <span className="req" aria-hidden="true">
            *
          </span>
        </label>
        <input id={`${id}-name`} name="name" type="text" required autoComplete="name" />
      </div>
      <div className="field">
        <label htmlFor={`${id}-phone`}>
          Phone Number{' '}
          <span className="req" aria-hidden="true">
            *
          </span>
        </label>
        <input
          id={`${id}-phone`}
          name="phone"
          type="tel"
          required
          autoComplete="tel"
          placeholder="(xxx) xxx-xxxx"
          aria-describedby={`${id}-phone-hint`}
        />
        <p className="field__hint" id={`${id}-phone-hint`}>
          Format: (xxx) xxx-xxxx
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-area`}>
          Service Area{' '}
          <span className="req" aria-hidden="true">
            *
          </span>
        </label>
        <select id={`${id}-area`} name="serviceArea" required defaultValue="">
          <option value="" disabled>
            Select your city
          </option>
          {site.cities.map((c) => (
            <option key={c.slug} value={c.name}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-service`}>Service Needed</label>
        <select id={`${id}-service`} name="service" defaultValue="">
          <option value="">Select a service (optional)</option>
          {services.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <div className="field field--wide">
        <label htmlFor={`${id}-message`}>Project Details</label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={4}
          placeholder="Tree type, rough size, where it stands, access, anything we should know"
        ></textarea>
      </div>
    </>
  );
}

export function ContactForm({ site }: { site: Site }) {
  const b = site.business;
  return (
    <form
      id="contact-form"
      className="quote-form card"
      action={`mailto:${b.email}?subject=Quote%20request`}
      method="post"
      encType="text/plain"
      data-submit-delay={site.timing.submitDelay}
      data-toast-duration={site.timing.toastContact}
    >
      <p className="form-note">
        Fields marked <span className="req">*</span> are required.
      </p>
      <div className="form-grid">
        <QuoteFields id="contact" site={site} services={site.forms.contactServices} />
      </div>
      <noscript>
        <p className="form-note">JavaScript is off, so sending opens your email app with these details. You can also call {b.phone}.</p>
      </noscript>
      <button type="submit" className="btn btn-action btn-block">
        Get My Free Quote
      </button>
    </form>
  );
}

/** The one estimate dialog. The client fills in the service and opens it with showModal(). */
export function EstimateDialog({ site, pageTitle }: { site: Site; pageTitle: string }) {
  return (
    <dialog
      id="estimate-dialog"
      className="dialog"
      aria-labelledby="estimate-title"
      data-page-title={pageTitle}
      data-preselect={JSON.stringify(site.forms.dialogPreselect)}
      data-submit-delay={site.timing.submitDelay}
      data-toast-duration={site.timing.toastDialog}
    >
      <div className="dialog__head">
        <h2 id="estimate-title">Request Your Free Estimate</h2>
        <button type="button" className="dialog__close" data-dialog-close="" aria-label="Close">
          <Icon name="close" size={22} />
        </button>
      </div>
      <div className="dialog__service">
        <p className="dialog__service-title" id="estimate-service-title"></p>
        <p className="dialog__service-description" id="estimate-service-description"></p>
      </div>
      <form id="estimate-form" className="quote-form" method="dialog">
        <input type="hidden" name="source_page" value="" />
        <p className="form-note">
          Fields marked <span className="req">*</span> are required.
        </p>
        <div className="form-grid">
          <QuoteFields id="estimate" site={site} services={site.forms.dialogServices} />
        </div>
        <button type="submit" className="btn btn-action btn-block">
          Send My Request
        </button>
      </form>
    </dialog>
  );
}
