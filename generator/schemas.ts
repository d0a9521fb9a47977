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
/** A page's photo: `image: /images/name.jpg` with `imageAlt:` (`""` only for a purely decorative photo). */
export const photoFields = { image: z.string().optional(), imageAlt: z.string().optional() };
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
/** Where quote requests go (site.yaml forms.delivery): nowhere yet (the spec's simulation), Netlify Forms, or a form service's URL. */
export const DELIVERIES = ['simulate', 'netlify', 'endpoint'] as const;

/** Why forms.endpoint is not a URL requests may be sent to, or null when it is. */
export function endpointProblem(endpoint: string | undefined): string | null {
  const example = 'like https://formspree.io/f/abcd1234';
  if (!endpoint) return `is required with delivery: endpoint: the URL your form service gives you, ${example}`;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return `expected a full URL, ${example}, got "${endpoint}"`;
  }
  if (url.username || url.password) return 'must not carry a user name or password';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(url.hostname)) return null;
  return `must start with https:// (http:// only for localhost or 127.0.0.1 while testing), got "${endpoint}"`;
}
const otherDelivery = (delivery: string) =>
  `is used only with delivery: endpoint, but delivery is ${delivery}: remove the endpoint line or set delivery: endpoint`;

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
  socialCard: z.strictObject({ alt: text }),
  cities: z.array(z.string().regex(/^[a-z0-9-]+$/, 'expected a slug like new-westminster')).min(1),
  services: z.array(z.string().regex(/^[a-z0-9-]+$/, 'expected a slug like tree-removal')).min(1),
  forms: z
    .strictObject({
      delivery: z.enum(DELIVERIES).default('simulate'),
      endpoint: z.string().optional(),
      contactServices: z.array(listItem).min(1),
      dialogServices: z.array(listItem).min(1),
      dialogPreselect: z.record(z.string(), z.string()).default({}),
    })
    .superRefine((f, ctx) => {
      const problem = f.delivery === 'endpoint' ? endpointProblem(f.endpoint) : f.endpoint !== undefined ? otherDelivery(f.delivery) : null;
      if (problem) ctx.addIssue({ code: 'custom', path: ['endpoint'], message: problem });
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
    sendTimeout: z.number().int().positive().default(15000),
  }),
});
export type SiteConfig = z.infer<typeof siteSchema>;

/** One of the site's own slugs (a service or a city), with the valid ones listed when it is not. */
export function slugOf(kind: string, slugs: string[]) {
  return z.enum(slugs as [string, ...string[]], { error: (i) => `unknown ${kind} "${i.input}", expected one of ${slugs.join(', ')}` });
}
