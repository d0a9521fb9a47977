// The editor's own script (browser/main.ts) bundled for /admin: the build's own rule code (schemas, kinds, Markdown,
// routes) with zod and marked, for the browser, and the backend the editor saves to (config.ts editorBackend) as data.
// Named by its hash, like Sveltia's script beside it.
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
