import type { PageTemplate, Site } from '../model/types.ts';
import { Html, PageHero } from '../parts/blocks.tsx';
import { Icon } from '../parts/icons.tsx';
import { useStyle } from '../styles.ts';

/** Where a quote request sent without JavaScript lands (the form's own address for it after the form service). */
export function ThanksPage({ site }: { site: Site }) {
  useStyle('band', 'prose', 'buttons');
  const t = site.thanks;
  const b = site.business;
  return (
    <>
      <PageHero eyebrow={t.eyebrow} title={t.h1} lead={t.lead}>
        <a className="btn btn-action btn-lg" href={`tel:${b.phoneE164}`}>
          <Icon name="phone" size={20} />
          {site.labels.call}
        </a>
        <a className="btn btn-light btn-lg" href="/">
          {t.homeLink}
        </a>
      </PageHero>
      <section className="band" aria-labelledby="thanks-next">
        <div className="container prose">
          <h2 id="thanks-next">{t.nextHeading}</h2>
          {site.visits && t.visit && <p>{t.visit}</p>}
          <ol className="steps">
            {t.steps.map((s) => (
              <li key={s.title}>
                <strong>{s.title}.</strong> <Html as="span" html={s.text} />
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}

/** noindex, and not in the route table: no menu, sitemap or search result points at it. */
export const thanksTemplate: PageTemplate = {
  meta: (_, site, path) => ({ title: site.thanks.title, description: site.thanks.description, path, robots: 'noindex' }),
  breadcrumb: false,
  body: (_, site) => <ThanksPage site={site} />,
};
