// Where the visit came from, kept for the quote forms (client/delivery/delivery.ts keptLead reads it): run by the head
// script (head.ts) and the redirect stubs' script (redirect.ts), so an old address keeps the referrer.
import { LEAD_FIELDS, LEAD_MAX, UTM_FIELDS } from '../../templates/model/constants.ts';

/**
 * On the first page of a visit in this tab: its path and query, the host of the site that linked to it (never the
 * whole address) and the link's campaign tags, each without control characters (CR, LF), trimmed and at most LEAD_MAX
 * long. In sessionStorage: no cookie, gone with the tab. A later page finds it kept and leaves it.
 */
export function captureLead(): void {
  try {
    const kept = sessionStorage;
    if (kept.lead) return;
    const clean = (x: string) =>
      x
        .replace(/[\x00-\x1f\x7f]+/g, ' ')
        .trim()
        .slice(0, LEAD_MAX);
    const referrer = document.referrer;
    const query = new URLSearchParams(location.search);
    const lead: Record<string, string> = {
      [LEAD_FIELDS.landing]: clean(location.pathname + location.search),
      [LEAD_FIELDS.referrer]: referrer ? clean(new URL(referrer).hostname.replace(/^www\./, '')) : '',
    };
    for (const tag of UTM_FIELDS) {
      const value = clean(query.get(tag) || '');
      if (value) lead[tag] = value;
    }
    kept.lead = JSON.stringify(lead);
  } catch {
    // storage blocked, or a referrer that is no URL: nothing is kept
  }
}
