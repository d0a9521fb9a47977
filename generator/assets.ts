// The site's own CSS (inlined in every page's head) and JavaScript (named by content hash), and the two inline scripts.
import { createHash } from 'node:crypto';
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { bundle, transform, type Selector } from 'lightningcss';
import { LEAD_FIELDS, LEAD_MAX, UTM_FIELDS } from '../templates/model/constants.ts';
import { ROOT } from './root.ts';

// Runs before paint: the www rule, and the `js` class that lets CSS prepare enhancements. If the app module has
// not started within 3 s (blocked, offline), the class goes again so nothing stays hidden waiting for it.
// It then starts the app module once the first paint is on screen (the browser reports it to a paint observer; at
// once in a hidden tab, which paints nothing, and in a browser without paint timing; at the latest after 1.5 s), so
// nothing the page fetches or runs comes before its first paint. import() of the same module twice runs it once.
// A page built while site.yaml's alert is up names the alert's end on <html> (data-alert-end, ms since the epoch):
// from then on the `alert-over` class hides it, before the first paint for a page opened later, at that moment for a
// page left open (a timer only within setTimeout's range, about 24 days; a longer alert is caught on the next visit).
// A build without an alert leaves that part out: none of its pages has one to hide.
export function headScript(js: string, withAlert: boolean): string {
  const start = `function(){import('${js}')}`;
  const alert = withAlert
    ? `var e=d.dataset.alertEnd-Date.now(),h=function(){d.classList.add('alert-over')};if(e>0){if(2e9>e)setTimeout(h,e)}else if(e==e)h();`
    : '';
  return `var d=document.documentElement;d.classList.add('js');${alert}setTimeout(function(){if(!d.dataset.app)d.classList.remove('js')},3000);if(location.hostname.indexOf('www.')===0)location.replace(location.protocol+'//'+location.host.slice(4)+location.pathname+location.search+location.hash);else{${LEAD_CAPTURE}var a=${start},P=window.PerformanceObserver,t=P&&P.supportedEntryTypes;if(document.hidden||!t||t.indexOf('paint')==-1)a();else{setTimeout(a,1500);try{new P(function(l,o){o.disconnect();setTimeout(a)}).observe({type:'paint',buffered:true})}catch(e){a()}}}`;
}

/**
 * Where the visit came from, kept for the quote forms (client/forms.ts): on the first page of a visit in this tab, its
 * path and query, the host of the site that linked to it (never the whole address) and the link's campaign tags, each
 * without control characters (CR, LF), trimmed and at most LEAD_MAX long. In sessionStorage: no cookie, gone with the
 * tab. A later page finds it kept and leaves it. The redirect stubs run it too, so an old address keeps the referrer.
 */
export const LEAD_CAPTURE = `try{var s=sessionStorage;if(!s.lead){var c=function(x){return x.replace(/[\\x00-\\x1f\\x7f]+/g,' ').trim().slice(0,${LEAD_MAX})},r=document.referrer,q=new URLSearchParams(location.search),v={${LEAD_FIELDS.landing}:c(location.pathname+location.search),${LEAD_FIELDS.referrer}:r?c(new URL(r).hostname.replace(/^www\\./,'')):''};${JSON.stringify(UTM_FIELDS)}.forEach(function(k){var x=c(q.get(k)||'');if(x)v[k]=x});s.lead=JSON.stringify(v)}}catch(e){}`;
/** The favicon as every head names it: static/favicon.svg itself as a data: URL while it is small (a request fewer
 * before the first paint, for under 300 bytes in the page), its address otherwise. */
export async function iconHref(staticDir: string): Promise<string> {
  const file = path.join(staticDir, 'favicon.svg');
  const svg = existsSync(file) ? (await fs.readFile(file, 'utf8')).trim() : '';
  if (!svg || svg.length > 1024) return '/favicon.svg';
  return `data:image/svg+xml,${svg.replace(/[%#<>"\n]/g, (c) => encodeURIComponent(c))}`;
}
export const REDIRECT_SCRIPT = `${LEAD_CAPTURE}var d=document.documentElement.dataset;location.replace(d.to+location.search+(location.hash||d.hash||''))`;

export function contentHash(buf: string | Uint8Array): string {
  return createHash('sha256').update(buf).digest('hex').slice(0, 10);
}

/** The whole stylesheet, minified: what each kind of page carries a share of in its head's <style> (styleForKind). */
export async function bundleCss(): Promise<string> {
  const { code } = bundle({
    filename: path.join(ROOT, 'styles/main.css'),
    minify: true,
    targets: TARGETS,
  });
  const css = code.toString();
  // the HTML parser ends a <style> element at the first "</style", whatever the CSS around it means
  if (/<\/style/i.test(css)) throw new Error('styles/: the CSS contains "</style", which would end the inline <style> element early');
  return css;
}

const TARGETS = { chrome: 100 << 16, firefox: 100 << 16, safari: 15 << 16 };

/** Adds the classes and ids a rendered page names (outside its <style>) to `named`. */
export function namesIn(page: string, named: Set<string>): void {
  for (const m of page.replace(/<style>[^<]*<\/style>/, '').matchAll(/\s(?:class|id)="([^"]*)"/g))
    for (const name of m[1].split(/\s+/)) named.add(name);
}

/**
 * The class each client module works on: its words (the classes it adds, the toasts it builds) count for a page only
 * where the page, or the estimate file it fetches, names that class. The modules not listed serve every page.
 */
export const MODULE_CLASSES: Record<string, string> = {
  'forms.ts': 'quote-form',
  'delivery.ts': 'quote-form',
  'toaster.tsx': 'quote-form',
  'map.ts': 'map',
  'reveal.ts': 'reveal',
};

/** A script the pages may run: its text, and the class it works on (none: every page). */
export interface Script {
  text: string;
  on?: string;
}

/** The client's sources, each with the class it works on (none: every page). */
export async function clientSources(): Promise<Script[]> {
  const dir = path.join(ROOT, 'client');
  const files = (await fs.readdir(dir)).filter((f) => /\.tsx?$/.test(f));
  return Promise.all(files.map(async (f) => ({ text: await fs.readFile(path.join(dir, f), 'utf8'), on: MODULE_CLASSES[f] })));
}

/** What a set of pages and scripts names: every class and id the pages name, every word of the scripts, and the fixed
 * starts of the classes a script puts together (`toast--${variant}` keeps every class `toast--` begins). */
export interface Named {
  names: Set<string>;
  starts: string[];
}
export function named(pageNames: Iterable<string>, scripts: string[]): Named {
  const names = new Set(pageNames);
  for (const script of scripts) for (const [word] of script.matchAll(/[\w-]+/g)) names.add(word);
  return { names, starts: scripts.flatMap((script) => [...script.matchAll(/([\w-]+)\$\{/g)].map((m) => m[1])) };
}
/** What several kinds name together. */
export function union(all: Named[]): Named {
  return { names: new Set(all.flatMap((n) => [...n.names])), starts: all.flatMap((n) => n.starts) };
}
const has = (n: Named, name: string) => n.names.has(name) || n.starts.some((start) => name.startsWith(start));

/** The classes and ids an element must have for a selector to match it: those of its compound selectors, not those
 * inside :not(), :is() and the like (a selector with :not(.x) matches on a page that names no .x). */
function needs(selector: Selector): string[] {
  return selector.flatMap((c) => (c.type === 'class' || c.type === 'id' ? [c.name] : []));
}

/** The stylesheet with only the selectors `keep` accepts (a rule left with none goes, and an @media left empty),
 * minified. Other rules (@keyframes, and custom properties under :root, which need no class) stay unless `onlyStyle`. */
function rulesWhere(whole: string, keep: (needs: string[]) => boolean, onlyStyle = false): string {
  const { code } = transform({
    filename: 'style.css',
    code: Buffer.from(whole),
    minify: true,
    targets: TARGETS,
    // a style rule's own selectors (not those inside :not() and the like); rewriting whole rules would not do, as
    // lightningcss 1.33 cannot read back a declaration with var() from JavaScript
    visitor: { Selector: (s) => (keep(needs(s)) ? s : []), ...(onlyStyle ? { Rule: { keyframes: () => [] } } : {}) },
  });
  return code.toString();
}

/**
 * A kind of page's share of the stylesheet: the rules whose selectors need only classes and ids its pages or its
 * scripts name (`Named`: the head script and the client modules that run on it, which add classes and build toasts).
 * About 1.2-2.2 KB brotli less a page, so that pages arrive whole in TCP's first window
 * (docs/decisions/stylesheet-per-kind.md). A kind whose pages fetch the estimate file also carries the rules its
 * dialog needs that some such kind names (`dialog`), so that none is both here and in the file's stylesheet.
 */
export function styleForKind(whole: string, kind: Named, dialog?: DialogNames): string {
  const shared = (n: string) => !!dialog && has(dialog.ui, n) && has(dialog.pages, n);
  return rulesWhere(whole, (needs) => needs.every((n) => has(kind, n) || shared(n)));
}

/** What the estimate file names (`ui`: its dialog, its toasts, the form modules) and the pages that fetch it (`pages`). */
export interface DialogNames {
  ui: Named;
  pages: Named;
}

/**
 * The stylesheet of what the client adds from the estimate file (the dialog and its toasts): the rules whose selectors
 * need only what the file names, less those whose selectors need only what the pages that fetch it name, which they
 * carry (styleForKind). Linked after a page's own <style>; no selector is in both (docs/decisions/estimate-file.md).
 */
export function styleApart(whole: string, { ui, pages }: DialogNames): string {
  return rulesWhere(whole, (needs) => needs.every((n) => has(ui, n)) && !needs.every((n) => has(pages, n)), true);
}

/** What the build knows of a kind of page once its pages are rendered: the classes and ids they name, and whether
 * they name the estimate file (have estimate buttons). */
export interface KindSeen {
  names: Set<string>;
  dialog: boolean;
}

/**
 * Each kind's share of the whole stylesheet, and the stylesheet of the estimate file (`estimateFile`, rendered) when
 * some kind's pages fetch it. A script's words count where the page (or the file) names the class it works on.
 */
export function shareStyle(whole: string, kinds: Map<string, KindSeen>, estimateFile: string, scripts: Script[]) {
  const namedBy = (names: Set<string>) =>
    named(
      names,
      scripts.filter((s) => !s.on || names.has(s.on)).map((s) => s.text),
    );
  const byKind = new Map([...kinds].map(([k, kind]) => [k, namedBy(kind.names)]));
  const fetching = [...kinds].filter(([, kind]) => kind.dialog).map(([k]) => byKind.get(k)!);
  const uiNames = new Set<string>();
  namesIn(estimateFile, uiNames);
  const dialog = fetching.length ? { ui: namedBy(uiNames), pages: union(fetching) } : undefined;
  const shares = new Map([...kinds].map(([k, kind]) => [k, styleForKind(whole, byKind.get(k)!, kind.dialog ? dialog : undefined)]));
  return { shares, sheet: dialog && styleApart(whole, dialog) };
}

/** The client: the first-visit module, and the chunks it imports later (quote delivery, once a form is touched). */
export interface ClientBundle {
  main: string;
  chunks: { file: string; text: string }[]; // file names carry esbuild's content hash, beside the main module
}

export async function bundleJs(): Promise<ClientBundle> {
  const esbuild = await import('esbuild'); // its service process starts only for a build, not for loadSite()
  const r = await esbuild.build({
    entryPoints: [path.join(ROOT, 'client/main.tsx')],
    bundle: true,
    splitting: true,
    outdir: path.join(ROOT, 'dist-client'), // nothing is written; names only
    entryNames: 'app',
    chunkNames: '[name]-[hash]',
    minify: true,
    format: 'esm',
    write: false,
    jsx: 'automatic',
    jsxImportSource: 'preact',
    target: ['chrome100', 'firefox100', 'safari15'], // as the CSS; these run class fields natively, so no helper is shared between chunks
    legalComments: 'none',
    logLevel: 'silent',
  });
  const isMain = (f: { path: string }) => path.basename(f.path) === 'app.js';
  return {
    main: r.outputFiles.find(isMain)!.text,
    chunks: r.outputFiles.filter((f) => !isMain(f)).map((c) => ({ file: path.basename(c.path), text: c.text })),
  };
}
