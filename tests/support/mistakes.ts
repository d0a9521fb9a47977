// The content mistakes a company could make, one for each rule the build enforces: a change to a file, and the file,
// field (with the line, where the build gives one) and words the build refuses it with. Each runs through the build
// (tests/build/mistakes.test.ts, which also runs one through the real command line) and, when staff can make it in the
// editor, through the editor's own check before a save (the same test, and tests/browser/editor-modules.test.ts in
// the editor's script as /admin/ loads it), which must refuse it in the build's words. `claims` are the words of the build's code that make
// the rule, so a rule added to the build's code without a case here fails a test (ruleSites below).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { WINDOW } from './alert.ts';
import { site } from './facts.ts';
import { registry, type Single } from '../../templates/model/kinds.ts';
import { docOf, Fixture, textOf, type Doc } from './fixture.ts';
export { docOf, textOf, type Doc } from './fixture.ts';
import { NEW_CITY, unusedName } from './names.ts';
import { addJobs, testJob } from './jobs.ts';
import { asBooking, book, firstWindow, visitsConfig } from './visits.ts';
import { visitName, weekdayOf } from '../../templates/model/kinds/visit.ts';
import { phonePhoto } from './photos.ts';
import { contentDir, root } from './paths.ts';

export interface Mistake {
  id: string;
  /** Words of the build's code that make this rule (a message, or the check itself); in the table, `says` where left out. */
  claims: string[];
  /** The file the mistake is saved to, under content/ (a new file for some). */
  file: string;
  /** For a new file: the file whose content it starts from. */
  from?: string;
  /** The mistake as the editor saves it: a change to the file's data and body. */
  mistake?: (doc: Doc) => void;
  /** Or a mistake staff cannot make in the editor, made to the file's text, and why the editor cannot make it. */
  typed?: { change: (text: string) => string; why: string };
  /** Or entries deleted (the case's `file` and these), as the editor's Delete does: each one's slug is also taken out of
   *  other entries' lists (a city's Nearby, the order in Business settings). */
  deletes?: string[];
  /** The file and field the build names, words of its message, and the line it gives (a body's, a YAML error's): where this matches. */
  refused?: Outcome;
  /** Or the site still builds, and the build (and the editor, for a save) warns in these words. */
  warned?: Outcome;
}
export interface Outcome {
  file?: string;
  field: string | ((doc: Doc) => string);
  says: string;
  line?: RegExp;
}

/** Rules the build enforces that no change to one file can break, and why (no case can be written for them). */
export const NO_CASE: Record<string, { claims: string[]; why: string }> = {
  'file-missing': {
    claims: ["'file is missing'", "'file is missing: the site config holds the business facts'"],
    why: 'the editor writes whole files; a missing page is a file deleted outside it',
  },
};

// names the content does not use, for the files and the photo the cases add
const JOB = unusedName(['A Leaning Alder Taken Down', 'A Split Maple Cabled']);
const PHOTO = `/images/${unusedName(['rule check photo', 'rule check picture']).slug}.jpg`;
const BROKEN = `/images/${unusedName(['rule check broken', 'rule check damaged']).slug}.jpg`;
const service = `services/${site.services[0].slug}.md`;
const city = `cities/${site.cities[0].slug}.md`;
const post = `blog/${site.posts[0].slug}.md`;
const job = `jobs/${JOB.slug}.md`;
/** An address no page, redirect or kind of entry can have (/x would be a service's): a link there is refused. */
const NOWHERE = `/services/${unusedName(['no such page here', 'nowhere page'])!.slug}`;
/** A city other pages link to (not the fixture job's, whose city the editor will not let go: a job needs one). */
const LINKED = site.cities.slice(1).find((c) => site.services[0].sections.some((x) => x.html.includes(`href="${c.path}"`)))!;
/** A service that links to the post (the post's deletion is warned of there). */
const LINKS_POST = site.services.find((s) => s.sections.some((x) => x.html.includes(`href="${site.posts[0].path}"`)))!;
const DRAFT = `/blog/${unusedName(['A Guide Not Out Yet', 'A Draft Guide']).slug}`;
const GONE_CITY = `/service-area/${unusedName(['Elder Bend', 'Spruce Landing']).slug}`;
const GONE_SERVICE = `/${unusedName(['Cable Bracing', 'Crown Lifting']).slug}`;
/** A page of the blog past its last. */
const OLDER = `/blog/page/${site.posts.length + 1}`;
/** A single page at the top level (/about): a service named like it would take its address. */
const PAGE = Object.values(registry).find(
  (k): k is Single => k.type === 'single' && /^\/[a-z-]+$/.test(k.path) && !k.unlisted && !k.lists,
)!;
/** The old address of a page moved (a redirect of the fixture's): a link may use it, a menu may not. */
const MOVED = `/service-area/${NEW_CITY.slug}`;
const ALERT = { message: 'Storm response tonight.', ...WINDOW };

/** A window the build offers, booked in the fixture; a day of its weekday a week on, closed there; one two weeks on. */
const BOOKED = asBooking(site.visits!, site.visits!.windows[0]);
const BOOKING = `visits/${visitName(BOOKED.date, BOOKED.window)}.md`;
const weeksOn = (n: number) => new Date(Date.parse(`${BOOKED.date}T00:00Z`) + n * 7 * 864e5).toISOString().slice(0, 10);
const [CLOSED, LATER] = [weeksOn(1), weeksOn(2)];
/** A window site.yaml names that the booking's day has not. */
const dayWindows = site.visits!.weekdays.filter((g) => g.days.includes(weekdayOf(BOOKED.date))).flatMap((g) => g.windows);
const OTHER_WINDOW = site.visits!.weekdays.flatMap((g) => g.windows).find((w) => !dayWindows.includes(w))!;
/** The booking with its day and window changed, saved under the name they give (a new booking in the editor). */
const booking = (date: string, window: string, says: string, field: string, claims?: string[]): Row => ({
  claims,
  file: `visits/${visitName(date, window)}.md`,
  from: BOOKING,
  mistake: (d) => void Object.assign(d.data, { date, window }),
  refused: { field, says },
});

/** The files the cases start from (the browser test opens the service). */
export const BASE = { service };

/** A row of the table: its id is its key, and its `claims` are the words the build says unless given. */
type Row = Omit<Mistake, 'id' | 'claims'> & { claims?: string[] };
/** `file` with the field at `at` (a path like `postCta.links[0].href`) set to `value`, refused there. */
const set = (file: string, at: string, value: unknown, says: string, claims?: string[]): Row => ({
  claims,
  file,
  mistake: (d) => {
    const keys = at.split(/[.[\]]+/).filter(Boolean);
    keys.slice(0, -1).reduce((o, k) => (o[k] ??= {}), d.data)[keys.at(-1)!] = value;
  },
  refused: { field: at, says },
});
/** A line added to the service's body, refused there (at the line `line` finds, where the build gives one). */
const inBody = (added: string, says: string, claims?: string[], line?: RegExp): Row => ({
  claims,
  file: service,
  mistake: (d) => void (d.body += `\n${added}\n`),
  refused: { field: 'body', says, line },
});
/** The storm alert with one of its fields changed. */
const alert = (change: Record<string, string>, says: string, claims?: string[]): Row => ({
  claims,
  file: 'site.yaml',
  mistake: (d) => void (d.data.alert = { ...ALERT, ...change }),
  refused: { field: `alert.${Object.keys(change)[0]}`, says },
});
/** The estimate visits (the content's, or a sample) with a change, refused at `field` of visits. */
const visit = (change: (v: Record<string, any>) => void, field: string | ((v: Record<string, any>) => string), says: string): Row => ({
  file: 'site.yaml',
  mistake: (d) => void change((d.data.visits ??= visitsConfig())),
  refused: { field: typeof field === 'string' ? `visits.${field}` : (d) => `visits.${field(d.data.visits)}`, says },
});
/** The quote forms' delivery and endpoint. */
const endpoint = (delivery: string, url: string | undefined, says: string): Row => ({
  claims: ['message: problem'],
  file: 'site.yaml',
  mistake: (d) => void (d.data.forms = { ...d.data.forms, delivery, endpoint: url }),
  refused: { field: 'forms.endpoint', says },
});
/** The service's photo and its alt text. */
const photo = (image: string | undefined, imageAlt: string | undefined, field: string, says: string, claims?: string[]): Row => ({
  claims,
  file: service,
  mistake: (d) => void Object.assign(d.data, { image, imageAlt }),
  refused: { field, says },
});
/** Items added at the end of a list, refused at the last (or at its field `sub`). */
const append = (file: string, list: string, items: unknown[], sub: string, says: string, claims?: string[]): Row => ({
  claims,
  file,
  mistake: (d) => void (d.data[list] ??= []).push(...items),
  refused: { field: (d) => `${list}[${d.data[list].length - 1}]${sub}`, says },
});
/** A redirect added, refused at its from or its to. */
const redirect = (from: string, to: string, at: 'from' | 'to', says: string, claims?: string[]) =>
  append('site.yaml', 'redirects', [{ from, to }], `.${at}`, says, claims);
/** A row's mistake published with a warning in its words, rather than refused. */
const warned = ({ refused, ...row }: Row): Row => ({ ...row, warned: refused });
/** The menu's first item pointed at a path. */
const menuPath = (to: string, says: string, claims?: string[]) => set('site.yaml', 'navigation[0].path', to, says, claims);

/** The cases: one mistake for every rule the build enforces on content. */
const ROWS: Record<string, Row> = {
  // ── typed outside the editor ──
  'yaml-syntax': {
    claims: ['invalid YAML', 'e.message));'],
    file: service,
    typed: { change: (t) => t.replace(/^title: .*$/m, 'title: [unclosed'), why: 'the editor writes YAML itself' },
    refused: { field: 'front matter', says: 'invalid YAML at line' },
  },
  'yaml-syntax-site': {
    claims: [],
    file: 'site.yaml',
    typed: { change: (t) => t.replace(/^cities:/m, ' cities:'), why: 'the editor writes YAML itself' },
    refused: { field: '', says: 'column 2: bad indentation', line: /^ cities:/ },
  },
  // ── one field: the schemas (text, dates, formats, options, counts) ──
  'text-empty': set(service, 'title', '   ', 'must not be empty', ["'must not be empty'"]),
  'text-type': set(service, 'title', 12, 'expected text, got a number', ['expected text, got']),
  required: set(service, 'h1', undefined, 'is required', ["'is required'"]),
  'unknown-field': {
    claims: ['unrecognized_keys'],
    file: service,
    mistake: (d) => void (d.data.colour = 'green'),
    refused: { field: 'front matter', says: 'unknown field "colour"' },
  },
  'list-item-lower-case': {
    claims: ['starts in lower case'],
    file: 'pages/home.md',
    mistake: (d) => void (d.data.services.cards[0].features = ['crown cleaning']),
    refused: { field: 'services.cards[0].features[0]', says: 'starts in lower case: in an inline list [a, b] a comma splits' },
  },
  'phrase-placeholder': set('site.yaml', 'cityPages.h1', 'Trees in {town}', 'unknown placeholder {town}', ['unknown placeholder']),
  'must-contain-placeholder': set('pages/recent-work.md', 'cityHeading', 'Recent work nearby', 'must contain {city}', [
    's.includes(token)',
  ]),
  'date-format': set(post, 'published', '25-03-2026', 'expected a date as YYYY-MM-DD'),
  'date-real': set(post, 'published', '2025-02-30', 'is not a date', ['is not a date: no such month or day']),
  'datetime-format': alert({ start: '2026-11-24 18:30' }, 'expected a date and time as YYYY-MM-DDTHH:MM', ['expected a date and time as']),
  'datetime-real': alert({ start: '2026-11-24T25:30' }, 'is not a time', ['is not a time: no such month, day, hour or minute']),
  'time-zone': set('site.yaml', 'blog.timeZone', 'Vancouver', 'is not a time zone'),
  'phone-e164': set('site.yaml', 'business.phoneE164', '604-555-0123', 'expected an E.164 number'),
  email: set('site.yaml', 'business.email', 'office at the company', 'Invalid email', ['z.email()']),
  url: set('site.yaml', 'business.reviewUrl', 'www.example.com/reviews', 'Invalid URL', ['z.url()']),
  origin: set('site.yaml', 'business.origin', `${site.business.origin}/home`, 'expected an origin without a path'),
  'order-slug': append('site.yaml', 'cities', ['New Town'], '', 'expected a slug like'),
  'cms-repo': set('site.yaml', 'cms.repo', 'our website', 'expected owner/name'),
  option: set(service, 'icon', 'banana', 'Invalid option', ['z.enum(']),
  'unknown-slug': append(city, 'nearby', ['atlantis'], '', 'unknown city "atlantis", expected one of', ['slugOf(']),
  'min-items': set('site.yaml', 'navigation', [], 'Too small', ['.min(1)', '.min(1,']),
  'max-items': set(job, 'photos', Array(5).fill({ src: PHOTO, alt: 'The alder lowered in sections' }), 'Too big', ['.max(4)']),
  'exact-count': {
    claims: ['.length(3)', '.length(4)'],
    file: 'pages/home.md',
    mistake: (d) => void d.data.reviews.testimonials.pop(),
    refused: { field: 'reviews.testimonials', says: 'Too small' },
  },
  'number-bounds': set(city, 'map.height', 100, 'Too small', ['.int()', '.min(200).max(800)']),
  'nav-path-format': menuPath(PAGE.path.slice(1), 'expected a path of this site', ['expected a path of this site, like /about']),
  'alert-link-format': alert({ link: 'www.example.com/storm' }, 'expected a page of this site', [
    'expected a page of this site, like /emergency-tree-removal',
  ]),
  'redirect-from-format': redirect('old page', '/', 'from', 'expected a path like /old-page'),
  'redirect-to-format': redirect(`${NOWHERE}-old`, 'new-page', 'to', 'expected a site path like /new-page', [
    'expected a site path like /new-page or /#contact',
  ]),
  'site-path': set('pages/blog.md', 'postCta.links[0].href', 'tree-removal', 'expected a site path', [
    'expected a site path like /tree-removal',
  ]),
  // ── across fields ──
  'alert-end-after-start': alert({ end: '2026-11-24T08:00' }, `must be after start (${WINDOW.start})`, ['must be after start']),
  'alert-link-twice': alert({ link: PAGE.path, message: `Storm crews out: see [this page](${PAGE.path}).` }, 'which has a link of its own'),
  'post-modified': set(post, 'modified', '2000-01-01', 'is before published'),
  'nav-path-or-menu': append('site.yaml', 'navigation', [{ label: 'More' }], '.path', 'is required: give the page it opens, or a menu'),
  'nav-menu-link': append(
    'site.yaml',
    'navigation',
    [{ label: 'More', path: PAGE.path, menuLink: 'All' }],
    '.menuLink',
    'is used only with both a path and a menu',
  ),
  'endpoint-required': endpoint('endpoint', undefined, 'is required with delivery: endpoint'),
  'endpoint-url': endpoint('endpoint', 'formspree.io/f/abcd', 'expected a full URL'),
  'endpoint-https': endpoint('endpoint', 'http://forms.example.com/f/abcd', 'must start with https://'),
  'endpoint-unused': endpoint('simulate', 'https://forms.example.com/f/abcd', 'is used only with delivery: endpoint'),
  'photo-alt': photo(PHOTO, undefined, 'imageAlt', 'is required with image', ['is required with image: describe what the photo shows']),
  'alt-without-photo': photo(undefined, 'A crew at work', 'imageAlt', 'is given without image'),
  'visit-window-format': visit((v) => (v.weekdays[0].windows[0] = '8am-10am'), 'weekdays[0].windows[0]', 'expected an arrival window like'),
  'visit-window-order': visit(
    (v) => (v.weekdays[0].windows[0] = v.weekdays[0].windows[0].split('-').reverse().join('-')),
    'weekdays[0].windows[0]',
    'ends before it starts',
  ),
  'visit-windows-overlap': visit(
    (v) => v.weekdays.push({ days: [firstWindow(v).day], windows: [firstWindow(v).window] }),
    (v) => `weekdays[${v.weekdays.length - 1}].windows[0]`,
    `overlaps`,
  ),
  'visit-soonest': visit((v) => (v.soonest = 'tomorrow'), 'soonest', 'expected "next working day", or "today before"'),
  'visit-taken-moved': {
    claims: ['MOVED_FIELDS[at(k)]'],
    file: 'site.yaml',
    mistake: (d) => void (d.data.visits.taken = [BOOKED]),
    refused: { field: 'visits.taken', says: 'is no longer read: a booked window is an entry of its own, under Booked visits' },
  },
  'booked-unknown-window': booking(
    BOOKED.date,
    '0:00-0:30',
    'is no window of the estimate visits (Business settings, Visits); they are',
    'window',
  ),
  'booked-window-of-day': booking(
    BOOKED.date,
    OTHER_WINDOW,
    `"${OTHER_WINDOW}" is no window of ${weekdayOf(BOOKED.date)} ${BOOKED.date}: ${weekdayOf(BOOKED.date)}'s windows are`,
    'window',
    ['is no window of ${day}'],
  ),
  'booked-closed-day': booking(CLOSED, BOOKED.window, `${CLOSED} is a closed day (Business settings, Visits, Closed days)`, 'date', [
    'is a closed day (Business settings, Visits, Closed days)',
  ]),
  'booked-twice': {
    claims: ['is booked already'],
    file: BOOKING.replace(/\.md$/, '-1.md'),
    from: BOOKING,
    mistake: () => {},
    refused: { field: 'window', says: `${BOOKED.window} on ${BOOKED.date} is booked already (content/${BOOKING})` },
  },
  'booked-moved': {
    file: BOOKING,
    mistake: (d) => void (d.data.date = LATER),
    refused: { field: 'date', says: 'to move a visit, book the new window and delete this one' },
  },
  // ── Markdown: fields and bodies ──
  'link-form': inBody('See the [permit page](www.surrey.ca/trees).', 'link "www.surrey.ca/trees" must be a site path', [
    'must be a site path starting with /, an https:// address, tel: or mailto:',
  ]),
  'photo-other-site': photo('https://example.com/tree.jpg', 'A tree', 'image', 'is on another site'),
  'photo-path': photo('/photos/tree.jpg', 'A tree', 'image', 'must be a photo saved in content/images/'),
  'photo-missing': photo(`${PHOTO.slice(0, -4)}-2.jpg`, 'A tree', 'image', 'is not in content/images/'),
  'photo-unusable': photo(BROKEN, 'A tree', 'image', 'cannot be read as an image', ['fail(fields?.image, `image ${src} ${problem}`)']),
  'body-photo-missing': inBody(`![A crew at work](${PHOTO.slice(0, -4)}-2.jpg)`, 'is not in content/images/', [], /-2\.jpg\)/),
  'body-photo-alt': inBody(`![](${PHOTO})`, 'has no alt text'),
  'unknown-token': set(service, 'lead', 'Call us at {{phonenumber}}.', 'unknown token {{phonenumber}}; expected one of', ['unknown token']),
  'body-h1': inBody('# A second main heading', 'use ## for section headings'),
  'job-headings': {
    claims: ["a job's story is a few paragraphs, without ## headings"],
    file: job,
    mistake: (d) => void (d.body = `## What we did\n\n${d.body}`),
    refused: { field: 'body', says: "a job's story is a few paragraphs" },
  },
  // ── across files: names, lists, routes and links ──
  'file-name': {
    file: 'blog/Storm_Notes.md',
    from: post,
    mistake: () => {},
    refused: { field: 'file name', says: 'expected lowercase letters, digits and dashes' },
  },
  'listed-twice': append('site.yaml', 'cities', [site.cities[0].slug, site.cities[0].slug], '', 'is listed twice'),
  'route-taken': {
    claims: ['is already the address of ${owner(prev)}'],
    file: `services${PAGE.path}.md`,
    from: service,
    mistake: (d) => void (d.data.name = 'About'),
    refused: {
      file: `services${PAGE.path}.md`,
      field: 'route',
      says: `${PAGE.path} is already the address of content/${PAGE.file} (Pages, ${PAGE.editor.label}): give this one another name`,
    },
  },
  'redirect-from-taken': redirect(site.services[0].path, '/', 'from', `${site.services[0].path} is the address of`, [
    'is the address of ${owner(prev)} (${place(prev)}), whose page a redirect would hide',
  ]),
  'route-held-by-redirect': {
    claims: [],
    file: `cities/${NEW_CITY.slug}.md`,
    from: city,
    mistake: (d) => void (d.data.name = NEW_CITY.name),
    refused: {
      file: 'site.yaml',
      field: `redirects[${docOf('site.yaml', readFileSync(path.join(contentDir, 'site.yaml'), 'utf8')).data.redirects.length}].from`,
      says:
        `/service-area/${NEW_CITY.slug} is the address of content/cities/${NEW_CITY.slug}.md (Service areas, ${NEW_CITY.slug}), ` +
        `whose page a redirect would hide: remove this redirect (Business settings, Redirects, the one from /service-area/${NEW_CITY.slug})`,
    },
  },
  'same-name': {
    claims: ['is already the ${field} of'],
    file: `services/${site.services[0].slug}-1.md`,
    from: service,
    mistake: () => {},
    refused: { field: 'name', says: `"${site.services[0].name}" is already the name of content/${service}` },
  },
  'same-name-post': {
    claims: [],
    file: `blog/${site.posts[0].slug}-1.md`,
    from: post,
    mistake: (d) => void (d.data.title = `${d.data.title.toUpperCase()}!`),
    refused: { field: 'title', says: `is already the title of content/${post}` },
  },
  'phone-pair': {
    claims: ['phonePairProblem(', 'is not the number business.phone shows'],
    file: 'site.yaml',
    mistake: (d) => void (d.data.business.phone = d.data.business.phone.replace(/\d(?=\D*$)/, (n: string) => String((+n + 1) % 10))),
    refused: { field: 'business.phoneE164', says: 'is not the number business.phone shows' },
  },
  'redirect-to-page': redirect(`${NOWHERE}-old`, NOWHERE, 'to', `${NOWHERE} is not a page of the site`, ['is not a page of the site`']),
  'nav-path-page': menuPath(NOWHERE, `${NOWHERE} is not a page of the site; pages:`, ['is not a page of the site; pages:']),
  'nav-path-redirect': menuPath(MOVED, `${MOVED} is not a page of the site`, []),
  'dead-link': inBody(
    `See [this page](${NOWHERE}).`,
    `link to ${NOWHERE} goes nowhere`,
    ['goes nowhere: it is neither a page, a redirect nor a file in static/'],
    new RegExp(`\\(${NOWHERE}\\)`),
  ),
  'dead-link-field': set('pages/blog.md', 'postCta.links[0].href', NOWHERE, `link to ${NOWHERE} goes nowhere`, []),
  'dead-link-alert': alert({ message: `Storm crews out: see [this page](${NOWHERE}).` }, `link to ${NOWHERE} goes nowhere`, []),
  'link-to-waiting': inBody(
    `See [the guide](${DRAFT}).`,
    `${DRAFT}: that post is not out yet`,
    ['is not out yet (a draft, or dated later)'],
    new RegExp(`\\(${DRAFT}\\)`),
  ),
  // ── saved or deleted, and the site still builds, with a warning ──
  // the fixture's photo, 600x800 upright, as a page's photo, shown up to 928 pixels wide (templates/model/places.ts)
  'photo-small': warned(
    photo(PHOTO, 'A crew at work', 'image', 'is 600x800, smaller than where it shows (up to 928 pixels wide, cut to 4:3)', [
      'if (small) this.warnings.push',
    ]),
  ),
  'deleted-city': {
    claims: ['is there (one deleted, or the address misspelt), so it leads to'],
    file: `cities/${LINKED.slug}.md`,
    deletes: [`cities/${LINKED.slug}.md`],
    warned: {
      file: service,
      field: 'body',
      says: `${LINKED.path}: no city is there (one deleted, or the address misspelt), so it leads to /service-areas`,
    },
  },
  'deleted-last-city': {
    claims: ['so the menus, the quote forms and the pages that list them show none'],
    file: `cities/${LINKED.slug}.md`,
    deletes: [job, ...site.cities.map((c) => `cities/${c.slug}.md`)], // the job first: the editor keeps a city a job names
    warned: { file: 'cities', field: '', says: 'has no city, so the menus, the quote forms and the pages that list them show none' },
  },
  'deleted-post': {
    claims: [],
    file: post,
    deletes: [post],
    warned: {
      file: `services/${LINKS_POST.slug}.md`,
      field: 'body',
      says: `${site.posts[0].path}: no post is there (one deleted, or the address misspelt), so it leads to /blog`,
    },
  },
  'link-to-gone-city': warned(
    inBody(`See [this city](${GONE_CITY}).`, `${GONE_CITY}: no city is there`, [], new RegExp(`\\(${GONE_CITY}\\)`)),
  ),
  'link-to-gone-listing-page': warned(inBody(`See [older guides](${OLDER}).`, `${OLDER}: no post is there`, [])),
  'redirect-to-gone-service': warned(redirect(`${NOWHERE}-old`, GONE_SERVICE, 'to', `${GONE_SERVICE}: no service is there`, [])),
};
export const MISTAKES: Mistake[] = Object.entries(ROWS).map(([id, m]) => ({
  id,
  ...m,
  claims: m.claims ?? [(m.refused ?? m.warned)!.says],
}));

/** A case's file as the editor would save it with its mistake, from the fixture's content. */
export function mistaken(fx: Fixture, m: Mistake): Doc {
  const doc = docOf(m.file, fx.read(m.from ?? m.file));
  m.mistake!(doc);
  return doc;
}

/** The cases staff can make in the editor, which its check must refuse before a save. */
export const EDITABLE = MISTAKES.filter((m): m is Mistake & { refused: Outcome } => !!m.mistake && !!m.refused);

/** The saves the site publishes with a warning, which the editor must save. */
export const PUBLISHED = MISTAKES.filter((m) => m.mistake && m.warned);

/** Deletes a case's entries from the fixture's content as the editor's Delete does: the files, and each one's slug from
 *  other entries' lists (Sveltia takes a deleted entry out of the relation lists that name it). */
export function deleteEntries(fx: Fixture, files: string[]) {
  const slugs = new Set(files.map((f) => f.split('/').pop()!.slice(0, -3)));
  for (const f of files) rmSync(fx.file(f));
  const strip = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.filter((x) => !(typeof x === 'string' && slugs.has(x))).map(strip)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, strip(x)]))
        : v;
  for (const f of ['site.yaml', ...readdirSync(fx.file('cities')).map((c) => `cities/${c}`)])
    fx.editData(f, (d) => void Object.assign(d, strip(d)));
}

/** The content the cases start from: the company's, with a photo, a photo that cannot be used, a job, a booked visit and a
 *  day closed, a draft post, a redirect holding the address of a city not made yet; and what is fine: links to that redirect and to a file of static/, and
 *  a decorative photo in a body (![""](...)). */
export async function rulesFixture(): Promise<Fixture> {
  const fx = new Fixture();
  mkdirSync(fx.file('images'), { recursive: true });
  writeFileSync(fx.file(PHOTO.slice(1)), await phonePhoto(21, { width: 800, height: 600 }));
  writeFileSync(fx.file(BROKEN.slice(1)), 'not a photo');
  await addJobs(fx, [{ ...testJob(1, site.cities[0].slug, [site.services[0].slug], '2026-10-21'), slug: JOB.slug, title: JOB.name }]);
  book(fx, BOOKED.date, BOOKED.window);
  fx.editSite((s) => void s.visits.closed.push(CLOSED));
  fx.editSite((s) => void s.redirects.push({ from: MOVED, to: '/service-areas' }));
  const draft = docOf(post, fx.read(post));
  fx.write(`${DRAFT.slice(1)}.md`, textOf(post, { data: { ...draft.data, title: 'A guide not out yet', draft: true }, body: draft.body }));
  fx.write(service, `${fx.read(service)}\nSee [our old page](${MOVED}) and [our logo](/favicon.svg).\n\n![""](${PHOTO})\n`);
  return fx;
}

/** The lines of the build's rule code that make a rule (a check with its message), each with the lines up to the next. */
export function ruleSites(files: string[]): { at: string; text: string }[] {
  const TRIGGER =
    /new ContentError\(|addIssue\(|\.refine\(|\.regex\(|z\.email\(|z\.url\(|[^h]\.min\(|[^h]\.max\(|\.length\(\d|\.int\(|\.positive\(|z\.enum\(|slugOf\(|fail\(|\.refuse\(/;
  const sites: { at: string; text: string }[] = [];
  for (const file of files) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      // plumbing that passes on a problem found elsewhere (a schema's, a photo's) is not a rule of its own
      if (
        !TRIGGER.test(line) ||
        /Math\.|^\s*(\/\/|\*|\/\*\*)|function (fail|slugOf)|private fail|const fail =|refuse\(file|, problem\)\);?$/.test(line)
      )
        return;
      // the check and what follows it up to the next check: its message may be a few lines below
      let end = i + 1;
      while (end < Math.min(lines.length, i + 8) && !TRIGGER.test(lines[end])) end++;
      sites.push({ at: `${path.relative(root, file)}:${i + 1}`, text: lines.slice(i, end).join('\n') });
    });
  }
  return sites;
}

/** The build's code where content rules are made: each kind's file among them. */
export const RULE_CODE = [
  'templates/model/schemas.ts',
  'templates/model/kind.ts',
  ...readdirSync(path.join(root, 'templates/model/kinds')).map((f) => `templates/model/kinds/${f}`),
  'generator/content.ts',
  'generator/markdown.ts',
  'generator/links.ts',
  'generator/rules.ts',
].map((f) => path.join(root, f));
