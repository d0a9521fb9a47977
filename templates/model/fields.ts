// The pieces the schemas share, in zod: site.yaml's (schemas.ts) and each kind's (kinds/{kind}.ts), with what a field must
// be and the message when it is not.
import * as z from 'zod';
import { PLACEHOLDER } from './words.ts';

// Each object schema checks by zod's general code, not by a function it compiles at the schema's first parse: the
// compiling cost more than it saved (docs/decisions/build-speed.md). Set here, before the first schema is made, as zod
// reads it then: every schema is made of these pieces.
z.config({ jitless: true });

export const text = z
  .string({ error: (i) => (i.input === undefined ? 'is required' : `expected text, got ${describe(i.input)}`) })
  .trim()
  .min(1, 'must not be empty');
function describe(v: unknown): string {
  if (v === null) return 'nothing (null)';
  if (Array.isArray(v)) return 'a list';
  if (v instanceof Date) return 'a date';
  return `a ${typeof v}`;
}
/** A field's hint in the editor at /admin (editor/build/config.ts): what a comment beside it in the file would say. */
export const hint = <T extends z.ZodType>(schema: T, description: string): T => schema.meta({ description }) as T;

/**
 * An item of a list of display text. YAML's inline list `[Crown cleaning, thinning and raising]` splits at every
 * comma, which shows as an item starting in lower case: refused, with the fix.
 */
export const listItem = text.refine((s) => !/^[a-z]/.test(s), {
  error: (i) =>
    `"${i.input}" starts in lower case: in an inline list [a, b] a comma splits an item in two; quote that item ("a, b") or write one item per line (- a, b)`,
});
/**
 * Text with placeholders that the page fills in, like "Our services in {city}": each `{name}` must be one of `names`
 * (the hint lists them). Site-wide tokens such as {{phone}} work here as in every text field.
 */
export function phrase(names: string[], description: string) {
  const list = names.map((n) => `{${n}}`).join(', ');
  return hint(
    text.superRefine((s, ctx) => {
      for (const m of s.matchAll(PLACEHOLDER))
        if (!names.includes(m[1])) ctx.addIssue({ code: 'custom', message: `unknown placeholder {${m[1]}}; this text takes ${list}` });
    }),
    `${description} ${list} ${names.length > 1 ? 'are' : 'is'} filled in.`,
  );
}

/** A page's photo: `image: /images/name.jpg` with `imageAlt:` (`""` only for a purely decorative photo). */
export const photoFields = {
  image: z
    .string()
    .meta({
      cmsWidget: 'image',
      description:
        'A photo as it comes off the phone or camera (JPEG, PNG, WebP or AVIF, any size): the site makes every size it needs. It shows beside the heading, on cards and when the page is shared. Give it alt text below.',
    })
    .optional(),
  imageAlt: hint(
    z.string(),
    'What the photo shows, for people who cannot see it ("A climber lowering a hemlock limb on a rope beside a house"). Needed with every photo: the site is not published without it.',
  ).optional(),
};
export const faqSchema = z.array(z.strictObject({ q: text, a: text })).default([]);
export const buttonSchema = z.strictObject({ action: z.enum(['estimate', 'call', 'contact']), label: text });
export const closingSchema = z.strictObject({ heading: text, text, button: buttonSchema });
/** A page's title and description (for search results) and the heading and first paragraph it opens with. */
export const pageTop = { title: text, description: text, h1: text, lead: text };
/** The words of a listing's pager (templates/parts/Pager.tsx): its name for screen readers, the steps, the numbers. */
export const pagerWords = {
  label: text,
  newer: text,
  older: text,
  stepLabel: phrase(['page'], 'What screen readers hear after Newer and Older.'),
  page: hint(text, 'Read by screen readers before each page number.'),
};
/** The top of a page that sends the visitor on rather than being looked for (404, thanks): its hero and a way home. */
export const detourPage = {
  title: text,
  description: text,
  eyebrow: text,
  h1: text,
  lead: text,
  homeLink: hint(text, 'The button back to the home page.'),
};
// Front matter is read with YAML's core schema, so dates arrive as text and are checked here.
export const isoDate = z
  .string()
  .meta({ cmsWidget: 'date' })
  .transform((s, ctx) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: `expected a date as YYYY-MM-DD, like 2025-03-14, got "${s}"` });
      return z.NEVER;
    }
    const d = new Date(`${s}T00:00:00Z`);
    if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s) {
      ctx.addIssue({ code: 'custom', message: `${s} is not a date: no such month or day` });
      return z.NEVER;
    }
    return s;
  });
/** A moment as a person writes it, `2026-11-24T18:30`, in the company's time zone (site.yaml blog.timeZone). */
export const localDateTime = z
  .string()
  .meta({ cmsWidget: 'datetime' })
  .refine((s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(s), {
    error: (i) => `expected a date and time as YYYY-MM-DDTHH:MM, like 2026-11-24T18:30, got "${i.input}"`,
  })
  .refine(
    (s) => {
      const d = new Date(`${s}:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 16) === s;
    },
    { error: (i) => `${i.input} is not a time: no such month, day, hour or minute` },
  );

/** One of the site's own slugs (`what`: a service, a city), with the valid ones listed when it is not; the editor offers
 *  the entries of its `collection` as they are now (a relation field). */
export function slugOf(what: string, collection: string, slugs: string[]) {
  return z
    .enum(slugs as [string, ...string[]], { error: (i) => `unknown ${what} "${i.input}", expected one of ${slugs.join(', ')}` })
    .meta({ cmsRelation: collection });
}
