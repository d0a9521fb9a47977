// The schema of site.yaml, in zod: the business facts and the blocks every page shares, composed with each kind's own
// blocks (a kind's `settings`, in its file kinds/{kind}.ts), all made of the pieces in kind.ts.
import * as z from 'zod';
import { ICON_NAMES } from './constants.ts';
import { hint, isoDate, listItem, localDateTime, phrase, text } from './kind.ts';
import { kindList, type KindName, type Kinds } from './kinds.ts';
import { TIME, WEEKDAYS, windowMinutes } from './kinds/visit.ts';

/** Where quote requests go (site.yaml forms.delivery): nowhere yet (simulated), Netlify Forms, or a form service's URL. */
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

/** The words of the header, the mobile menu, the footer and the review bar: the same on every page. */
const headerSchema = z
  .strictObject({
    strip: hint(
      z.array(z.strictObject({ icon: z.enum(ICON_NAMES), text })).min(1),
      'The short claims in the strip above the header on wide screens, each with its icon.',
    ),
    skipLink: hint(text, 'The first link on every page, for keyboard users: it jumps past the menu.'),
    menuLabel: hint(text, "What screen readers call the header's menu."),
    contact: hint(text, 'The button to the quote form (the header, the mobile menu and the footer).'),
    callNow: hint(text, 'The call button in the header.'),
    callNowLabel: hint(text, 'The call button as screen readers read it; {{phone}} is the number.'),
    openMenu: hint(text, 'The menu button on phones, as screen readers read it.'),
    mobileMenu: hint(text, 'The title of the menu on phones.'),
    mobileMenuLabel: hint(text, 'What screen readers call the menu on phones.'),
    closeMenu: hint(text, 'Its close button, as screen readers read it.'),
  })
  .meta({ description: 'The top of every page: the strip of claims, the buttons, and the menu on phones.' });

const footerSchema = z
  .strictObject({
    blurb: hint(text, 'The sentence under the logo. {{cityCount}} counts the cities and {{addressCity}} is the city of the address.'),
    servicesHeading: text,
    companyHeading: hint(text, "The heading over the menu's pages."),
    contactHeading: text,
    copyright: hint(text, 'The last line. {{year}} is the year of the build, {{business}} the company name.'),
    sitemap: hint(text, 'The link to the sitemap.'),
  })
  .meta({ description: 'The foot of every page.' });

const reviewBarSchema = z
  .strictObject({
    label: hint(text, 'What screen readers call the bar.'),
    question: text,
    link: hint(text, 'The link to the review page (Business: Review link).'),
  })
  .meta({ description: 'The bar at the bottom of the screen that asks for a review.' });

/** Short texts many pages share. */
const labelsSchema = z
  .strictObject({
    call: hint(text, 'Call buttons on many pages; {{phone}} is the number.'),
    quote: hint(text, 'Buttons that go to the quote form on the home page.'),
    allAreas: hint(text, 'Links to the service areas page at the end of lists of cities.'),
    faqHeading: hint(text, 'The heading over questions and answers on service pages and posts.'),
    newTab: hint(text, 'Added for screen readers to a link that opens in a new tab.'),
    mapNewTab: hint(text, 'Added for screen readers to the address, whose link opens a map in a new tab.'),
    mapShow: hint(
      text,
      "The button in place of a map (home page, city pages) that loads it: nothing comes from the map service before it's pressed.",
    ),
    mapNote: hint(text, 'Beside that button: why the map waits for it. Shown only where the button works (with JavaScript).'),
    mapOpen: hint(
      text,
      'The link beside that button that opens the place on the map service in a new tab; the only one without JavaScript.',
    ),
    breadcrumb: hint(text, 'What screen readers call the trail of links at the top of a page.'),
    home: hint(text, 'The first step of that trail.'),
    table: hint(text, 'What screen readers call a table in a page text, which scrolls sideways on phones.'),
    redirectTitle: phrase(['to'], 'What an old address shows while it sends the visitor on, when the redirect has no message.'),
    redirectText: hint(text, 'The sentence on an old address, when the redirect has no message.'),
    redirectLink: phrase(['address'], 'The link on an old address to where the page is now.'),
  })
  .meta({ description: 'Short texts many pages share: buttons, links, and what screen readers hear.' });

/** The words of both quote forms. */
const formLabelsSchema = z
  .strictObject({
    name: hint(text, "The name field's label."),
    phone: hint(text, "The phone field's label."),
    phonePlaceholder: hint(text, 'Shown in the empty phone field.'),
    phoneHint: hint(text, 'Shown under the phone field.'),
    area: hint(text, "The city field's label."),
    areaPrompt: hint(text, 'The first line of the list of cities, before one is chosen.'),
    service: hint(text, "The service field's label."),
    servicePrompt: hint(text, 'The first line of the list of services, before one is chosen.'),
    details: hint(text, "The message field's label."),
    detailsPlaceholder: hint(text, 'Shown in the empty message field.'),
    address: hint(text, "The street address field's label: where the trees are (optional for the visitor)."),
    addressHint: hint(text, 'Shown under the street address field.'),
    required: phrase(['mark'], 'The note over the fields; {mark} is the star that marks a required field.'),
    noscript: hint(text, 'Shown under the home page form when the browser runs no JavaScript (the form then opens an email).'),
    emailSubject: hint(text, 'The subject of that email.'),
    contactSubmit: hint(text, "The home page form's button."),
    dialogTitle: hint(text, "The estimate dialog's heading."),
    dialogSubmit: hint(text, "The estimate dialog's button."),
    close: hint(text, "The dialog's close button, as screen readers read it."),
  })
  .meta({ description: 'The words of both quote forms: labels, hints and buttons.' });

/** A page of this site, as a menu links it. */
const pagePath = z.string().regex(/^\/[a-z0-9/-]*$/, 'expected a path of this site, like /about');

/** The lists a menu item can open: the entries of each kind the site lists everywhere (kind.ts `listed`), by the kind's
 *  field, in site.yaml's order. */
export const MENUS = kindList.flatMap(([, k]) => (k.type === 'collection' && k.listed ? [k.field] : [])) as [string, ...string[]];

/** One item of the menu that the header, the mobile menu and the footer share. */
const navItem = z
  .strictObject({
    label: hint(text, 'What the menu shows.'),
    path: hint(
      pagePath,
      'The page it opens, like /about: a page of this site. Leave empty for an item that only opens its list.',
    ).optional(),
    menu: hint(
      z.enum(MENUS),
      'Lists every service or every city under this item: a dropdown in the header (for an item that opens no page itself) and a group in the mobile menu.',
    ).optional(),
    menuLink: hint(
      text,
      'For an item with a page and a list: the link to its page at the top of its group in the mobile menu, like "All Service Areas".',
    ).optional(),
  })
  .superRefine((item, ctx) => {
    if (!item.path && !item.menu)
      ctx.addIssue({ code: 'custom', path: ['path'], message: 'is required: give the page it opens, or a menu' });
    if (item.menuLink && !(item.path && item.menu))
      ctx.addIssue({ code: 'custom', path: ['menuLink'], message: 'is used only with both a path and a menu: remove it, or give both' });
  });

const arrivalWindow = z
  .string()
  .regex(new RegExp(`^${TIME}-${TIME}$`), 'expected an arrival window like 8:00-10:00 or 13:00-15:00 (24-hour clock)');

/** The hour `soonest` names when a request may have a visit the same day ("today before 12:00"), or null. */
export const cutOff = (soonest: string) => /^today before (.+)$/.exec(soonest)?.[1] ?? null;

/** The words of the office page (/admin/office/), which a request's office link opens: the request at a glance, and for
 *  each window chosen, booking it, confirming it to the customer, the office's calendar and a call
 *  (docs/decisions/office-link.md). Staff read it; visitors never see it. */
const officeWordsSchema = hint(
  z.strictObject({
    title: hint(text, 'The heading of the page a request’s office link opens.'),
    who: hint(text, 'The label of the customer’s name and phone.'),
    where: hint(text, 'The label of the street address and the city.'),
    noAddress: hint(text, 'Shown in place of the street address when the customer gave none.'),
    what: hint(text, 'The label of the service and the message.'),
    windows: hint(text, 'The heading over the windows the customer chose, in their order.'),
    noWindow: hint(text, 'Shown when the customer chose no window.'),
    photos: phrase(['count'], 'How many photos came with the request (they are in the notification, not in the link).'),
    noPhotos: hint(text, 'Shown when no photo came with the request.'),
    source: hint(text, 'The heading over where the visit came from (the first page, the site that linked to it, the tags).'),
    sent: phrase(['when'], 'When the request was sent, in the company’s time zone.'),
    book: hint(text, 'The button that opens the editor with the booking filled in.'),
    bookNote: hint(text, 'Beside that button: one Save makes the window taken, and when the forms stop offering it.'),
    booked: hint(text, 'Shown in place of the button for a window already booked.'),
    past: hint(text, 'Shown in place of the button for a window whose time has passed.'),
    confirmText: hint(text, 'The button that opens the office phone’s messages with the confirmation written.'),
    confirmMail: hint(text, 'The button that opens the office’s mail with the confirmation written.'),
    subject: phrase(['day'], 'The subject of the confirmation email; {day} is the day and the window.'),
    message: phrase(
      ['name', 'day', 'window', 'address', 'phone'],
      'The confirmation to the customer, by text or email: the day, the window, the street address (or the city), what happens at the visit, the company’s phone.',
    ),
    calendar: hint(text, 'The button that makes a calendar file of the visit for the office’s calendar.'),
    calendarTitle: phrase(['name'], 'The name of the visit in the office’s calendar; {name} is the customer’s.'),
    call: phrase(['name'], 'The button that calls the customer.'),
    malformed: hint(text, 'Shown for a link cut short or that is no office link: nothing can be booked from it.'),
    tampered: hint(text, 'Shown for a link changed since the site made it: nothing can be booked from it.'),
    outdated: phrase(['window'], 'Shown for a link made before the windows changed: {window} is no window of its day now.'),
    empty: hint(text, 'Shown when the page is opened without a request’s link.'),
  }),
  'The office page a request’s link opens: the request at a glance and, for each window chosen, Book, Confirm, Calendar and Call.',
);

/** The estimate visits the office offers in both quote forms (docs/decisions/estimate-visits.md). */
const visitsSchema = z
  .strictObject({
    weekdays: hint(
      z
        .array(
          z.strictObject({
            days: hint(z.array(z.enum(WEEKDAYS)).min(1), 'The days of the week these windows are offered on.'),
            windows: hint(
              z
                .array(
                  arrivalWindow.refine((w) => (windowMinutes(w) ?? [0, 1])[0] < (windowMinutes(w) ?? [0, 1])[1], {
                    error: (i) => `"${i.input}" ends before it starts: write the earlier time first, like 10:00-12:00`,
                  }),
                )
                .min(1),
              'Arrival windows on those days, on the 24-hour clock: 8:00-10:00, 13:00-15:00. A crew arrives some time in the window.',
            ),
          }),
        )
        .min(1),
      'The arrival windows of each day of the week, like Monday to Friday 8:00-10:00, 10:00-12:00, 13:00-15:00 and 15:00-17:00, and Saturday 9:00-12:00. A day not listed has none.',
    ).meta({ title: 'Arrival windows by day' }),
    soonest: hint(
      z
        .string()
        .regex(
          new RegExp(`^(next working day|today before ${TIME})$`),
          'expected "next working day", or "today before" and an hour, like today before 12:00',
        ),
      'How soon the first visit may be: "next working day", or "today before 12:00" (a request sent before that hour may have a window later the same day).',
    )
      .meta({ title: 'Soonest visit' })
      .default('next working day'),
    daysAhead: hint(z.number().int().min(1).max(60), 'How many days ahead the forms offer windows (7: the coming week).')
      .meta({ title: 'Days ahead offered' })
      .default(7),
    // prefault, not default: a list of dates (text made a date) keeps its default in the editor's schema (editor/build/config.ts)
    closed: hint(z.array(isoDate), 'Days with no visits, like holidays or a crew day off: YYYY-MM-DD.')
      .meta({ title: 'Closed days' })
      .prefault([]),
    words: hint(
      z.strictObject({
        legend: hint(text, 'The heading over the choice of visit times in both quote forms: say in which time zone they are.'),
        first: hint(text, 'The label of the first choice of time.'),
        second: hint(text, 'The label of the second choice (optional for the visitor).'),
        third: hint(text, 'The label of the third choice (optional for the visitor).'),
        noPreference: hint(text, 'The first line of the first choice, chosen until a visitor picks a time.'),
        none: hint(text, 'The first line of the second and third choices: no other time.'),
        requested: phrase(
          ['visit'],
          'Added to the message after a request is sent with a time: {visit} is the time (or the times) chosen. Say when the office confirms it.',
        ),
        calendar: hint(text, 'The link in that message that puts the visit in the visitor’s calendar, marked tentative.'),
        calendarTitle: hint(text, 'The name of the visit in the visitor’s calendar.'),
        paused: phrase(
          ['until'],
          'Shown in place of the times while storm mode is on (an alert with Storm ticked); {until} is the alert’s end.',
        ),
      }),
      'The words of the choice of visit times.',
    ),
    office: officeWordsSchema,
  })
  .superRefine((v, ctx) => {
    // each day's windows, with where each is written, in the order they start
    const byDay = new Map<string, { at: (string | number)[]; text: string; span: [number, number] }[]>();
    v.weekdays.forEach((w, i) =>
      w.windows.forEach((text, j) => {
        const span = windowMinutes(text);
        if (span)
          for (const day of w.days)
            (byDay.get(day) ?? byDay.set(day, []).get(day)!).push({ at: ['weekdays', i, 'windows', j], text, span });
      }),
    );
    const said = new Set<string>();
    for (const [day, list] of byDay)
      list.forEach((a, k) => {
        const b = list.slice(0, k).find((x) => x.span[0] < a.span[1] && a.span[0] < x.span[1]);
        if (!b || said.has(a.at.join())) return;
        said.add(a.at.join());
        ctx.addIssue({
          code: 'custom',
          path: a.at,
          message: `"${a.text}" overlaps ${b.text} on ${day}: a window starts when the one before it ends, like 8:00-10:00 and 10:00-12:00`,
        });
      });
  })
  .meta({
    description:
      'Estimate visits: the arrival windows both quote forms offer, in the company’s time zone (Blog, Time zone). A window booked is an entry of Booked visits (New, its day and its window, Save): the forms stop offering it at the next publish (a minute or two); a window whose time has come goes by itself.',
  });

/** Fields site.yaml once had that live elsewhere now, by their key path, with where: a file that still has one is refused
 *  saying so (generator/rules.ts schemaCheck). */
export const MOVED_FIELDS: Record<string, string> = {
  'visits.taken':
    'is no longer read: a booked window is an entry of its own, under Booked visits in the editor (content/visits/): book each one there, then remove taken:',
};

/** What every page says first in storm mode (an alert with storm: true), and what both quote forms add then. */
const stormSchema = z
  .strictObject({
    heading: hint(text, 'The heading of the first steps, under the alert’s message.'),
    steps: hint(
      z
        .array(
          z.strictObject({
            when: hint(text, 'The case, in bold, like "A power line down, or a tree on a wire".'),
            then: hint(text, 'What to do first in that case.'),
          }),
        )
        .min(1),
      'What to do first, each for a case: a line down, someone hurt, a tree on a house. Safety advice only in the words of its source (Source below).',
    ),
    photos: hint(text, 'The link from the steps to the home page’s quote form, where a request can carry photos and be marked urgent.'),
    urgent: hint(text, 'The box both quote forms show in storm mode: ticked, the request carries these words.'),
    source: hint(
      z.strictObject({
        label: hint(text, 'The link’s words, naming the source, like "Power line safety: BC Hydro".'),
        url: hint(z.url(), 'The source’s page, https://...'),
      }),
      'Where the safety advice comes from (BC Hydro for power lines), linked under the steps.',
    ),
  })
  .meta({
    description:
      'Storm mode: while an alert with Storm ticked is up, every page shows these first steps with the phone, both quote forms offer a box to mark a request urgent, and estimate visits pause until the alert’s End.',
  });

/** What the editor at /admin calls site.yaml (editor/build/config.ts), as messages that say where to fix something name it. */
export const SETTINGS_LABEL = 'Business settings';

/**
 * Why the phone as dialled (E.164) is not the number the phone as shown gives, or null: the digits shown must end
 * the digits dialled (the country code may be left out where it is shown). Pages show one and Call buttons dial the
 * other, so a number changed in one only would have every Call button dial the old number.
 */
export function phonePairProblem(shown: string, dialled: string): string | null {
  const digits = shown.replace(/\D/g, '');
  const e164 = dialled.replace(/\D/g, '');
  if (!/^\+\d+$/.test(dialled) || (digits.length >= 7 && e164.endsWith(digits))) return null;
  const code = e164.length > digits.length ? e164.slice(0, e164.length - digits.length) : '';
  return (
    `${dialled} is not the number business.phone shows, "${shown}": Call buttons would dial another number than pages show: ` +
    `in ${SETTINGS_LABEL}, Business, change Phone as dialled to +${code}${digits}, or Phone as shown back to the number it dials`
  );
}

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
/** Every kind's own blocks of site.yaml (a kind's `settings`), by their keys. */
type KindBlocks = Intersection<{ [K in KindName]: NonNullable<Kinds[K]['settings']> }[KindName]>;

/** The blocks every page shares and the business facts: site.yaml but the kinds' own blocks. */
const shared = {
  alert: z
    .strictObject({
      message: hint(
        text,
        'The line across the top of every page, like "Storm response: crews are out across Burnaby and Coquitlam tonight. Call for fallen trees." The phone number follows it by itself.',
      ),
      link: hint(
        z.string().regex(/^\/[^\s]*$/, 'expected a page of this site, like /emergency-tree-removal'),
        'A page of this site the message links to, like /emergency-tree-removal (optional).',
      ).optional(),
      start: hint(
        localDateTime,
        "When it goes up, like 2026-11-24T18:30, in the company's time zone (Blog, Time zone). Tap Now to put it up with this save; a later time waits for the first publish after it (the daily build).",
      ),
      end: hint(
        localDateTime,
        'When it comes down, like 2026-11-26T08:00: every page hides it by itself at that time, even one left open, and the next publish leaves it out.',
      ),
      storm: hint(
        z.boolean(),
        'Storm mode: every page shows the first steps (Storm, below) under the message, both quote forms offer to mark a request urgent, and estimate visits pause until End.',
      ).default(false),
    })
    .superRefine((a, ctx) => {
      if (a.end <= a.start) ctx.addIssue({ code: 'custom', path: ['end'], message: `must be after start (${a.start})` });
    })
    .meta({
      description:
        'A storm or emergency notice at the top of every page, with the phone number, between Start and End. From a phone: open /admin/ and sign in, Business settings, tick Add Alert, write the message, tap Now under Start, set End to when the crews expect to be done, Save. It is on every page once the site is published again (a minute or two), and hides itself at End. To take it down early, untick Add Alert and Save.',
    })
    .optional(),
  storm: stormSchema,
  business: z
    .strictObject({
      name: hint(text, 'The company name, as every page and title shows it. The copy writes {{business}} for it.'),
      phone: hint(
        text,
        'The phone as people read it, like (604) 555-0142. Change "Phone as dialled" with it. The copy writes {{phone}}, so this is the only place it is typed.',
      ).meta({ title: 'Phone as shown' }),
      phoneE164: z
        .string()
        .regex(/^\+\d{8,15}$/, 'expected an E.164 number like +16045550142')
        .meta({
          title: 'Phone as dialled',
          description: 'The same number as a phone dials it: + and the country code, then digits only, like +16045550142.',
        }),
      email: hint(z.email(), 'Where quote questions go. The copy writes {{email}} for it.'),
      address: hint(
        z.strictObject({ street: text, city: text, region: text, postalCode: text, country: text }),
        'The street address in the footer and in search results.',
      ),
      mapUrl: hint(z.url(), "A map of the address (the footer's address links to it)."),
      reviewUrl: hint(z.url(), 'Where customers leave a review: the review bar at the foot of every page links to it.').meta({
        title: 'Review link',
      }),
      origin: hint(
        z.url().regex(/^https?:\/\/[^/]+$/, 'expected an origin without a path, like https://example.com'),
        "The site's own address, without a path, like https://example.com: for search engines, the sitemap and shared links.",
      ),
      hours: hint(text, 'Opening hours as people read them.'),
      openingHours: hint(text, 'The same hours for search engines, in schema.org form: Mo-Su 00:00-23:59 is every day, around the clock.'),
      priceRange: hint(text, 'How search results show prices: $, $$ or $$$.'),
      description: hint(text, 'One sentence about the company for search engines (its structured data).'),
      foundedClaim: text.optional(),
      extraAreasServed: hint(
        z.array(listItem),
        'Places served that have no page of their own (part of a city that has one), named for search engines.',
      ).default([]),
    })
    .superRefine((b, ctx) => {
      const problem = phonePairProblem(b.phone, b.phoneE164);
      if (problem) ctx.addIssue({ code: 'custom', path: ['phoneE164'], message: problem });
    })
    .meta({
      description: 'The company: what every page, the footer and search engines show. Everything a real company changes lives here, once.',
    }),
  socialCard: hint(
    z.strictObject({ alt: text }),
    'The picture a shared page shows when it has no photo of its own (static/social-card.png, 1200x630), described for people who cannot see it. Replace both together.',
  ),
  navigation: hint(
    z.array(navItem).min(1),
    "The menu of every page, in order: the header, the mobile menu, and the footer's links (but the home page, which the logo links).",
  ),
  header: headerSchema,
  footer: footerSchema,
  reviewBar: reviewBarSchema,
  labels: labelsSchema,
  forms: z
    .strictObject({
      delivery: hint(
        z.enum(DELIVERIES),
        'Where quote requests go. simulate: nowhere yet (the form says it was sent, nothing is sent); netlify: Netlify Forms; endpoint: the form service whose URL is in Endpoint.',
      ).default('simulate'),
      endpoint: hint(
        z.string(),
        'Only with delivery "endpoint": the URL your form service gives you, like https://formspree.io/f/abcd1234.',
      ).optional(),
      contactServices: hint(z.array(listItem).min(1), "The Service Needed options of the home page's quote form."),
      dialogServices: hint(z.array(listItem).min(1), 'The service options of the estimate dialog that service pages open.'),
      dialogPreselect: hint(
        z.record(z.string(), z.string()),
        'Which dialog option is preselected for each title a page passes to the estimate dialog. A title not listed here selects an option of the same name, or nothing.',
      ).default({}),
      labels: formLabelsSchema,
      messages: hint(
        z.strictObject({
          sending: hint(text, 'The send button while a request is on its way.'),
          sent: hint(text, "The title of the message after the home page's form is sent."),
          sentText: hint(text, 'Its text.'),
          dialogSent: hint(text, 'The title of the message after the estimate dialog is sent.'),
          dialogSentText: phrase(['area'], 'Its text; {area} is the city the visitor chose.'),
          notSent: hint(text, 'The title of the message when a request could not be sent.'),
          notSentText: hint(text, 'Its text, followed by the phone number.'),
          notLoadedText: hint(
            text,
            'Its text when the page could not even load its sending code (the connection dropped), followed by the phone number.',
          ),
          notSentNote: phrase(['button'], "The note left in the form after a failed send; {button} is the send button's label."),
          tryAgain: hint(text, 'The button in the message that sends the request again.'),
          offline: hint(text, 'The title of the message when the visitor is offline as they send.'),
          offlineText: hint(text, 'Its text, followed by the phone number.'),
          offlineNote: hint(text, 'The note left in the form while it waits for the connection.'),
          draftNote: phrase(
            ['button'],
            "The note over a request brought back unsent (after a reload or a closed dialog); {button} is the send button's label.",
          ),
          closeToast: hint(text, "A message's close button, as screen readers read it."),
        }),
        'What the quote forms say as they send, and after.',
      ),
      privacyNote: hint(
        text,
        'One sentence under both quote forms saying what a request carries besides what the visitor types: the page it was sent from, the page and the site the visit started from, and the campaign tags of the link followed.',
      ),
      photos: hint(
        z.strictObject({
          label: hint(text, "The photo field's label."),
          hint: phrase(['max'], 'Under the label; {max} is how many photos one request can carry.'),
          remove: hint(text, 'The button beside each chosen photo that takes it out again.'),
          unreadable: phrase(
            ['name'],
            'Shown when a chosen file cannot be read as a photo (the rest of the request still goes); {name} is its name.',
          ),
          tooMany: phrase(
            ['name', 'max'],
            'Shown when more photos are chosen than one request carries; {name} is the file left out, {max} the limit.',
          ),
          again: hint(
            text,
            'Added to the note about an unsent request brought back after a reload or a closed dialog: the photos are not kept on the device and need choosing again.',
          ),
          withoutScript: hint(text, 'Shown only in browsers with JavaScript turned off, where one photo goes as the phone saved it.'),
        }),
        'The optional "Photos of the tree" field of both quote forms. Delete this block to leave the field out, for example on a form service plan that does not accept files.',
      ).optional(),
    })
    .superRefine((f, ctx) => {
      const problem = f.delivery === 'endpoint' ? endpointProblem(f.endpoint) : f.endpoint !== undefined ? otherDelivery(f.delivery) : null;
      if (problem) ctx.addIssue({ code: 'custom', path: ['endpoint'], message: problem });
    })
    .meta({ description: 'The two quote forms: where requests go, the options each offers, and their words.' }),
  visits: visitsSchema.optional(),
  redirects: hint(
    z.array(
      z.strictObject({
        from: hint(z.string().regex(/^\/[a-z0-9/-]*$/, 'expected a path like /old-page'), 'An old address on this site, like /old-page.'),
        to: hint(
          z.string().regex(/^\/[^\s]*$/, 'expected a site path like /new-page or /#contact'),
          'Where it lives now, like /new-page or /#contact.',
        ),
        message: hint(text, 'What the old address shows while it sends the visitor on (optional).').optional(),
        robots: hint(text, 'For search engines, like noindex,follow (optional).').optional(),
      }),
    ),
    'Old or alternative addresses and where they now live: each answers with a permanent redirect.',
  ).default([]),
  timing: hint(
    z.strictObject({
      submitDelay: z.number().int().min(0),
      toastDefault: z.number().int().positive(),
      toastDialog: z.number().int().positive(),
      toastContact: z.number().int().positive(),
      swipeThreshold: z.number().int().positive(),
      sendTimeout: hint(
        z.number().int().positive(),
        'How long a quote request waits for the form service before the visitor is told it failed.',
      ).default(15000),
    }),
    'Toast and form timing, in milliseconds.',
  ),
  cms: hint(
    z.strictObject({
      repo: hint(
        z.string().regex(/^[\w.-]+\/[\w.-]+$/, 'expected owner/name, like fraser-canopy/website'),
        'The GitHub repository the site is built from, as owner/name: each save in this editor is a commit there.',
      ).meta({ title: 'GitHub repository' }),
      branch: hint(text, 'The branch the host builds (main unless the developer says otherwise).').default('main'),
      authUrl: hint(
        z.url(),
        'The sign-in helper for GitHub (docs/deploy.md, "The editor at /admin"): https://api.netlify.com on Netlify, or the address of your own helper.',
      ).optional(),
      editorialWorkflow: hint(
        z.boolean(),
        "Each save is a draft with a preview of the real page (on the host's deploy preview), published when someone presses Publish.",
      ).optional(),
    }),
    'Where the editor at /admin saves. Without it, the editor works only on a copy of the site on your own computer (npm run dev).',
  )
    .meta({ title: 'Editor' })
    .optional(),
};

/** Each kind's blocks, after the shared ones, in the registry's order; a key two of them declare is a mistake in code. */
const kindBlocks = {} as KindBlocks;
for (const [name, kind] of kindList)
  for (const [key, block] of Object.entries(kind.settings ?? {})) {
    if (key in shared || key in kindBlocks) throw new Error(`kinds/${name}: site.yaml's ${key}: is declared twice`);
    Object.assign(kindBlocks, { [key]: block });
  }

/** The order of site.yaml's blocks, the shared ones and the kinds' among them, as the company's file has them: the
 *  editor writes the file in the order of the schema's keys, so a save changes the lines of the fields changed and no
 *  others. A block not named here (a new kind's) comes after these. */
const ORDER = [
  'alert',
  'storm',
  'business',
  'socialCard',
  'cities',
  'services',
  'navigation',
  'header',
  'footer',
  'reviewBar',
  'labels',
  'servicePages',
  'cityPages',
  'forms',
  'visits',
  'redirects',
  'blog',
  'jobs',
  'timing',
  'cms',
];
const blocks: Record<string, z.ZodType> = { ...shared, ...kindBlocks };
const keys = [...ORDER.filter((k) => k in blocks), ...Object.keys(blocks).filter((k) => !ORDER.includes(k))];
export const siteSchema = z.strictObject(Object.fromEntries(keys.map((k) => [k, blocks[k]])) as typeof shared & KindBlocks);
export type SiteConfig = z.infer<typeof siteSchema>;
