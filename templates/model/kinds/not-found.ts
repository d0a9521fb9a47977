// content/pages/404.md → 404.html, what a host answers for an address it has no page for.
import * as z from 'zod';
import { detourPage, hint, single, text } from '../kind.ts';

export const notFound = single({
  file: 'pages/404.md',
  path: '/404',
  unlisted: true,
  editor: { label: 'Page not found (404)' },
  schema: () =>
    z.strictObject({
      ...detourPage,
      servicesHeading: hint(text, 'The heading over the links to every service.'),
      areasHeading: hint(text, 'The heading over the links to every city.'),
    }),
  model: (d, t) => ({ ...d, lead: t.inline(d.lead, 'lead') }),
});
