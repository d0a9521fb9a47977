// content/pages/field-notes.md → /field-notes, /field-notes/page/2, ...: every city, two to a page. A listing kind
// added as its own file (tests/proof/new-kind.test.ts).
import * as z from 'zod';
import { single } from '../kind.ts';
import { hint, pagerWords, phrase, text } from '../fields.ts';

export const fieldNotes = single({
  file: 'pages/field-notes.md',
  path: '/field-notes',
  lists: { field: 'cities', perPage: () => 2, always: true },
  editor: { label: 'Field notes' },
  schema: () =>
    z.strictObject({
      title: text,
      description: text,
      h1: text,
      laterTitle: phrase(['page', 'pages'], 'The title of a later page.'),
      pager: hint(z.strictObject(pagerWords), 'The links to the other pages of field notes.'),
    }),
  model: (d) => d,
});
