import type { PageTemplate, Site } from '../model/types.ts';
import { ActionButton, ClosingCta, PageHero, Sections } from '../parts/blocks.tsx';
import { Icon } from '../parts/icons.tsx';
import { organization } from '../seo.ts';
import { useStyle } from '../styles.ts';

export function AboutPage({ site }: { site: Site }) {
  useStyle('band', 'cards', 'buttons', 'about');
  const a = site.about;
  return (
    <>
      <PageHero title={a.h1} lead={a.lead} />
      <Sections sections={a.sections} />
      <section className="band band--alt" aria-labelledby="values-heading">
        <div className="container">
          <div className="section-head">
            <h2 id="values-heading">{a.values.heading}</h2>
            <p>{a.values.intro}</p>
          </div>
          <ul className="card-grid card-grid--4">
            {a.values.items.map((v) => (
              <li key={v.title} className="card value-card">
                <Icon name="shield" size={24} />
                <h3>{v.title}</h3>
                <p>{v.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="band" aria-labelledby="team-heading">
        <div className="container">
          <div className="section-head">
            <h2 id="team-heading">{a.team.heading}</h2>
            <p>{a.team.intro}</p>
          </div>
          <ul className="card-grid card-grid--3">
            {a.team.members.map((m) => (
              <li key={m.name} className="card team-card">
                <span className="team-card__avatar" aria-hidden="true">
                  {m.name.charAt(0)}
                </span>
                <h3>{m.name}</h3>
                <p className="team-card__role">{m.role}</p>
                <p>{m.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <ClosingCta heading={a.closing.heading} text={a.closing.text}>
        <ActionButton button={a.closing.button} site={site} descriptor={a.dialog} className="btn-lg" />
      </ClosingCta>
    </>
  );
}

export const aboutTemplate: PageTemplate = {
  meta: (_, site, path) => ({ title: site.about.title, description: site.about.description, path }),
  jsonLd: (_, site) => [organization(site)],
  dialog: true,
  body: (_, site) => <AboutPage site={site} />,
};
