// The command line: `npm run build` builds content/ into dist/, `npm run dev` serves it and rebuilds on every save.
// The build itself is generator/build-site.ts, the story of one build (load, check, route, render, write, swap);
// this file only reads the flags and runs it. It runs it from its bundled form (generator/build-code.ts), which
// starts in a fraction of the time, so this file imports nothing of the build's own: a static import would load
// it all through tsx first.
//   node --import tsx build.ts [--content DIR] [--out DIR] [--static DIR] [--nginx FILE] [--watch] [--port N] [--threads N] [--drafts] [--quiet] [--from-source]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isMainThread } from 'node:worker_threads';
import type { BuildOptions } from './generator/build-site.ts';
import { buildCodeFile, loadBuildCode, type BuildCode } from './generator/build-code.ts';
import { ROOT } from './generator/code-files.ts';
import { rel } from './generator/errors.ts';
import './generator/trace.ts'; // BUILD_TRACE counts from this process's start, in every thread

const HELP = `Builds the site into dist/ (or --out), or with --watch serves it and rebuilds on every save.

  node --import tsx build.ts [options]        (npm run build; npm run dev adds --watch)

  --content DIR   content to build (default: content/)
  --out DIR       where the site goes, replaced only when the build succeeds (default: dist/)
  --static DIR    files copied as they are (default: static/)
  --nginx FILE    also write an nginx server block for the built site (default when building dist/: deploy/nginx.conf)
  --threads N     threads that render blog posts (default: one per core from 300 posts)
  --watch         build, serve at http://localhost:PORT, rebuild on every save and reload the open tab
  --port N        the dev server's port (default 8080; the next free one when it is taken)
  --drafts        also build draft posts and posts scheduled for a later day (npm run dev always does)
  --quiet         print nothing on success
  --from-source   run the build from its TypeScript sources through tsx, not from the bundled build code:
                  slower to start; for a stack trace that points into the sources
  --help          this text
`;

/** Printed by every build while quote requests go nowhere. */
export const SIMULATED =
  'Quote requests are simulated: nothing is sent. To receive them, set forms.delivery in content/site.yaml to netlify or endpoint (docs/forms.md).';

export interface CliOptions extends BuildOptions {
  watch: boolean;
  fromSource: boolean;
  port: number;
  help: boolean;
}

/** The command line: `--flag value` and `--flag=value` both work; an unknown flag is an error. */
export function parseCli(argv: string[]): CliOptions {
  const { values: v } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      content: { type: 'string' },
      out: { type: 'string' },
      static: { type: 'string' },
      nginx: { type: 'string' },
      threads: { type: 'string' },
      port: { type: 'string' },
      watch: { type: 'boolean' },
      'from-source': { type: 'boolean' },
      drafts: { type: 'boolean' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  const whole = (flag: string, s: string | undefined, fallback: number, min: number, max = Infinity) => {
    if (s === undefined) return fallback;
    const n = Number(s);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new Error(`--${flag} needs a whole number from ${min}${max < Infinity ? ` to ${max}` : ''}, got "${s}"`);
    return n;
  };
  const opts: CliOptions = {
    content: path.resolve(v.content ?? path.join(ROOT, 'content')),
    out: path.resolve(v.out ?? path.join(ROOT, 'dist')),
    static: path.resolve(v.static ?? path.join(ROOT, 'static')),
    nginx: v.nginx && path.resolve(v.nginx),
    threads: v.threads === undefined ? undefined : whole('threads', v.threads, 1, 1),
    port: whole('port', v.port, 8080, 1, 65535),
    watch: !!v.watch,
    fromSource: !!v['from-source'],
    quiet: !!v.quiet,
    drafts: !!v.drafts,
    help: !!v.help,
  };
  // Building the real dist/ also writes deploy/nginx.conf; builds elsewhere (tests, benchmarks) only with --nginx.
  if (!opts.nginx && !opts.watch && opts.out === path.join(ROOT, 'dist')) opts.nginx = path.join(ROOT, 'deploy/nginx.conf');
  return opts;
}

async function main(): Promise<void> {
  let opts: CliOptions;
  try {
    opts = parseCli(process.argv.slice(2));
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${HELP}`);
    process.exitCode = 2;
    return;
  }
  if (opts.help) return void process.stdout.write(HELP);
  if (opts.watch) {
    const { dev } = await import('./generator/dev/server.ts');
    return dev(opts);
  }
  // The bundled build code: the build runs from it, and its helper threads start from it (--from-source too).
  const codeFile = buildCodeFile();
  codeFile.catch(() => {}); // reported below, or by the build running without helper threads
  let code: BuildCode | null = null;
  if (!opts.fromSource)
    try {
      code = await loadBuildCode(await codeFile);
    } catch (e) {
      // The bundle could not be made (esbuild says why): the sources report the same problem their own way.
      console.warn(`note: running the build from its sources, since they could not be bundled: ${(e as Error).message.split('\n')[0]}`);
    }
  const fromBundle = code !== null;
  code ??= await import('./generator/build-site.ts');
  const { build, BuildFailed } = code;
  try {
    const r = await build({ ...opts, postWorker: codeFile });
    for (const w of r.warnings) console.warn(`warning: ${w}`);
    if (!opts.quiet) console.log(`Built ${r.pages} pages (${r.files} files) into ${rel(opts.out)} in ${Math.round(r.ms)} ms`);
    if (!opts.quiet && r.site.forms.delivery === 'simulate') console.log(SIMULATED);
  } catch (e) {
    console.error(e instanceof BuildFailed ? e.message : e);
    if (!(e instanceof BuildFailed) && fromBundle)
      console.error('That stack trace points into the bundled build code; --from-source runs the TypeScript sources instead.');
    console.error(`Nothing was written: ${rel(opts.out)} is unchanged.`);
    process.exitCode = 1;
  }
}

if (isMainThread && process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
