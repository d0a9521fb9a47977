// content/pages/thanks.md → /thanks, where a quote request sent without JavaScript lands.
import * as z from 'zod';
import { detourPage, hint, single, text } from '../kind.ts';

export const thanks = single({
  file: 'pages/thanks.md',
  path: '/thanks',
  unlisted: true,
  editor: { label: 'Thanks' },
  schema: () =>
    z.strictObject({
      ...detourPage,
      nextHeading: hint(text, 'The heading over the steps.'),
      visit: hint(
        text,
        'Shown over the steps while the quote forms offer estimate visits (Business settings, Visits): what becomes of the times a visitor chose, and when the office confirms one.',
      ).optional(),
      steps: hint(z.array(z.strictObject({ title: text, text })).min(1), 'What happens next, as numbered steps.'),
    }),
  model: (d, t) => ({ ...d, steps: d.steps.map((s, i) => ({ ...s, text: t.inline(s.text, `steps[${i}].text`) })) }),
});
