// The frame of every page: head, header, menus, breadcrumb, footer, review bar and toasts; and the estimate file, which
// the client fetches for a page with estimate buttons (the dialog and its toasts).
import { Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { escapeHtml } from '../escape.ts';
import { kindList, kinds } from '../model/kinds.ts';
import type { PageMeta, Site } from '../model/types.ts';
import { EstimateDialog, PAGE_MESSAGES } from './forms.tsx';
import { Head, pageTitle } from './Head.tsx';
import { Icon } from './icons.tsx';
import { collectStyles, useStyle, type StyleFile } from '../styles.ts';

export interface Crumb {
  label: string;
  href: string;
}

const titleCase = (segment: string) =>
  segment
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** Home plus one crumb per path segment, title-cased, with the labels a page asks for. */
export function breadcrumbs(path: string, site: Site): Crumb[] {
  const crumbs: Crumb[] = [{ label: site.labels.home, href: '/' }];
  let href = '';
  for (const segment of path.split('/').filter(Boolean)) {
    href += `/${segment}`;
    const service = site.services.find((s) => s.path === href);
    // a city's page lives in a folder that is no page (/service-area/burnaby): its step is the index of the cities
    if (`${href}/x` === kinds.city.path('x'))
      crumbs.push({ label: titleCase(kinds.serviceAreas.path.slice(1)), href: kinds.serviceAreas.path });
    else crumbs.push({ label: service?.breadcrumb ?? titleCase(segment), href });
  }
  return crumbs;
}

/** The whole document as a string: head, header and menus, the page, footer, review bar and, with a form, toasts. A
 * page with estimate buttons names the estimate file and its own title, which the dialog's request records. The body
 * renders first, so that the head's <style> holds the CSS of what it rendered (templates/styles.ts); the frame around
 * it is rendered once per build for the pages it shows alike (frame). */
export function renderDocument(props: {
  site: Site;
  meta: PageMeta;
  jsonLd: object[];
  crumbs?: Crumb[];
  dialog?: boolean;
  form?: boolean;
  body: () => ReactNode;
}): string {
  const { site, meta } = props;
  const title = pageTitle(meta, site);
  const body = props.dialog ? `<body data-estimate-ui="${site.assets.dialog}" data-page-title="${escapeHtml(meta.title)}">` : '<body>';
  const around = frame(site, meta.path);
  const { result: markup, styles } = collectStyles(() => {
    useStyle('layout', ...around.styles);
    const main = renderToStaticMarkup(
      <main id="main" tabIndex={-1}>
        {props.crumbs && <Breadcrumb crumbs={props.crumbs} label={site.labels.breadcrumb} />}
        {props.body()}
      </main>,
    );
    return around.top + main + around.bottom + (props.form ? renderToStaticMarkup(<Toasts site={site} />) : '');
  });
  return (
    // the alert's end, for the head script, which hides the alert from then on (client/inline/head.ts)
    `<!doctype html><html lang="en-CA"${site.alert ? ` data-alert-end="${site.alert.end}"` : ''}>` +
    renderToStaticMarkup(<Head meta={meta} site={site} title={title} jsonLd={props.jsonLd} style={site.assets.css(styles)} />) +
    body +
    markup +
    '</body></html>'
  );
}

/** The frame around a page's main: above it the skip link, alert, header and mobile menu, below it footer and review
 * bar, with the CSS files they declared. */
interface Frame {
  top: string;
  bottom: string;
  styles: StyleFile[];
}

/** Each build's frames (a build's site model does not change once its pages render), by the page they mark. */
const frames = new WeakMap<Site, { marked: Set<string>; made: Map<string | undefined, Frame> }>();

/**
 * The frame of a page at this path. It differs only on the pages it marks: a page its menus link to (aria-current)
 * and home (whose contact link is #contact); every other page, each post, say, has the same one, rendered once. Its
 * parts see only `here`, the path when it is marked, so they cannot differ by anything else.
 */
function frame(site: Site, path: string): Frame {
  let built = frames.get(site);
  if (!built) {
    const linked = site.navigation.flatMap((item) => [item.path, ...(item.menu ? menuLinks(site, item.menu).map((l) => l.path) : [])]);
    built = { marked: new Set(['/', ...linked.filter((p) => p !== undefined)]), made: new Map() };
    frames.set(site, built);
  }
  const here = built.marked.has(path) ? path : undefined;
  let made = built.made.get(here);
  if (!made) {
    const { result, styles } = collectStyles(() => ({
      top: renderToStaticMarkup(
        <>
          <a className="skip-link" href="#main">
            {site.header.skipLink}
          </a>
          {site.alert && <SiteAlert site={site} alert={site.alert} />}
          <Header site={site} here={here} />
          <MobileMenu site={site} here={here} />
        </>,
      ),
      bottom: renderToStaticMarkup(
        <>
          <Footer site={site} here={here} />
          <ReviewBar site={site} />
        </>,
      ),
    }));
    made = { ...result, styles };
    built.made.set(here, made);
  }
  return made;
}

/** Where the quote forms' messages show (client/first-visit/toaster.tsx), with the words the first-visit module says and the words
 * file's address (forms.tsx formWords: what the delivery module alone says). */
function Toasts({ site }: { site: Site }) {
  useStyle('toasts');
  const m = site.forms.messages;
  return (
    <div
      id="toasts"
      className="toasts"
      aria-live="polite"
      data-default-duration={site.timing.toastDefault}
      data-swipe={site.timing.swipeThreshold}
      data-words={JSON.stringify(Object.fromEntries(PAGE_MESSAGES.map((k) => [k, m[k]])))}
      data-words-file={site.assets.words}
    ></div>
  );
}

/**
 * The estimate file: the dialog and its toasts, which only the client shows, so they are not in a page's first response
 * (docs/decisions/first-paint.md). The client fetches it on a page with estimate buttons, links its stylesheet and
 * moves both into the page. Netlify's deploy finds the estimate form here.
 */
export function renderEstimateFile(site: Site, stylesheet: string): string {
  return (
    '<!doctype html>' +
    renderToStaticMarkup(
      <html lang="en-CA">
        <head>
          <meta charSet="utf-8" />
          <meta name="robots" content="noindex" />
          <title>{site.forms.labels.dialogTitle}</title>
          {stylesheet && <link rel="stylesheet" href={stylesheet} />}
        </head>
        <body>
          <Toasts site={site} />
          <EstimateDialog site={site} />
        </body>
      </html>,
    )
  );
}

/**
 * What the estimate file's stylesheet holds: the CSS its parts declare, less what every page carries (its frame: the
 * header, menus, footer and review bar every page renders). Its files come last in the cascade order
 * (templates/styles.ts), so linked after a page's own <style> they change nothing on the page, even where that page
 * carries some of them too (a page with a quote form of its own).
 */
export function estimateFileStyles(site: Site): StyleFile[] {
  const every = frame(site, '/').styles;
  return collectStyles(() => renderEstimateFile(site, '')).styles.filter((s) => !every.includes(s));
}

/** site.yaml's alert, above the header: in the HTML itself, so it takes its place before the first paint. In storm mode
 * (alert.storm) it says what to do first (site.yaml storm:), the phone big, on every page; the head script hides it
 * all at the alert's end (client/inline/head.ts). */
function SiteAlert({ site, alert }: { site: Site; alert: NonNullable<Site['alert']> }) {
  useStyle('alert', 'buttons');
  const b = site.business;
  const call = (className: string, size: number) => (
    <a className={`btn btn-action ${className}`} href={`tel:${b.phoneE164}`}>
      <Icon name="phone" size={size} />
      {b.phone}
    </a>
  );
  return (
    <div className="site-alert" role="status">
      <p className="container site-alert__inner">
        <Icon name="alert" size={20} />
        {/* the message is HTML: content's Markdown, rendered and escaped by the build */}
        <span className="site-alert__message">
          {alert.link ? (
            <a href={alert.link} dangerouslySetInnerHTML={{ __html: alert.message }} />
          ) : (
            <span dangerouslySetInnerHTML={{ __html: alert.message }} />
          )}
        </span>
        {!alert.storm && call('site-alert__call', 18)}
      </p>
      {alert.storm && <StormSteps site={site} call={call('btn-lg storm__call', 22)} />}
    </div>
  );
}

/** Storm mode's first steps: each case and what to do, the phone, the way to send photos marked urgent (the home
 * page's form, which then has the box for it) and the advice's source. */
function StormSteps({ site, call }: { site: Site; call: ReactNode }) {
  useStyle('storm');
  const s = site.storm;
  return (
    <div className="container storm">
      <p className="storm__heading">{s.heading}</p>
      <ul className="storm__steps">
        {s.steps.map((step) => (
          <li key={step.when}>
            <strong>{step.when}:</strong> {step.then}
          </li>
        ))}
      </ul>
      <p className="storm__actions">
        {call}
        <a className="btn btn-outline" href="/#contact">
          {s.photos}
        </a>
        <a className="storm__source" href={s.source.url} target="_blank" rel="nofollow noopener noreferrer">
          {s.source.label}
          <span className="visually-hidden"> {site.labels.newTab}</span>
        </a>
      </p>
    </div>
  );
}

export function Logo({ site }: { site: Site }) {
  useStyle('header');
  // "Fraser Canopy" over "Tree Care": the last two words (or the last one) make the small line
  const words = site.business.name.split(' ');
  const cut = Math.max(1, words.length - 2);
  const top = words.slice(0, cut).join(' ');
  const bottom = words.slice(cut).join(' ');
  return (
    <a className="logo" href="/">
      <svg className="logo__mark" viewBox="0 0 40 40" width="40" height="40" aria-hidden="true">
        <circle cx="20" cy="20" r="20" fill="#1f4d36" />
        <path d="M20 7l-7 10h4l-6 8h6l-5 6h16l-5-6h6l-6-8h4z" fill="#f4efe4" />
        <rect x="18.5" y="30" width="3" height="5" rx="1" fill="#d97706" />
      </svg>
      <span className="logo__text">
        {top}
        <small>{bottom}</small>
      </span>
    </a>
  );
}

/** aria-current on the link to the page being rendered: the marked page's path (frame) against the link's. */
function current(here: string | undefined, linkPath: string) {
  return here === linkPath ? { 'aria-current': 'page' as const } : {};
}

type NavItem = Site['navigation'][number];

/** What a menu item lists: every entry of the kind it names (schemas.ts MENUS), in site.yaml's order, by the field that
 *  names an entry. */
function menuLinks(site: Site, menu: NonNullable<NavItem['menu']>): { key: string; label: string; path: string }[] {
  const kind = kindList.find(([, k]) => k.type === 'collection' && k.field === menu)![1];
  const entries = (site as unknown as Record<string, { slug: string; path: string; [field: string]: unknown }[]>)[menu];
  return entries.map((e) => ({ key: e.slug, label: String(e[kind.editor.identify ?? 'title']), path: e.path }));
}

function Header({ site, here }: { site: Site; here: string | undefined }) {
  useStyle('header', 'buttons');
  const b = site.business;
  const h = site.header;
  return (
    <header className="site-header">
      <div className="info-strip">
        <ul className="container info-strip__list">
          {h.strip.map((item) => (
            <li key={item.text}>
              <Icon name={item.icon} size={16} />
              {item.text}
            </li>
          ))}
        </ul>
      </div>
      <div className="container header-bar">
        <Logo site={site} />
        <nav className="main-nav" aria-label={h.menuLabel}>
          <ul className="main-nav__list">
            {site.navigation.map((item) =>
              item.path !== undefined ? (
                <li key={item.label}>
                  <a href={item.path} {...current(here, item.path)}>
                    {item.label}
                  </a>
                </li>
              ) : (
                <li key={item.label} className="dropdown">
                  <details className="dropdown__details">
                    <summary className="dropdown__toggle">
                      {item.label}
                      <Icon name="chevron" size={16} />
                    </summary>
                    <ul className="dropdown__menu">
                      {menuLinks(site, item.menu!).map((l) => (
                        <li key={l.key}>
                          <a href={l.path} {...current(here, l.path)}>
                            {l.label}
                          </a>
                        </li>
                      ))}
                    </ul>
                  </details>
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="header-actions">
          <a className="btn btn-outline header-contact" href={here === '/' ? '#contact' : '/#contact'}>
            {h.contact}
          </a>
          <a className="btn btn-action header-call" href={`tel:${b.phoneE164}`} aria-label={h.callNowLabel}>
            <Icon name="phone" size={18} />
            <span className="header-call__label">{h.callNow}</span>
          </a>
          <a className="menu-toggle" href="#mobile-menu" aria-controls="mobile-menu" aria-label={h.openMenu}>
            <Icon name="menu" size={24} />
          </a>
        </div>
      </div>
    </header>
  );
}

function MobileMenu({ site, here }: { site: Site; here: string | undefined }) {
  useStyle('mobile-menu', 'buttons');
  const b = site.business;
  const h = site.header;
  return (
    <div id="mobile-menu" className="mobile-menu" data-label={h.mobileMenu}>
      <a className="mobile-menu__backdrop" href="#" tabIndex={-1} aria-hidden="true" data-menu-close=""></a>
      <nav className="mobile-menu__panel" aria-label={h.mobileMenuLabel}>
        <div className="mobile-menu__head">
          <span className="mobile-menu__title">{h.mobileMenu}</span>
          <a className="mobile-menu__close" href="#" aria-label={h.closeMenu} data-menu-close="">
            <Icon name="close" size={24} />
          </a>
        </div>
        <ul className="mobile-menu__list">
          {site.navigation
            .filter((item) => !item.menu)
            .map((item) => (
              <li key={item.label}>
                <a href={item.path} {...current(here, item.path!)}>
                  {item.label}
                </a>
              </li>
            ))}
        </ul>
        {site.navigation
          .filter((item) => item.menu)
          .map((item) => (
            <Fragment key={item.label}>
              <p className="mobile-menu__group">{item.label}</p>
              <ul className="mobile-menu__list">
                {item.path !== undefined && (
                  <li>
                    <a href={item.path} {...current(here, item.path)}>
                      {item.menuLink ?? item.label}
                    </a>
                  </li>
                )}
                {menuLinks(site, item.menu!).map((l) => (
                  <li key={l.key}>
                    <a href={l.path} {...current(here, l.path)}>
                      {l.label}
                    </a>
                  </li>
                ))}
              </ul>
            </Fragment>
          ))}
        <ul className="mobile-menu__list mobile-menu__list--actions">
          <li>
            <a className="btn btn-outline" href={here === '/' ? '#contact' : '/#contact'}>
              {h.contact}
            </a>
          </li>
          <li>
            <a className="btn btn-action" href={`tel:${b.phoneE164}`}>
              <Icon name="phone" size={18} />
              {site.labels.call}
            </a>
          </li>
        </ul>
      </nav>
    </div>
  );
}

export function Breadcrumb({ crumbs, label }: { crumbs: Crumb[]; label: string }) {
  useStyle('breadcrumb');
  return (
    <nav className="breadcrumb container" aria-label={label}>
      <ol>
        {crumbs.map((c, i) => (
          <li key={c.href}>{i === crumbs.length - 1 ? <span aria-current="page">{c.label}</span> : <a href={c.href}>{c.label}</a>}</li>
        ))}
      </ol>
    </nav>
  );
}

function Footer({ site, here }: { site: Site; here: string | undefined }) {
  useStyle('footer');
  const b = site.business;
  const a = b.address;
  const f = site.footer;
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Logo site={site} />
          <p>{f.blurb}</p>
        </div>
        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className="footer-heading">
            {f.servicesHeading}
          </h2>
          <ul>
            {site.services.map((s) => (
              <li key={s.slug}>
                <a href={s.path}>{s.name}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="footer-heading">
            {f.companyHeading}
          </h2>
          <ul>
            {site.navigation
              .filter((item) => item.path !== undefined && item.path !== '/')
              .map((item) => (
                <li key={item.label}>
                  <a href={item.path}>{item.label}</a>
                </li>
              ))}
            {site.jobs.length > 0 && (
              <li>
                <a href={kinds.recentWork.path}>{site.recentWork.footerLink}</a>
              </li>
            )}
            <li>
              <a href={here === '/' ? '#contact' : '/#contact'}>{site.header.contact}</a>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="footer-heading">{f.contactHeading}</h2>
          <ul className="footer-contact">
            <li>
              <Icon name="phone" size={18} />
              <a href={`tel:${b.phoneE164}`}>{b.phone}</a>
            </li>
            <li>
              <Icon name="mail" size={18} />
              <a href={`mailto:${b.email}`}>{b.email}</a>
            </li>
            <li>
              <Icon name="pin" size={18} />
              <a href={b.mapUrl} target="_blank" rel="noopener noreferrer">
                {a.street}, {a.city}, {a.region} {a.postalCode}
                <span className="visually-hidden"> {site.labels.mapNewTab}</span>
              </a>
            </li>
            <li>
              <Icon name="clock" size={18} />
              {b.hours}
            </li>
          </ul>
        </div>
      </div>
      <div className="container footer-bottom">
        <p>{f.copyright}</p>
        <a href="/sitemap.xml">{f.sitemap}</a>
      </div>
    </footer>
  );
}

function ReviewBar({ site }: { site: Site }) {
  useStyle('review-bar');
  const r = site.reviewBar;
  return (
    <aside className="review-bar" aria-label={r.label}>
      <p className="container review-bar__inner">
        <Icon name="star" size={18} />
        <span>{r.question}</span>
        <a href={site.business.reviewUrl} target="_blank" rel="noopener noreferrer">
          {r.link}
          <span className="visually-hidden"> {site.labels.newTab}</span>
        </a>
      </p>
    </aside>
  );
}
