// content/pages/home.md → /: the hero, the service cards, the cities, why choose us, reviews and the contact section.
import * as z from 'zod';
import { hint, listItem, phrase, single, text } from '../kind.ts';
import { serviceSlug } from './service.ts';

export const home = single({
  file: 'pages/home.md',
  path: '/',
  editor: { label: 'Home' },
  schema: (slugs) => {
    const service = serviceSlug(slugs);
    return z.strictObject({
      title: text,
      description: text,
      hero: hint(
        z.strictObject({
          eyebrow: text,
          h1: text,
          lead: text,
          estimateLabel: text,
          facts: z.array(z.strictObject({ value: text, label: text })).default([]),
        }),
        'The top of the home page: eyebrow, heading, first paragraph, the estimate button and the facts beside them.',
      ),
      services: hint(
        z.strictObject({
          heading: text,
          intro: text,
          cards: z.array(z.strictObject({ service, description: text, features: z.array(listItem).default([]), learnMore: text })).min(1),
          priceLabel: phrase(['price'], "A card's starting price, for a service that states one."),
        }),
        'The service cards: which services, what each says, its features and link text.',
      ),
      cities: hint(z.strictObject({ heading: text, intro: text }), 'The heading and introduction above the list of cities.'),
      expertise: hint(
        z.strictObject({
          heading: text,
          body: text,
          servicesHeading: text,
          why: z.strictObject({ heading: text, items: z.array(z.strictObject({ title: text, text })).default([]) }),
          citiesHeading: text,
        }),
        'The local-expertise section: its text, the links to services and cities, and why choose us.',
      ),
      about: hint(z.strictObject({ heading: text, body: text, linkLabel: text }), 'The about section on the home page, linking to /about.'),
      reviews: hint(
        z.strictObject({
          heading: text,
          intro: text,
          testimonials: z.array(z.strictObject({ quote: text, name: text, place: text })).length(3),
          starsLabel: hint(text, 'The five stars of each testimonial, as screen readers read them.'),
          reviewLabel: text,
          estimateLabel: text,
        }),
        'The reviews section: three testimonials and the links to leave a review or get an estimate.',
      ),
      contact: hint(
        z.strictObject({
          heading: text,
          intro: text,
          formHeading: text,
          cards: hint(
            z.strictObject({ call: text, email: text, address: text, area: text, hours: text }),
            'The headings of the cards beside the form.',
          ),
          serviceAreaText: text,
          mapQuery: text,
          mapTitle: hint(text, 'The map, as screen readers name it.'),
        }),
        "The contact section with the quote form, and the map's search.",
      ),
    });
  },
  model: (d, t) => ({
    ...d,
    expertise: { ...d.expertise, body: t.block(d.expertise.body, 'expertise.body') },
    about: { ...d.about, body: t.block(d.about.body, 'about.body') },
  }),
});
