// Content written to break things: markup that tries to end a script or open an element, quotes, ampersands,
// emoji, right-to-left text and an over-long title, placed in the fields that reach titles, meta tags, JSON-LD,
// menus, form options and the feed.
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

/** What each changed field now holds, so tests can look for the literal text. */
export const HOSTILE = {
  business: `Fraser "Canopy" & <b>Tree</b> Care ${EMOJI}`,
  service: {
    file: 'services/tree-removal.md',
    path: '/tree-removal',
    name: `Tree Removal ${SCRIPT_BREAK}`,
    title: LONG_TITLE,
    description: `${ATTR_BREAK} ${QUOTES} ${AMPERSANDS}`,
    dialogTitle: `${ATTR_BREAK} ${EMOJI}`,
    faqQ: `${SCRIPT_BREAK} ${EMOJI} ${AMPERSANDS}?`,
    faqA: `${SCRIPT_BREAK} and ${ATTR_BREAK} with ${EMOJI}, ${RTL} & more.`,
  },
  city: {
    file: 'cities/burnaby.md',
    path: '/service-area/burnaby',
    name: `Burnaby ${ATTR_BREAK} ${RTL}`,
    title: `${QUOTES} ${AMPERSANDS}`,
    description: `${SCRIPT_BREAK} ${EMOJI}`,
    faqQ: `${ATTR_BREAK} ${QUOTES}`,
    faqA: `${QUOTES} & ${SCRIPT_BREAK}`,
  },
  post: {
    file: 'blog/vancouver-tree-removal-permit-guide.md',
    path: '/blog/vancouver-tree-removal-permit-guide',
    title: `${SCRIPT_BREAK} ${RTL}`,
    description: `${ATTR_BREAK} ${EMOJI} ${LINE_SEPARATORS}`,
    summary: `${AMPERSANDS} ${SCRIPT_BREAK}`,
    faqQ: `${QUOTES} ${LINE_SEPARATORS}`,
    faqA: `${ATTR_BREAK} ${RTL}`,
  },
  about: { file: 'pages/about.md', path: '/about', title: `${ATTR_BREAK} ${AMPERSANDS}`, description: `${SCRIPT_BREAK} ${QUOTES}` },
  home: { file: 'pages/home.md', path: '/', title: `${EMOJI} ${QUOTES}`, description: `${RTL} ${AMPERSANDS} ${ATTR_BREAK}` },
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
