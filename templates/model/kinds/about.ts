// content/pages/about.md → /about: the story (its body), the company's values and its team.
import * as z from 'zod';
import { closingSchema, hint, pageTop, single, text } from '../kind.ts';

export const about = single({
  file: 'pages/about.md',
  path: '/about',
  editor: { label: 'About' },
  body: true,
  schema: () =>
    z.strictObject({
      ...pageTop,
      values: hint(
        z.strictObject({ heading: text, intro: text, items: z.array(z.strictObject({ title: text, text })).length(4) }),
        'The four commitments on the About page.',
      ),
      team: hint(
        z.strictObject({ heading: text, intro: text, members: z.array(z.strictObject({ name: text, role: text, text })).min(1) }),
        'The people on the About page.',
      ),
      closing: closingSchema,
      dialog: z.strictObject({ title: text, description: text.optional() }),
    }),
  model: (d, t) => ({ ...d, sections: t.sections() }),
});
