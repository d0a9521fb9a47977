// The office link: one address on the site's own origin whose fragment carries a quote request, so the office page it
// opens (editor/browser/office.ts) reads the request with no server, the host's included, ever receiving it. The
// request goes as base64url JSON with an FNV-1a checksum: for integrity (a link cut short or edited by hand), not
// secrecy; anyone can make one, so booking still takes the office's sign-in (docs/decisions/office-link.md). The client's
// delivery module makes it (client/delivery/delivery.ts), the office page reads it: plain code, importing nothing.

/** The field of a request that carries the office link. */
export const OFFICE_FIELD = 'office';

/** A quote request as the office link carries it. */
export interface OfficeRequest {
  name: string;
  phone: string;
  area: string; // the city chosen (serviceArea)
  address: string; // the street address of the trees, or empty
  service: string;
  message: string;
  windows: string[]; // the visit's choices as sent, in order: "Wed 2 Dec, 8:00-12:00 (2026-12-02T08:00-07:00/...)", or the no-preference words
  urgent: string; // in storm mode, the urgent mark's words when ticked
  photos: number; // how many photos came with the request (in the notification, not in the link)
  form: string; // contact or estimate
  page: string; // the page it was sent from
  source: Record<string, string>; // where the visit came from: landing_page, referrer_host, utm_ tags, source_page
  requestId: string;
  sent: number; // when it was sent, ms since the epoch
}

/** An arrival window as a request carries it: its words, its day and its span on the company's clock, its instants. */
export interface SentWindow {
  words: string; // "Wed 2 Dec, 8:00-12:00"
  date: string; // YYYY-MM-DD, the company's day
  span: [number, number]; // minutes after midnight on that day: [480, 720]
  start: number; // ms since the epoch
  end: number;
  interval: string; // as sent: 2026-12-02T08:00-07:00/2026-12-02T12:00-07:00
}

const SENT_WINDOW = /^(.*) \(((\d{4}-\d\d-\d\d)T(\d\d):(\d\d)[+-]\d\d:\d\d\/\d{4}-\d\d-\d\dT(\d\d):(\d\d)[+-]\d\d:\d\d)\)$/;

/** A window as sent (its words, then its ISO 8601 interval in brackets), or null for other text (no preference). */
export function sentWindow(sent: string): SentWindow | null {
  const m = SENT_WINDOW.exec(sent);
  if (!m) return null;
  const [start, end] = m[2].split('/').map(Date.parse);
  if (Number.isNaN(start) || Number.isNaN(end) || end <= start) return null;
  const minutes = (h: string, mm: string) => Number(h) * 60 + Number(mm);
  return { words: m[1], date: m[3], span: [minutes(m[4], m[5]), minutes(m[6], m[7])], start, end, interval: m[2] };
}

/** FNV-1a, 32 bits, of bytes, as 8 hex digits. */
function fnv1a(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

const toBase64url = (bytes: Uint8Array) =>
  btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const fromBase64url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** The fragment of the office link: the request as base64url JSON, a dot, its checksum. */
export function encodeOffice(request: OfficeRequest): string {
  const bytes = new TextEncoder().encode(JSON.stringify(request));
  return `${toBase64url(bytes)}.${fnv1a(bytes)}`;
}

/** Why a link is refused: cut short or not one (malformed), changed since it was made (tampered), or made by a build
 *  whose windows are not this one's (outdated: the window that is no longer offered, and the request, which the
 *  office may still call about). */
export type Refusal = { problem: 'malformed' } | { problem: 'tampered' } | { problem: 'outdated'; window: string; request: OfficeRequest };

const TEXT_FIELDS = ['name', 'phone', 'area', 'address', 'service', 'message', 'urgent', 'form', 'page', 'requestId'] as const;

/** The request a fragment carries (with or without its #), or why it is refused. `weekdays` are this build's windows of
 *  each day of the week, Monday first, as minutes after midnight: a chosen window that is none of its day's is refused. */
export function decodeOffice(
  fragment: string,
  weekdays: readonly (readonly (readonly [number, number])[])[],
): { request: OfficeRequest; windows: (SentWindow | string)[] } | Refusal {
  const m = /^#?([A-Za-z0-9_-]+)\.([0-9a-f]{8})$/.exec(fragment);
  if (!m) return { problem: 'malformed' };
  let bytes: Uint8Array;
  try {
    bytes = fromBase64url(m[1]);
  } catch {
    return { problem: 'malformed' };
  }
  if (fnv1a(bytes) !== m[2]) return { problem: 'tampered' };
  let r: OfficeRequest;
  try {
    r = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return { problem: 'malformed' };
  }
  const strings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === 'string');
  const shaped =
    !!r &&
    typeof r === 'object' &&
    TEXT_FIELDS.every((f) => typeof r[f] === 'string') &&
    strings(r.windows) &&
    Number.isInteger(r.photos) &&
    Number.isFinite(r.sent) &&
    !!r.source &&
    typeof r.source === 'object' &&
    strings(Object.values(r.source));
  if (!shaped) return { problem: 'malformed' };
  const windows = r.windows.map((w) => sentWindow(w) ?? w);
  for (const w of windows) {
    if (typeof w === 'string') continue;
    const day = (new Date(`${w.date}T00:00:00Z`).getUTCDay() + 6) % 7;
    if (!weekdays[day]?.some(([from, to]) => from === w.span[0] && to === w.span[1]))
      return { problem: 'outdated', window: w.words, request: r };
  }
  return { request: r, windows };
}
