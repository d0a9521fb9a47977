// The site's CSS (each page's inline <style>, the estimate file's stylesheet), its JavaScript (named by content hash),
// and the inline scripts (client/inline/head.ts, client/inline/redirect.ts), bundled from their files.
import { createHash } from 'node:crypto';
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { transform } from 'lightningcss';
import { STYLES, type StyleFile } from '../templates/styles.ts';
import { ROOT } from './root.ts';

/** The favicon as every head names it: static/favicon.svg itself as a data: URL while it is small (a request fewer
 * before the first paint, for under 300 bytes in the page), its address otherwise. */
export async function iconHref(staticDir: string): Promise<string> {
  const file = path.join(staticDir, 'favicon.svg');
  const svg = existsSync(file) ? (await fs.readFile(file, 'utf8')).trim() : '';
  if (!svg || svg.length > 1024) return '/favicon.svg';
  // A valid URL (the Nu Html Checker refuses a raw space): every character URLs do not allow as it is, percent-encoded.
  // Its attributes' double quotes become single ones first, one byte each rather than %22's three, when it has none.
  const quoted = svg.includes("'") ? svg : svg.replaceAll('"', "'");
  return `data:image/svg+xml,${quoted.replace(/[^\w!$&'()*+,\-./:;=?@~]/g, (c) => encodeURIComponent(c))}`;
}

export function contentHash(buf: string | Uint8Array): string {
  return createHash('sha256').update(buf).digest('hex').slice(0, 10);
}

const TARGETS = { chrome: 100 << 16, firefox: 100 << 16, safari: 15 << 16 };

/**
 * The CSS of a set of files of styles/ (what a page's components declared, templates/styles.ts), in the stylesheet's
 * cascade order and minified: made once per distinct set, as pages of a kind mostly render the same components.
 */
export async function stylesheets(): Promise<(files: readonly StyleFile[]) => string> {
  const texts = new Map(
    await Promise.all(STYLES.map(async (f) => [f, await fs.readFile(path.join(ROOT, 'styles', `${f}.css`), 'utf8')] as const)),
  );
  const made = new Map<string, string>();
  return (files) => {
    const set = STYLES.filter((f) => files.includes(f));
    const key = set.join(' ');
    let css = made.get(key);
    if (css === undefined) {
      const { code } = transform({
        filename: `styles/{${key}}.css`,
        code: Buffer.from(set.map((f) => texts.get(f)).join('\n')),
        minify: true,
        targets: TARGETS,
      });
      css = code.toString();
      // the HTML parser ends a <style> element at the first "</style", whatever the CSS around it means
      if (/<\/style/i.test(css)) throw new Error('styles/: the CSS contains "</style", which would end the inline <style> element early');
      made.set(key, css);
    }
    return css;
  };
}

/** The whole stylesheet: every file of styles/, in cascade order, minified (what the tests compare pages against). */
export async function bundleCss(): Promise<string> {
  return (await stylesheets())(STYLES);
}

/** The client: the first-visit module, and the chunks it imports later (quote delivery, once a form is touched). */
export interface ClientBundle {
  main: string;
  chunks: { file: string; text: string }[]; // file names carry esbuild's content hash, beside the main module
}

/** esbuild is imported with this module, not at its first use: a build's call then sends its request at once, and
 * esbuild bundles the client while the build loads the content, which holds the event loop (a dynamic import waited
 * for it; esbuild's service process still starts only at the first call). */
export async function bundleJs(): Promise<ClientBundle> {
  const r = await build({
    entryPoints: [path.join(ROOT, 'client/first-visit/main.tsx')],
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

/** The inline scripts: the head script (client/inline/head.ts) with the app module's path, and the alert's code only when
 * the build has an alert up; the redirect stubs' script (client/inline/redirect.ts). Each an IIFE, minified. */
export async function inlineScripts(app: string, withAlert: boolean): Promise<{ head: string; redirect: string }> {
  const one = async (file: string) => {
    const r = await build({
      entryPoints: [path.join(ROOT, 'client/inline', file)],
      bundle: true,
      format: 'iife',
      minify: true,
      write: false,
      define: { APP_MODULE: JSON.stringify(app), WITH_ALERT: String(withAlert) },
      target: ['chrome100', 'firefox100', 'safari15'],
      legalComments: 'none',
      logLevel: 'silent',
    });
    const text = r.outputFiles[0].text.trim();
    // the HTML parser ends a <script> element at the first "</script"
    if (/<\/script/i.test(text)) throw new Error(`client/inline/${file}: the bundle contains "</script"`);
    return text;
  };
  const [head, redirect] = await Promise.all([one('head.ts'), one('redirect.ts')]);
  return { head, redirect };
}
