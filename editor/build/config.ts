// The editor's configuration (Sveltia CMS's config.yml at /admin; the editor's files are files.ts), derived from the
// same schemas the build enforces: a field added to a schema appears in the editor, with the matching widget,
// required flag, pattern, options and hint, and no option is offered that the build would refuse.
import * as z from 'zod';
import { kindList, registry, type Collection, type Kind, type Single, type SiteChoices, type Slugs } from '../../templates/model/kinds.ts';
import { SETTINGS_LABEL, siteSchema } from '../../templates/model/schemas.ts';
import type { Collections, Site } from '../../templates/model/types.ts';

/** A field as Sveltia's (and Decap CMS's) configuration reads it. */
export interface EditorField {
  name: string;
  label: string;
  widget: string;
  required?: boolean;
  hint?: string;
  default?: unknown;
  pattern?: [string, string];
  options?: string[];
  multiple?: boolean;
  min?: number;
  max?: number;
  value_type?: 'int' | 'float';
  fields?: EditorField[];
  field?: EditorField;
  type?: string;
  format?: string;
  modes?: string[];
  [other: string]: unknown;
}

/** The JSON Schema zod gives a field (its input side: what a file may hold), plus this project's own keys. */
interface JsonField {
  type?: string | string[];
  description?: string;
  title?: string;
  default?: unknown;
  enum?: string[];
  format?: string; // z.url()'s uri
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonField;
  properties?: Record<string, JsonField>;
  required?: string[];
  /** Set with .meta(): the editor's widget where the type alone does not say (image, markdown, date, multi-line text). */
  cmsWidget?: 'image' | 'date' | 'datetime' | 'text';
  /** Set with .meta() (schemas.ts slugOf): the slug of an entry of this editor collection. */
  cmsRelation?: string;
}

/** A schema as JSON Schema, the form this module reads (zod's own internals are not a stable interface). */
export function jsonSchema(schema: z.ZodType): JsonField {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonField;
}

/** Labels of fields many kinds share whose names are short or technical; a kind's own field's label is its schema's
 *  title (kinds/{kind}.ts), and any other field is labelled from its name. */
const LABELS: Record<string, string> = {
  h1: 'Main heading (H1)',
  q: 'Question',
  a: 'Answer',
  faq: 'Questions and answers (FAQ)',
  lead: 'Opening paragraph',
  imageAlt: 'Photo alt text',
  image: 'Photo',
  alt: 'Alt text',
};
/**
 * Hints of fields many kinds of page share, by name, where the schema gives none of its own; a kind's own fields have
 * theirs in its schema (kinds/{kind}.ts). Every token works in every text field, so they are named where a sentence is
 * written.
 */
const HINTS: Record<string, string> = {
  name: 'The short name menus, cards and the quote forms show.',
  title: 'The title in search results and the browser tab (the company name is added when it fits).',
  description: 'One or two sentences for search results and shared links.',
  h1: 'The heading at the top of the page.',
  lead: 'The first paragraph under the heading. {{phone}}, {{cityCount}} and the other tokens work here.',
  summary: 'A sentence or two on the cards that list this page.',
  dialog: 'What the estimate dialog shows when a visitor opens it from this page.',
  closing: 'The call to action at the end of the page.',
  faq: 'Questions and answers, shown one open at a time and given to search engines. Answers may link to pages: [text](/path).',
  eyebrow: 'The short line over the heading.',
};

/** Fields many kinds share that hold a paragraph rather than a line, edited in a larger box (a kind's own: its schema's
 *  cmsWidget 'text'). */
const PARAGRAPHS = new Set(['description', 'lead', 'summary', 'text', 'a', 'intro', 'body', 'quote', 'alt', 'blurb', 'noscript']);

/** "cardSummary" -> "Card summary": a label for a field with no title of its own. */
function labelFor(name: string): string {
  if (LABELS[name]) return LABELS[name];
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Fields of an object schema, in the schema's order (the CMS writes keys in this order). */
export function fieldsOf(object: JsonField): EditorField[] {
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties ?? {}).map(([name, f]) => fieldFor(name, f, required.has(name)));
}

/** One schema field as a CMS field: widget, required flag, pattern, options, bounds and hint. */
export function fieldFor(name: string, f: JsonField, required: boolean): EditorField {
  const field: EditorField = { name, label: f.title ?? labelFor(name), widget: 'string' };
  // A field with a default may be left out of the file: the build fills it in.
  field.required = required && f.default === undefined;
  const hint = f.description ?? HINTS[name];
  if (hint) field.hint = hint;
  if (f.default !== undefined && typeof f.default !== 'object') field.default = f.default;
  const type = Array.isArray(f.type) ? f.type[0] : f.type;
  if (f.cmsRelation) Object.assign(field, relation(f.cmsRelation));
  else if (f.cmsWidget === 'image') Object.assign(field, { widget: 'image', choose_url: false });
  else if (f.cmsWidget === 'date') Object.assign(field, { widget: 'datetime', type: 'date', format: 'YYYY-MM-DD' });
  // the phone's own clock, written as read (no zone): the build reads it in the company's time zone
  else if (f.cmsWidget === 'datetime') Object.assign(field, { widget: 'datetime', format: 'YYYY-MM-DDTHH:mm' });
  else if (f.enum) Object.assign(field, { widget: 'select', options: f.enum });
  else if (type === 'string') {
    if (f.cmsWidget === 'text' || PARAGRAPHS.has(name)) field.widget = 'text';
    if (f.format === 'uri') field.type = 'url'; // z.url(): the browser checks it is a whole address, as the build does
    // written /.../: Sveltia reads a trailing "\/" of a bare pattern as the start of its flags
    if (f.pattern)
      field.pattern = [`/${f.pattern}/`, f.description ? `Not in the form the site needs. ${f.description}` : `Must match ${f.pattern}`];
  } else if (type === 'integer' || type === 'number') {
    Object.assign(field, { widget: 'number', value_type: type === 'integer' ? 'int' : 'float' });
    const min = f.minimum ?? (f.exclusiveMinimum !== undefined ? f.exclusiveMinimum + 1 : undefined);
    if (min !== undefined) field.min = min;
    if (f.maximum !== undefined && f.maximum < Number.MAX_SAFE_INTEGER) field.max = f.maximum;
  } else if (type === 'boolean') field.widget = 'boolean';
  else if (type === 'array') {
    field.widget = 'list';
    const item = f.items ?? {};
    if (item.cmsRelation) Object.assign(field, relation(item.cmsRelation), { multiple: true });
    else if (item.enum) Object.assign(field, { widget: 'select', multiple: true, options: item.enum });
    else if (item.properties) field.fields = fieldsOf(item);
    else field.field = fieldFor(name.replace(/s$/, ''), item, true);
    if (f.minItems !== undefined) field.min = f.minItems;
    if (f.maxItems !== undefined) field.max = f.maxItems;
  } else if (type === 'object' && f.properties) Object.assign(field, { widget: 'object', fields: fieldsOf(f) });
  else if (type === 'object') field.widget = 'keyvalue'; // a record of text to text (forms.dialogPreselect)
  return field;
}

/** A choice among a collection's entries as they are in the editor now (a city created a minute ago included), by name,
 *  saved as the entry's slug (its file name), which is what the build checks it against. */
function relation(collection: string): Pick<EditorField, 'widget'> & Partial<EditorField> {
  return { widget: 'relation', collection, value_field: '{{slug}}', search_fields: ['name'], display_fields: ['name'] };
}

/** The Markdown body of a page: kept as the author wrote it (raw first), since the build reads its exact form. */
const BODY: EditorField = {
  name: 'body',
  label: 'Page text',
  widget: 'markdown',
  required: false,
  modes: ['raw', 'rich_text'],
  // no "Heading 1": the page template writes the only # heading, and the build refuses another (markdown.ts)
  buttons: ['bold', 'italic', 'link', 'heading-two', 'heading-three', 'bulleted-list', 'numbered-list', 'quote'],
  hint:
    'Markdown. Each `## Heading` starts a section; a numbered list `1. **Step.** text` shows as numbered steps; a table ' +
    'becomes a comparison table. Link to pages of this site by their path, like `/tree-removal`. Write `{{phone}}`, ' +
    '`{{email}}`, `{{business}}`, `{{addressCity}}`, `{{cityCount}}` or `{{cityCountWord}}` instead of typing them. A photo: ' +
    '`![what it shows, for people who cannot see it](/images/name.jpg)`.',
};

/** A kind's fields: its front matter's, then its Markdown body where the page shows one. */
function kindFields(kind: Kind, slugs: Slugs, site: SiteChoices): EditorField[] {
  const body = typeof kind.body === 'object' ? [{ ...BODY, ...kind.body }] : kind.body ? [BODY] : [];
  return [...fieldsOf(jsonSchema(kind.schema(slugs, site))), ...body];
}

/** A folder kind's collection, e.g. content/services/, by the folder's name. */
function folderCollection(k: Collection, slugs: Slugs, site: SiteChoices) {
  const e = k.editor;
  return {
    name: k.folder,
    label: e.label,
    ...(e.singular ? { label_singular: e.singular } : {}),
    ...(e.description ? { description: e.description } : {}),
    folder: `content/${k.folder}`,
    extension: 'md',
    format: 'frontmatter',
    identifier_field: e.identify ?? 'title',
    create: true,
    ...(e.deletable ? { delete: true } : {}),
    ...(e.summary ? { summary: e.summary } : {}),
    slug: e.slug ?? '{{slug}}',
    // the entry's page on the site: the editor's "View on Live Site", and with a deploy preview "View Preview"
    ...(k.path ? { preview_path: k.path('{{slug}}') } : {}),
    ...(e.sortBy
      ? { sortable_fields: e.order ? { fields: e.sortBy, default: { field: e.sortBy[0], direction: e.order } } : e.sortBy }
      : {}),
    ...(e.views ? { view_filters: { filters: e.views, default: e.views[0].name } } : {}),
    fields: kindFields(k, slugs, site),
  };
}

/** The backend's repository when site.yaml names none: the editor then works on a local checkout only. */
export const LOCAL_ONLY_REPO = 'local-checkout/not-connected';

/** What the editor's configuration is made from: the site model, or as much of it as the editor shows. */
export type EditorSite = Pick<Site, 'business' | 'cms'> & Partial<Pick<Site, 'visits'> & Collections>;

/** What the editor's script needs of its backend, handed over by the build (bundle.ts) as data. */
export interface EditorBackend {
  name: string;
  repo: string; // owner/name
  branch: string;
  apiRoot?: string; // GitHub's API when it is not GitHub's own (a GitHub Enterprise server; the tests' loopback GitHub)
  editorialWorkflow: boolean; // a save is a draft (a pull request), published later
}

/** The backend the editor saves to: the company's repository (cms.repo) or, without one, the local folder only. */
export function editorBackend(site: Pick<Site, 'cms'>, apiRoot?: string): EditorBackend {
  // Without cms: settings the editor is only for the local checkout (npm run dev, "Work with Local Repository"); Sveltia
  // still wants a GitHub-style backend, so it gets one that names no real repository.
  return {
    name: 'github',
    repo: site.cms?.repo ?? LOCAL_ONLY_REPO,
    branch: site.cms ? site.cms.branch : 'main',
    ...(apiRoot ? { apiRoot } : {}),
    editorialWorkflow: !!site.cms?.editorialWorkflow,
  };
}

/** The configuration of the editor, for the company's repository (cms.repo) or, without one, the local folder only;
 *  `api`: GitHub's API, when not GitHub's own. */
export function editorConfig(site: EditorSite, api?: string): Record<string, unknown> {
  // the schemas read the site's own slugs (a service card may name only a service there is)
  const slugs: Slugs = Object.fromEntries(
    kindList.flatMap(([, k]) =>
      k.type === 'collection' ? [[k.field, (site[k.field as keyof Collections] ?? []).map((e) => e.slug)]] : [],
    ),
  );
  // After a save the editor reads the commit's statuses, check runs and deployments on GitHub (the content check's
  // status, Netlify's or Cloudflare Pages' deploy) and shows the page as live, building or failed
  // (docs/decisions/live-building-or-refused.md).
  const { name, repo, branch, apiRoot } = editorBackend(site, api);
  const backend = {
    name,
    repo,
    branch,
    ...(site.cms?.authUrl ? { base_url: site.cms.authUrl } : {}),
    ...(apiRoot ? { api_root: apiRoot } : {}),
  };
  const all = Object.values(registry);
  const pages = all
    .filter((k): k is Single => k.type === 'single')
    .map((k) => ({
      name: k.file.replace(/^pages\/|\.md$/g, ''),
      label: k.editor.label,
      file: `content/${k.file}`,
      format: 'frontmatter',
      preview_path: k.path,
      fields: kindFields(k, slugs, site),
    }));
  return {
    backend,
    // with cms.editorialWorkflow a save is a draft (a pull request) that the host builds as a deploy preview, and the
    // page goes live when someone publishes it
    ...(site.cms?.editorialWorkflow ? { publish_mode: 'editorial_workflow' } : {}),
    // an optional field left empty is left out of the file, as a person writing it would (the build refuses "")
    output: { omit_empty_optional_fields: true },
    media_folder: 'content/images',
    public_folder: '/images',
    site_url: site.business.origin,
    display_url: site.business.origin,
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    collections: [
      ...all.filter((k): k is Collection => k.type === 'collection').map((k) => folderCollection(k, slugs, site)),
      {
        name: 'pages',
        label: 'Pages',
        description: `One file each in content/pages/: ${pages.map((p) => p.label).join(', ')}.`,
        files: pages,
      },
      {
        name: 'settings',
        label: SETTINGS_LABEL,
        description: 'The facts every page shows (phone, email, address, hours), menus, quote forms, blog and redirects.',
        // every page shows the business settings: the home page stands for them
        files: [{ name: 'site', label: SETTINGS_LABEL, file: 'content/site.yaml', format: 'yml', preview_path: '/', fields: siteFields() }],
      },
    ],
  };
}

/** site.yaml's fields; a list that orders a folder's entries (`services:`, `cities:`) lists those entries as they are now. */
function siteFields(): EditorField[] {
  const folders = Object.values(registry).flatMap((k) => (k.type === 'collection' ? [[k.field, k.folder] as const] : []));
  return fieldsOf(jsonSchema(siteSchema)).map((f) => {
    // a list of slugs of the same name orders that folder's entries (services:, cities:); jobs: is the jobs' settings
    const folder = f.widget === 'list' && f.field ? folders.find(([field]) => field === f.name)?.[1] : undefined;
    return folder ? { ...f, widget: 'list', field: { name: f.name.slice(0, -1), label: f.label, ...relation(folder), required: true } } : f;
  });
}
