// `npm run build`: runs build.ts as one plain JavaScript file. esbuild bundles it, with the pure-JavaScript packages it
// imports, into a temp folder that is removed when the process ends; Node then loads that one file. Through tsx, Node
// loaded some 200 modules one by one through the loader's own thread: most of a small build's time. Nothing outlives
// the process, so a copied or moved checkout always runs its own code (docs/decisions/build-speed.md).
//   node generator/start.js build.ts [flags]   (the flags are build.ts's)
// Plain JavaScript, as it runs before anything can read TypeScript. Tests and `npm run dev` run the sources through tsx.
import { mkdtempSync, promises as fs, rmSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// Loaded with require, as the bundle's own import of esbuild then finds it: one esbuild, one service process.
const nodeRequire = createRequire(import.meta.url);
const esbuild = nodeRequire('esbuild');

// Packages with native code or programs of their own stay where they are; the bundle imports them by their path.
const NATIVE = ['sharp', 'lightningcss', 'esbuild'];

if (!process.argv[2]) {
  console.error('usage: node generator/start.js build.ts [flags]');
  process.exit(2);
}
const entry = path.resolve(process.argv[2]);
const dir = mkdtempSync(path.join(os.tmpdir(), 'arborist-build-'));
const removeDir = () => rmSync(dir, { recursive: true, force: true });
process.on('exit', removeDir);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    removeDir();
    if (!process.listenerCount(signal)) process.kill(process.pid, signal); // then as if nobody had listened
  });
}

// React picks its production or development build by NODE_ENV, which generator/env.ts sets unless it is set: decided
// here, the other build is left out of the bundle.
const NODE_ENV = process.env.NODE_ENV ?? 'production';
// react-dom/server holds React's two server renderers, as react-dom/server.node.js requires both; the build calls only
// renderToStaticMarkup, which is in the first: the second (290 KB that esbuild would parse and Node compile on every
// run) is left out. Only the bundle does this; the sources through tsx import react-dom/server itself.
const STATIC_RENDERER = path.join(
  path.dirname(nodeRequire.resolve('react-dom/package.json')),
  `cjs/react-dom-server-legacy.node.${NODE_ENV === 'production' ? 'production' : 'development'}.js`,
);

/** The bundle as the sources run: each module's import.meta.url is its own file's, native packages load from the checkout,
 * and React's server renderer is its static one (STATIC_RENDERER). */
const asSources = {
  name: 'as-sources',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.split(path.sep).includes('node_modules')) return undefined;
      const text = await fs.readFile(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: text.replaceAll('import.meta.url', url), loader: path.extname(args.path).slice(1) };
    });
    build.onResolve({ filter: /^react-dom\/server$/ }, () => ({ path: STATIC_RENDERER }));
    build.onResolve({ filter: new RegExp(`^(${NATIVE.join('|')})(/|$)`) }, (args) => ({
      path: import.meta.resolve(args.path),
      external: true,
    }));
  },
};

const out = path.join(dir, 'build.mjs');
try {
  await esbuild.build({
    entryPoints: [entry],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node}`,
    define: { 'process.env.NODE_ENV': JSON.stringify(NODE_ENV) },
    logOverride: { 'assign-to-define': 'silent' }, // generator/env.ts still sets it for the process
    plugins: [asSources],
    logLevel: 'error',
  });
} catch {
  process.exit(1); // esbuild has printed why (a syntax error, a missing file)
}
process.argv.splice(1, 2, entry); // build.ts reads its flags, and finds it is the command, as when Node runs it
// The CommonJS packages bundled (React's server renderer, gray-matter) require Node's own modules: esbuild's shim calls
// a global require where there is one, so the bundle gets one that serves those. Nothing else: the bundle carries every
// package the build imports, and what a package only tries to load is not loaded (gray-matter's YAML parser tries
// esprima, 280 KB, for a tag the build never parses with it).
globalThis.require = (id) => {
  if (isBuiltin(id)) return nodeRequire(id);
  throw Object.assign(new Error(`Cannot find module '${id}': the build's bundle carries its packages`), { code: 'MODULE_NOT_FOUND' });
};
await import(pathToFileURL(out).href);
