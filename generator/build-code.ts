// The build's own code as one plain JavaScript module: generator/build-site.ts, the templates and the packages
// they use, bundled by esbuild and kept under a hash of the code. `npm run build` runs the build from it, and the
// helper threads that render blog posts load it too. Loaded through tsx, the same code takes about 0.3 s more to
// start: tsx sees each of some 200 modules on its own, where Node reads this one file at once.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';
import { codeFiles, requirePackage, ROOT } from './code-files.ts';

/** What the bundle exports: the build's API (build-site.ts). Its helper threads start from the same file, which the
 *  caller passes to build() (BuildOptions.postWorker): the build's modules never import this one. */
export type BuildCode = typeof import('./build-site.ts');

/** Where bundles are kept: inside the project, so a copy or a move of the project takes them along. */
const BUNDLE_DIR = path.join(ROOT, 'node_modules/.cache/arborist-build');

/** Packages left out of the bundle: native ones the build loads when it needs them, and the dev server's. */
const EXTERNAL = ['esbuild', 'lightningcss', 'chokidar', 'tsx', 'sharp'];

/**
 * The bundle's file, made first when this code has no bundle yet. Inside node_modules, so the packages it leaves
 * out resolve as the sources' do; cold (no node_modules/.cache), making it takes about 0.15 s.
 */
export async function buildCodeFile(): Promise<string> {
  const file = path.join(BUNDLE_DIR, `build-${buildCodeHash()}.mjs`);
  if (!existsSync(file)) await bundle(file);
  return file;
}

/** A hash of the build's code, the tsconfig and the lock file: what the bundle is kept under. */
export function buildCodeHash(): string {
  const hash = createHash('sha256');
  for (const f of [...codeFiles(), 'tsconfig.json', 'package-lock.json'])
    hash
      .update(`${f}\0`)
      .update(readFileSync(path.join(ROOT, f)))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** The build, loaded from its bundle (buildCodeFile()). */
export async function loadBuildCode(file: string): Promise<BuildCode> {
  return import(pathToFileURL(file).href);
}

async function bundle(file: string): Promise<void> {
  const esbuild = requirePackage('esbuild') as typeof import('esbuild');
  const r = await esbuild.build({
    // the build's API, and the post helper, which starts itself when the file is loaded in a helper thread
    stdin: {
      contents: "export * from './generator/build-site.ts';\nimport './generator/post-worker.ts';\n",
      resolveDir: ROOT,
      sourcefile: 'build-code-entry.ts',
      loader: 'ts',
    },
    bundle: true,
    absWorkingDir: ROOT, // the names it gives modules are relative to the project, wherever the build is run from
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    write: false,
    logLevel: 'silent',
    minifyWhitespace: true, // names stay readable in a stack trace; comments go, and the file parses faster
    legalComments: 'none',
    external: EXTERNAL,
    alias: renderOnly(),
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    define: {
      'process.env.NODE_ENV': '"production"',
      // code-files.ts finds the project from the bundle's own address, wherever the project has been copied or
      // moved: so the bundle holds no absolute path, and the same bundle serves every copy (its hash has no path)
      BUNDLE_TO_ROOT: JSON.stringify(path.relative(BUNDLE_DIR, ROOT)),
    },
  });
  const text = r.outputFiles[0].text;
  // tsx rewrites every module that contains a dynamic import, and on a file this size that costs ~0.5 s: the
  // build's code loads its optional packages through requirePackage instead (tests/build/build-code.test.ts).
  const dynamicImport = /\bimport\(/.exec(text); // written so, this file's own source holds no such call either
  if (dynamicImport)
    throw new Error(
      `the bundled build code holds a dynamic import at "${text.slice(dynamicImport.index - 60, dynamicImport.index + 40)}"; load packages with requirePackage`,
    );
  // A path fixed at bundle time would send a copied or moved project back to the original's files.
  if (text.includes(ROOT)) throw new Error(`the bundled build code holds this checkout's path (${ROOT}); find the project from ROOT`);
  const dir = path.dirname(file);
  mkdirSync(dir, { recursive: true });
  const part = `${file}.${process.pid}-${threadId}.tmp`;
  writeFileSync(part, text);
  renameSync(part, file); // atomic: a concurrent build never loads half a file
  const dayAgo = Date.now() - 86_400_000;
  for (const old of readdirSync(dir)) {
    const p = path.join(dir, old);
    if (p !== file && statSync(p).mtimeMs < dayAgo) rmSync(p, { force: true });
  }
}

/**
 * react-dom/server holds two renderers, and the build uses one: renderToStaticMarkup, from the legacy one. The
 * bundle takes just that file (a fifth less code to bundle and to load) while react-dom keeps it where it is.
 */
function renderOnly(): Record<string, string> {
  const legacy = path.join(ROOT, 'node_modules/react-dom/cjs/react-dom-server-legacy.node.production.js');
  return existsSync(legacy) ? { 'react-dom/server': legacy } : {};
}
