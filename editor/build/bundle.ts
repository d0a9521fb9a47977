// The editor's own script (browser/main.ts) bundled for /admin: the build's own rule code (schemas, kinds, Markdown,
// routes) with zod and marked, for the browser, and the backend the editor saves to (config.ts editorBackend) as data.
// Named by its hash, like Sveltia's script beside it. And the office page's script and stylesheet.
import path from 'node:path';
import { contentHash } from '../../generator/assets.ts';
import { ROOT } from '../../generator/root.ts';
import type { Site } from '../../templates/model/types.ts';
import { editorBackend } from './config.ts';

export interface EditorScript {
  name: string;
  code: string;
}

/** The editor's script for `site`'s backend (`apiRoot`: GitHub's API, when not GitHub's own). */
export async function bundleEditorScript(site: Pick<Site, 'cms'>, apiRoot?: string): Promise<EditorScript> {
  const esbuild = await import('esbuild');
  const r = await esbuild.build({
    entryPoints: [path.join(ROOT, 'editor/browser/main.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    write: false,
    platform: 'browser',
    jsx: 'automatic',
    alias: { 'node:path': path.join(ROOT, 'editor/browser/path-shim.ts') },
    loader: { '.css': 'text' }, // the editor's own boxes' stylesheet (editor.css), added by its script
    // what the script needs of the backend, declared in browser/build-values.d.ts
    define: { 'process.env.NODE_ENV': '"production"', EDITOR_BACKEND: JSON.stringify(editorBackend(site, apiRoot)) },
    target: ['chrome100', 'firefox100', 'safari15'],
    legalComments: 'none',
    logLevel: 'silent',
  });
  const code = r.outputFiles[0].text;
  return { name: `editor-rules-${contentHash(code)}.js`, code };
}

/** The office page's script (browser/office.ts) and stylesheet (browser/office.css, on the site's tokens), each named by
 * its hash. What the page needs of the build is data in the page itself (office.ts officePage), so both stay the same
 * from build to build. */
export async function bundleOffice(): Promise<{ script: EditorScript; style: EditorScript }> {
  const esbuild = await import('esbuild');
  const common = { bundle: true, minify: true, write: false, legalComments: 'none', logLevel: 'silent' } as const;
  const [js, css] = await Promise.all([
    esbuild.build({
      ...common,
      entryPoints: [path.join(ROOT, 'editor/browser/office.ts')],
      format: 'iife',
      platform: 'browser',
      target: ['chrome100', 'firefox100', 'safari15'],
    }),
    esbuild.build({
      ...common,
      entryPoints: [path.join(ROOT, 'editor/browser/office.css')],
      target: ['chrome100', 'firefox100', 'safari15'],
    }),
  ]);
  const [code, sheet] = [js.outputFiles[0].text, css.outputFiles[0].text];
  return { script: { name: `office-${contentHash(code)}.js`, code }, style: { name: `office-${contentHash(sheet)}.css`, code: sheet } };
}
