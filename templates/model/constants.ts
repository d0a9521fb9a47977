// Names the build, the templates and the client script share: what a quote request carries, and the icons content may
// choose. Plain values, so the client can import them without the rest of the model.

/** The honeypot's name: Formspree drops a submission that fills `_gotcha` by itself; Netlify is told it (netlify-honeypot). */
export const HONEYPOT = '_gotcha';

/** How many photos one request carries. Netlify Forms keeps one file per field, so each photo has a field of its own. */
export const MAX_PHOTOS = 3;
/** The name of the nth photo's field (1-based): photo1 is the picker itself. */
export const photoField = (n: number) => `photo${n}`;

/** The editor's address (editor/build/files.ts): its page is /admin/, its files beside it; links into it (a booking)
 *  start here. */
export const EDITOR_PATH = '/admin/';
/** Where the office page is, which a request's office link opens (templates/model/office-link.ts): in the editor's
 *  room, beside its page. Made in a function marked pure, so that a script that does not use it leaves it out, and
 *  the editor's address with it. */
export const OFFICE_PATH = /* @__PURE__ */ (() => `${EDITOR_PATH}office/`)();
/** The booked visits' folder (content/visits/, the kind kinds/visit.ts), which is the editor's collection of the same name. */
export const VISITS_FOLDER = 'visits';
/**
 * The editor's address that opens a new booked visit with its day and window filled in (the editor fills a new entry's
 * fields from the query after the hash); one Save books it.
 */
export const bookingPath = (date: string, window: string) =>
  `${EDITOR_PATH}#/collections/${VISITS_FOLDER}/new?${new URLSearchParams({ date, window })}`;

/** The fields of an estimate visit's choices, in order of preference (a window's words and interval, or none). */
export const VISIT_FIELDS = ['visit1', 'visit2', 'visit3'] as const;
/** The field a request marked urgent in storm mode carries (site.yaml storm.urgent). */
export const URGENT_FIELD = 'urgent';

/**
 * Where a visit came from, sent with every request: the page it started on (path and query) and the host of the site
 * that sent it there. The head script keeps them for the visit (client/inline/lead.ts), with the link's tags.
 */
export const LEAD_FIELDS = { landing: 'landing_page', referrer: 'referrer_host' } as const;
/** The campaign tags of the link a visit started from, as a company tags its ads and its Google Business Profile link. */
export const UTM_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
/** The longest value a lead field keeps, in characters. */
export const LEAD_MAX = 200;

/** The icons a service may show (its `icon:`, a select in the editor), in the order the editor offers them: tools,
 *  trees and the trade's work. templates/parts/icons.tsx draws each. */
export const SERVICE_ICONS = [
  'axe',
  'scissors',
  'shovel',
  'siren',
  'sprout',
  'stethoscope',
  'cloud-lightning',
  'tractor',
  'leaf',
  'tree',
  'trees',
  'tree-pine',
  'shrub',
  'hammer',
  'wrench',
  'truck',
  'hard-hat',
  'ruler',
  'clipboard-list',
  'droplets',
  'bug',
  'fence',
  'wind',
] as const;

/** Every icon's name: what content may choose from (site.yaml header.strip). Made in a function marked pure, so that a
 *  script that imports other names leaves it out (esbuild keeps an unused spread, which could run code). */
export const ICON_NAMES = /* @__PURE__ */ (() =>
  [
    ...SERVICE_ICONS,
    'arrow',
    'award',
    'check',
    'chevron',
    'clock',
    'file',
    'mail',
    'pin',
    'menu',
    'phone',
    'shield',
    'star',
    'close',
    'calendar',
    'alert',
  ] as const)();
export type IconName = (typeof ICON_NAMES)[number];
