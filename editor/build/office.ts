// The office page (/admin/office/), in the editor's room: the page a request's office link opens on the office's phone
// (docs/decisions/office-link.md). The build writes a plain page that loads only its own script and stylesheet (bundle.ts
// bundleOffice), with what the script needs of the build as data in the page: its words (site.yaml visits.office), the
// company's phone and time zone, each weekday's windows, the booked visits. Noindex, and on no visitor's path.
import { escapeHtml, jsonForScript } from '../../templates/escape.ts';
import { OFFICE_PATH } from '../../templates/model/constants.ts';
import { WEEKDAYS, windowMinutes, windowsByDay } from '../../templates/model/kinds/visit.ts';
import type { SiteConfig } from '../../templates/model/schemas.ts';
import type { Site } from '../../templates/model/types.ts';
import { OFFICE_VALUES_ID, type OfficeValues } from '../browser/office-actions.ts';
import { bundleOffice } from './bundle.ts';
import { roomPage } from './files.ts';

type VisitsConfig = NonNullable<SiteConfig['visits']>;

/** The office page's build values, for a site whose site.yaml has visits (the page's words are there). */
export function officeValues(site: Pick<Site, 'business' | 'blogSettings' | 'bookedVisits'>, config: VisitsConfig): OfficeValues {
  return {
    words: config.office,
    business: { name: site.business.name, phone: site.business.phone, phoneE164: site.business.phoneE164 },
    timeZone: site.blogSettings.timeZone,
    weekdays: WEEKDAYS.map((day) => (windowsByDay(config.weekdays).get(day) ?? []).map((text) => windowMinutes(text)!)),
    booked: site.bookedVisits.map(({ date, window }) => ({ date, window })), // the model's, from the company's today on
  };
}

/** The office page: its heading, the place the script fills in, and its build values; its own script and stylesheet,
 * and no icon to fetch (the browser would ask the server for /favicon.ico). */
export function officePage(values: OfficeValues, script: string, style: string): string {
  return roomPage(
    `${values.words.title} | ${values.business.name}`,
    `<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${OFFICE_PATH}${style}">
<script type="application/json" id="${OFFICE_VALUES_ID}">${jsonForScript(values)}</script>
<script src="${OFFICE_PATH}${script}" defer></script>`,
    `<main class="office" id="office">
<h1>${escapeHtml(values.words.title)}</h1>
<p class="office__note" id="office-status">${escapeHtml(values.words.empty)}</p>
</main>
`,
  );
}

/** The office page's files for dist/ ([path, contents]), for a site with visits; none without. */
export async function officeFiles(
  site: Pick<Site, 'business' | 'blogSettings' | 'bookedVisits'>,
  config: SiteConfig,
): Promise<[string, string][]> {
  if (!config.visits) return [];
  const { script, style } = await bundleOffice();
  const dir = OFFICE_PATH.slice(1);
  return [
    [`${dir}index.html`, officePage(officeValues(site, config.visits), script.name, style.name)],
    [`${dir}${script.name}`, script.code],
    [`${dir}${style.name}`, style.code],
  ];
}
