// The editor's save check (editor-script.ts) bundled for /admin: the build's own rule code (schemas, kinds, Markdown,
// routes) with zod and marked, for the browser. Named by its hash, like Sveltia's script beside it.
import path from 'node:path';
import { contentHash } from './assets.ts';
import { ROOT } from './root.ts';

export interface AdminScript {
  name: string;
  code: string;
}

export async function bundleAdminScript(): Promise<AdminScript> {
  const esbuild = await import('esbuild');
  const r = await esbuild.build({
    entryPoints: [path.join(ROOT, 'generator/editor-script.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    write: false,
    platform: 'browser',
    jsx: 'automatic',
    alias: { 'node:path': path.join(ROOT, 'generator/editor-path-shim.ts') },
    loader: { '.css': 'text' }, // the editor's own boxes' stylesheet (editor.css), added by its script
    define: { 'process.env.NODE_ENV': '"production"' },
    target: ['chrome100', 'firefox100', 'safari15'],
    legalComments: 'none',
    logLevel: 'silent',
  });
  const code = r.outputFiles[0].text;
  return { name: `editor-rules-${contentHash(code)}.js`, code };
}
