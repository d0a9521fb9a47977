// The schema of every content file, in zod: what each field must be, and the message when it is not.
// A page kind's own schema sits with its loader in generator/pages.ts; here are the site config and shared parts.
import { z } from 'zod';

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
/**
 * An item of a list of display text. YAML's inline list `[Crown cleaning, thinning and raising]` splits at every
 * comma, which shows as an item starting in lower case: refused, with the fix.
 */
export const listItem = text.refine((s) => !/^[a-z]/.test(s), {
  error: (i) =>
    `"${i.input}" starts in lower case: in an inline list [a, b] a comma splits an item in two; quote that item ("a, b") or write one item per line (- a, b)`,
});
export const faqSchema = z.array(z.strictObject({ q: text, a: text })).default([]);
export const buttonSchema = z.strictObject({ action: z.enum(['estimate', 'call', 'contact']), label: text });
export const closingSchema = z.strictObject({ heading: text, text, button: buttonSchema });
// Front matter is read with YAML's core schema, so dates arrive as text and are checked here.
export const isoDate = z.string().transform((s, ctx) => {
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
export const siteSchema = z.strictObject({
  business: z.strictObject({
    name: text,
    phone: text,
    phoneE164: z.string().regex(/^\+\d{8,15}$/, 'expected an E.164 number like +16045550142'),
    email: z.email(),
    address: z.strictObject({ street: text, city: text, region: text, postalCode: text, country: text }),
    mapUrl: z.url(),
    reviewUrl: z.url(),
    origin: z.url().regex(/^https?:\/\/[^/]+$/, 'expected an origin without a path, like https://example.com'),
    hours: text,
    openingHours: text,
    priceRange: text,
    foundedClaim: text.optional(),
    extraAreasServed: z.array(listItem).default([]),
  }),
  cities: z.array(z.string().regex(/^[a-z0-9-]+$/, 'expected a slug like new-westminster')).min(1),
  services: z.array(z.string().regex(/^[a-z0-9-]+$/, 'expected a slug like tree-removal')).min(1),
  forms: z.strictObject({
    contactServices: z.array(listItem).min(1),
    dialogServices: z.array(listItem).min(1),
    dialogPreselect: z.record(z.string(), z.string()).default({}),
  }),
  redirects: z.array(
    z.strictObject({
      from: z.string().regex(/^\/[a-z0-9/-]*$/, 'expected a path like /old-page'),
      to: z.string().regex(/^\/[^\s]*$/, 'expected a site path like /new-page or /#contact'),
      message: text.optional(),
      robots: text.optional(),
    }),
  ),
  blog: z
    .strictObject({
      perPage: z.number().int().min(1).default(12),
      feedItems: z.number().int().min(1).default(20),
    })
    .default({ perPage: 12, feedItems: 20 }),
  timing: z.strictObject({
    submitDelay: z.number().int().min(0),
    toastDefault: z.number().int().positive(),
    toastDialog: z.number().int().positive(),
    toastContact: z.number().int().positive(),
    swipeThreshold: z.number().int().positive(),
  }),
});
export type SiteConfig = z.infer<typeof siteSchema>;

/** One of the site's own slugs (a service or a city), with the valid ones listed when it is not. */
export function slugOf(kind: string, slugs: string[]) {
  return z.enum(slugs as [string, ...string[]], { error: (i) => `unknown ${kind} "${i.input}", expected one of ${slugs.join(', ')}` });
}
