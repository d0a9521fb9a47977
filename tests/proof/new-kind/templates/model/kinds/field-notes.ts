// content/pages/field-notes.md → /field-notes, /field-notes/page/2, ...: every city, site.yaml's fieldNotes.perPage to
// a page. A listing kind with its own block of site.yaml, added as its own file (tests/proof/new-kind.test.ts).
import * as z from 'zod';
import { hint, pagerWords, phrase, single, text } from '../kind.ts';

export const fieldNotes = single({
  file: 'pages/field-notes.md',
  path: '/field-notes',
  lists: { field: 'cities', perPage: (s) => s.fieldNotesSettings.perPage, always: true },
  editor: { label: 'Field notes' },
  /** Its block of site.yaml, named like the kind. */
  settings: {
    fieldNotes: z
      .strictObject({ perPage: hint(z.number().int().min(1), 'Cities on /field-notes; the rest on its later pages.').default(12) })
      .default({ perPage: 12 })
      .meta({ description: 'Field notes: how many cities /field-notes shows on a page.' }),
  },
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
