// content/services/{slug}.md → /{slug}: one page per service, listed in the menus, the footer and both quote forms.
import * as z from 'zod';
import { SERVICE_ICONS } from '../constants.ts';
import {
  buttonSchema,
  closingSchema,
  collection,
  entryOrder,
  entryPage,
  faqSchema,
  growth,
  hint,
  photoFields,
  phrase,
  slugIn,
  text,
} from '../kind.ts';

export const service = collection({
  folder: 'services',
  field: 'services',
  path: (slug) => `/${slug}`,
  entryPages: true,
  gone: { to: '/#services-heading', what: 'service' },
  listed: true,
  counted: true,
  body: true,
  editor: {
    label: 'Services',
    singular: 'Service',
    identify: 'name',
    deletable: true,
    description: `One page per service. ${growth('/{its name}', 'the services on the home page')}`,
  },
  /** Its blocks of site.yaml: the order of the services, and the words every service page shares. */
  settings: {
    services: entryOrder(
      'tree-removal',
      'The order of the services in the menus (optional). Each service is an entry under Services, and its entry alone makes its page; one not named here comes after these, by name.',
    ),
    servicePages: z
      .strictObject({
        eyebrowWithPrice: phrase(['name', 'price'], 'The line over the heading of a service with a starting price.'),
        related: hint(text, 'The heading over the links to the other services.'),
      })
      .meta({ description: 'The words every service page shares; each page has its own in Services.' }),
  },
  schema: () =>
    z.strictObject({
      name: text,
      icon: hint(
        z.enum(SERVICE_ICONS),
        "The picture beside the name in the menus, on cards and on its chips, from the site's own set (a leaf if none is chosen).",
      ).default('leaf'),
      title: text,
      description: text,
      h1: text,
      lead: text,
      summary: text,
      breadcrumb: hint(text, 'The last step of the breadcrumb, when it should differ from the name.').optional(),
      startingPrice: hint(z.number().int().positive(), 'The "from $" price, in dollars, whole; leave empty to state none.').optional(),
      dialog: z.strictObject({ title: text, description: text.optional() }),
      heroButtons: hint(
        z.array(buttonSchema),
        'The buttons beside the heading: estimate opens the dialog, call dials the phone, contact goes to the quote form.',
      ).default([]),
      faq: faqSchema,
      closing: closingSchema,
      ...photoFields,
    }),
  model: ({ image, imageAlt, ...d }, t) => ({
    ...d,
    ...entryPage({ image, imageAlt, ...d }, t),
  }),
  quoteOption: (s) => ({ name: s.name, dialogTitle: s.dialog.title }),
});

/** A field naming a service by its slug (a city's service cards, a job's services). */
export const serviceSlug = slugIn(service);
