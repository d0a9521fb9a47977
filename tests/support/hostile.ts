// Content written to break things: markup that tries to end a script or open an element, quotes, ampersands,
// emoji, right-to-left text and an over-long title, placed in the fields that reach titles, meta tags, JSON-LD,
// menus, form options and the feed.
import { routeTable } from '../../generator/build-site.ts';
import { site } from './facts.ts';
import type { Fixture } from './fixture.ts';

export const SCRIPT_BREAK = '</script><script>alert(1)</script>';
export const ATTR_BREAK = '"><img src=x onerror=alert(1)>';
export const QUOTES = `It's "quoted", ‘curly’ and “double”, with \`ticks\``;
export const AMPERSANDS = 'Trees & Stumps &amp; &lt;b&gt; AT&T';
export const EMOJI = '🌲🪓 Tree care 👩🏽‍🌾';
export const RTL = 'خدمات الأشجار עצים \u202Eevil.exe\u202C';
export const LINE_SEPARATORS = 'line\u2028separator\u2029paragraph';
/** Exactly 500 characters, markup included. */
export const LONG_TITLE = `${SCRIPT_BREAK} ${ATTR_BREAK} ${'Very long tree removal title '.repeat(20)}`.slice(0, 500);

/** The pages the hostile text goes into: a service and a city with a FAQ and a dialog title, a post with a FAQ (the
 *  content's first of each), the about page and the home page, as the route table names them. */
const routes = routeTable(site);
const pageOf = (kind: string, has: (d: any) => unknown = () => true) => {
  const r = routes.find((r) => r.kind === kind && has(r.data));
  if (!r) throw new Error(`hostile content: no ${kind} page to write into`);
  return { file: r.source, path: r.path, name: r.data?.name as string };
};
const service = pageOf('service', (d) => d.faq?.length && d.dialog?.title);
const city = pageOf('city', (d) => d.faq?.length);
const post = pageOf('post', (d) => d.faq?.length);
const about = pageOf('about');
const home = pageOf('home');

/** What each changed field now holds, so tests can look for the literal text. */
export const HOSTILE = {
  business: `${site.business.name} "Quoted" & <b>bold</b> ${EMOJI}`,
  service: {
    ...service,
    name: `${service.name} ${SCRIPT_BREAK}`,
    title: LONG_TITLE,
    description: `${ATTR_BREAK} ${QUOTES} ${AMPERSANDS}`,
    dialogTitle: `${ATTR_BREAK} ${EMOJI}`,
    faqQ: `${SCRIPT_BREAK} ${EMOJI} ${AMPERSANDS}?`,
    faqA: `${SCRIPT_BREAK} and ${ATTR_BREAK} with ${EMOJI}, ${RTL} & more.`,
  },
  city: {
    ...city,
    name: `${city.name} ${ATTR_BREAK} ${RTL}`,
    title: `${QUOTES} ${AMPERSANDS}`,
    description: `${SCRIPT_BREAK} ${EMOJI}`,
    faqQ: `${ATTR_BREAK} ${QUOTES}`,
    faqA: `${QUOTES} & ${SCRIPT_BREAK}`,
  },
  post: {
    file: post.file,
    path: post.path,
    title: `${SCRIPT_BREAK} ${RTL}`,
    description: `${ATTR_BREAK} ${EMOJI} ${LINE_SEPARATORS}`,
    summary: `${AMPERSANDS} ${SCRIPT_BREAK}`,
    faqQ: `${QUOTES} ${LINE_SEPARATORS}`,
    faqA: `${ATTR_BREAK} ${RTL}`,
  },
  about: { file: about.file, path: about.path, title: `${ATTR_BREAK} ${AMPERSANDS}`, description: `${SCRIPT_BREAK} ${QUOTES}` },
  home: { file: home.file, path: home.path, title: `${EMOJI} ${QUOTES}`, description: `${RTL} ${AMPERSANDS} ${ATTR_BREAK}` },
};

/** Puts HOSTILE into a fixture's content: each page's fields, its first FAQ and its estimate dialog's title. */
export function makeHostile(fx: Fixture) {
  fx.editData('site.yaml', (site) => (site.business.name = HOSTILE.business));
  const { business, ...pages } = HOSTILE;
  for (const page of Object.values(pages)) {
    const { file, path, faqQ, faqA, dialogTitle, ...fields } = page as Record<string, string>;
    fx.editData(file, (d) => {
      Object.assign(d, fields);
      if (faqQ) d.faq[0] = { q: faqQ, a: faqA };
      if (dialogTitle) d.dialog.title = dialogTitle;
    });
  }
}
