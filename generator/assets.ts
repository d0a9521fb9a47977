// The site's own CSS and JavaScript, bundled and named by content hash, and the two inline scripts.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { ROOT } from './code-files.ts';

// Runs before paint: the www rule, and the `js` class that lets CSS prepare enhancements. If the app module has
// not started within 3 s (blocked, offline), the class goes again so nothing stays hidden waiting for it.
export const WWW_SCRIPT =
  "var d=document.documentElement;d.classList.add('js');setTimeout(function(){if(!d.dataset.app)d.classList.remove('js')},3000);if(location.hostname.indexOf('www.')===0)location.replace(location.protocol+'//'+location.host.slice(4)+location.pathname+location.search+location.hash)";
export const REDIRECT_SCRIPT = "var d=document.documentElement.dataset;location.replace(d.to+location.search+(location.hash||d.hash||''))";

export function contentHash(buf: string | Uint8Array): string {
  return createHash('sha256').update(buf).digest('hex').slice(0, 10);
}

export async function bundleCss(): Promise<string> {
  const { bundle } = await import('lightningcss');
  const { code } = bundle({
    filename: path.join(ROOT, 'styles/main.css'),
    minify: true,
    targets: { chrome: 100 << 16, firefox: 100 << 16, safari: 15 << 16 },
  });
  return code.toString();
}

export async function bundleJs(): Promise<string> {
  const esbuild = await import('esbuild');
  const r = await esbuild.build({
    entryPoints: [path.join(ROOT, 'client/main.tsx')],
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    jsx: 'automatic',
    jsxImportSource: 'preact',
    target: 'es2020',
    legalComments: 'none',
    logLevel: 'silent',
  });
  return r.outputFiles[0].text;
}
