// content/cities/{slug}.md → /service-area/{slug}: one page per city, listed in the menus, on /service-areas and in
// both quote forms.
import * as z from 'zod';
import { collection, entryOrder, entryPage, faqSchema, growth, hint, photoFields, phrase, slugIn, text } from '../kind.ts';
import { serviceSlug } from './service.ts';

export const city = collection({
  folder: 'cities',
  field: 'cities',
  path: (slug) => `/service-area/${slug}`,
  entryPages: true,
  gone: { to: '/service-areas', what: 'city' },
  listed: true,
  counted: true,
  body: true,
  editor: {
    label: 'Service areas',
    singular: 'Service area',
    identify: 'name',
    deletable: true,
    description: `One page per city. ${growth('/service-area/{its name}', '/service-areas')}`,
  },
  /** Its blocks of site.yaml: the order of the cities, and the words every city page shares. */
  settings: {
    cities: entryOrder(
      'new-westminster',
      'The order the site lists the cities in (optional). Each city is an entry under Service areas, and its entry alone makes its page; one not named here comes after these, by name. {{cityCount}} in the copy counts them.',
    ),
    cityPages: z
      .strictObject({
        eyebrow: text,
        h1: phrase(['city'], 'The heading.'),
        servicesHeading: phrase(['city'], 'The heading over the service cards.'),
        serviceLink: phrase(['service', 'city'], "A service card's link."),
        nearbyHeading: text,
        faqHeading: phrase(['city'], 'The heading over the questions and answers.'),
        closingHeading: phrase(['city'], 'The call to action near the end.'),
        closingText: text,
        closingNote: text,
        mapHeading: phrase(['city'], 'The heading over the map.'),
        mapTitle: phrase(['city'], 'The map, as screen readers name it.'),
      })
      .meta({ description: 'The words every city page shares; each city has its own in Service areas.' }),
  },
  schema: (slugs) =>
    z.strictObject({
      name: text,
      title: text,
      description: text,
      lead: text,
      cardSummary: hint(text, 'A sentence or two on the card on the service areas page.').meta({ cmsWidget: 'text' }),
      serviceCards: hint(
        z.array(z.strictObject({ service: serviceSlug(slugs), text })).min(1),
        'The services this city page lists, each with a sentence about the work here.',
      ),
      nearby: hint(z.array(citySlug(slugs)), 'Neighbouring cities this page links to.').default([]),
      map: hint(
        z.strictObject({ query: text, height: z.number().int().min(200).max(800).default(360) }),
        'The map at the end of the page: what to search for, and its height in pixels.',
      ),
      faq: faqSchema,
      ...photoFields,
    }),
  model: ({ image, imageAlt, ...d }, t) => ({
    ...d,
    ...entryPage({ image, imageAlt, ...d }, t),
  }),
});

/** A field naming a city by its slug (a city's neighbours, a job's city). */
export const citySlug = slugIn(city);
