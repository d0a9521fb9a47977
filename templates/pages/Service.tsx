import type { PageTemplate, Service, Site } from '../model/types.ts';
import { ActionButton, ClosingCta, Faq, PageHero, Sections, ServiceChips } from '../parts/blocks.tsx';
import { RecentWork } from '../parts/jobs.tsx';
import { faqPage, serviceNode, shareImage } from '../seo.ts';
import { fill } from '../model/words.ts';
import { useStyle } from '../styles.ts';

export function ServicePage({ site, service: s }: { site: Site; service: Service }) {
  useStyle('band', 'related');
  return (
    <>
      <PageHero
        eyebrow={s.startingPrice ? fill(site.servicePages.eyebrowWithPrice, { name: s.name, price: `$${s.startingPrice}` }) : s.name}
        title={s.h1}
        lead={s.lead}
        photo={s.photo}
      >
        {s.heroButtons.length > 0 &&
          s.heroButtons.map((b) => <ActionButton key={b.label} button={b} site={site} descriptor={s.dialog} className="btn-lg" />)}
      </PageHero>
      <Sections sections={s.sections} />
      <RecentWork
        site={site}
        jobs={site.jobs.filter((j) => j.services.includes(s.slug))}
        heading={site.recentWork.serviceHeading.replaceAll('{service}', s.name)}
        alt={s.sections.length % 2 === 1}
      />
      <Faq items={s.faq} heading={site.labels.faqHeading} />
      <ClosingCta heading={s.closing.heading} text={s.closing.text}>
        <ActionButton button={s.closing.button} site={site} descriptor={s.dialog} className="btn-lg" />
      </ClosingCta>
      <nav className="band band--alt related" aria-labelledby="related-heading">
        <div className="container">
          <h2 id="related-heading" className="related__heading">
            {site.servicePages.related}
          </h2>
          <ServiceChips services={site.services.filter((o) => o.slug !== s.slug)} />
        </div>
      </nav>
    </>
  );
}

export const serviceTemplate: PageTemplate<Service> = {
  meta: (s, site, path) => ({ title: s.title, description: s.description, path, image: shareImage(site, s.photo, s.title) }),
  jsonLd: (s, site) => [serviceNode(site, s), ...(s.faq.length ? [faqPage(s.faq)] : [])],
  dialog: true,
  body: (s, site) => <ServicePage site={site} service={s} />,
};
