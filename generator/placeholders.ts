// The settings of content/site.yaml that still hold a placeholder or a "not yet chosen" value, which would lose leads or
// mislead once the site is live: one list, in the order a production build names them and docs/deploy.md's first-day
// checklist follows. A production deploy refuses them (build-site.ts, deploy-context.ts); every other build warns.
// Each message says where to set the value: the field in site.yaml, and the same field as the editor at /admin shows it
// (its labels come from the editor's own configuration, editor/build/config.ts). docs/decisions/production-refuses-placeholders.md.
import { SETTINGS_LABEL, siteSchema } from '../templates/model/schemas.ts';
import { fieldsOf, jsonSchema, type EditorField } from '../editor/build/config.ts';
import type { SiteData } from './content.ts';
import { ContentError } from './errors.ts';

/**
 * Host names no company's site or mailbox can have (RFC 2606, RFC 6761): example.com, .net and .org with their
 * subdomains, the .example, .test, .invalid and .localhost names, and this machine itself.
 */
export function reservedHost(host: string): boolean {
  const h = host
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[|\]$/g, '');
  return (
    /(^|\.)example\.(com|net|org)$/.test(h) ||
    /(^|\.)(example|test|invalid|localhost)$/.test(h) ||
    /^127\.\d+\.\d+\.\d+$/.test(h) ||
    h === '::1'
  );
}

/** The host of a URL, or '' when it is none. */
const hostOf = (url: string | undefined) => {
  try {
    return url ? new URL(url).hostname : '';
  } catch {
    return '';
  }
};

/**
 * North American numbers 555-0100 to 555-0199 are reserved for fiction (any area code): a phone the company has not
 * set. Other 555 numbers can be real, so they pass.
 */
const FICTIONAL_PHONE = /^\+1\d{3}55501\d{2}$/;

/** A setting that must not go live as it is: its field in site.yaml, and why its value is still a placeholder. */
interface Placeholder {
  field: string; // its path in site.yaml, as messages name it
  problem: (site: SiteData) => string | null;
}

/** Every placeholder, in the order a production build lists them and docs/deploy.md's checklist sets them. */
export const PLACEHOLDERS: Placeholder[] = [
  {
    field: 'forms.delivery',
    problem: ({ forms }) =>
      forms.delivery === 'simulate'
        ? 'is simulate: the quote forms say "sent" and send nothing, so every lead is lost; set netlify or endpoint (docs/forms.md)'
        : null,
  },
  {
    field: 'forms.endpoint',
    problem: ({ forms }) =>
      forms.delivery === 'endpoint' && reservedHost(hostOf(forms.endpoint))
        ? `is ${forms.endpoint}, an example or test address: quote requests would go nowhere; set the URL your form service gives you (docs/forms.md)`
        : null,
  },
  {
    field: 'business.origin',
    problem: ({ business }) =>
      reservedHost(hostOf(business.origin))
        ? `is ${business.origin}, an example address: canonical addresses, the sitemap and share links would send search engines there; set the site's own address, like https://your-company.ca`
        : null,
  },
  {
    field: 'business.phone',
    problem: ({ business }) =>
      FICTIONAL_PHONE.test(business.phoneE164)
        ? `is ${business.phone}, a fictional number (555-0100 to 555-0199): every Call button would dial it; set the company's number here and in Phone as dialled (business.phoneE164)`
        : null,
  },
  {
    field: 'business.email',
    problem: ({ business }) =>
      reservedHost(business.email.split('@').pop() ?? '')
        ? `is ${business.email}, an example address: the footer shows it and forms without JavaScript write to it; set the company's address`
        : null,
  },
  {
    field: 'business.reviewUrl',
    problem: ({ business }) =>
      /[?&]placeid=EXAMPLE/i.test(business.reviewUrl) || reservedHost(hostOf(business.reviewUrl))
        ? `is ${business.reviewUrl}, which names no real place: the review bar on every page would lead nowhere; set your Google Business Profile's review link`
        : null,
  },
  {
    // docs/editing.md and the README send staff to /admin, which is built only once site.yaml names its repository
    field: 'cms.repo',
    problem: ({ cms }) =>
      cms
        ? null
        : 'is not set, so /admin is not built and staff sent there (docs/editing.md) find nothing; set the GitHub repository the host builds, as owner/name (docs/deploy.md, "The editor at /admin")',
  },
];

/** A field of site.yaml as the editor at /admin shows it: "Business settings, Business, Origin". */
export function editorPlace(field: string): string {
  const labels = [SETTINGS_LABEL];
  let fields: EditorField[] | undefined = (editorFields ??= fieldsOf(jsonSchema(siteSchema)));
  for (const name of field.split('.')) {
    const f: EditorField | undefined = fields?.find((x) => x.name === name);
    if (!f) throw new Error(`placeholders.ts: site.yaml has no field ${field}`); // a placeholder of a renamed field
    labels.push(f.label);
    fields = f.fields;
  }
  return labels.join(', ');
}
let editorFields: EditorField[] | undefined;

/** The settings of `site` still at a placeholder, each as `site.yaml: field: problem; at /admin: where`. */
export function placeholderProblems(site: SiteData, siteFile: string): ContentError[] {
  return PLACEHOLDERS.flatMap(({ field, problem }) => {
    const p = problem(site);
    return p ? [new ContentError(siteFile, field, `${p}; at /admin: ${editorPlace(field)}`)] : [];
  });
}
