// content/pages/service-areas.md → /service-areas: every city's card.
import * as z from 'zod';
import { hint, pageTop, phrase, single, text } from '../kind.ts';

export const serviceAreas = single({
  file: 'pages/service-areas.md',
  path: '/service-areas',
  editor: { label: 'Service areas' },
  schema: () =>
    z.strictObject({
      ...pageTop,
      listHeading: hint(text, 'The heading over the list of cities, for screen readers. {{cityCountWord}} counts them.'),
      more: hint(text, "A city card's link."),
      moreLabel: phrase(['city'], 'What screen readers hear after it.'),
      other: hint(
        z.strictObject({ heading: text, text, buttonLabel: text }),
        '"Don\'t see your area?": the block under the list of cities.',
      ),
    }),
  model: (d, t) => ({ ...d, other: { ...d.other, text: t.inline(d.other.text, 'other.text') } }),
});
