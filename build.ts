// The command line: `npm run build` builds content/ into dist/, `npm run dev` serves it and rebuilds on every save.
// The build itself is generator/build-site.ts (load, fill, check, render and write); this file only reads the flags
// and runs it. `npm run build` runs it bundled (generator/start.js), `npm run dev` and the tests through tsx.
//   node generator/start.js build.ts [--content DIR] [--out DIR] [--static DIR] [--nginx FILE] [--drafts] [--production] [--quiet]
//   node --import tsx build.ts --watch [--port N]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build, BuildFailed, type BuildOptions } from './generator/build-site.ts';
import { rel } from './generator/errors.ts';
import { notLiveYet } from './generator/deploy-context.ts';
import { ROOT } from './generator/root.ts';

const HELP = `Builds the site into dist/ (or --out), or with --watch serves it and rebuilds on every save.

  npm run build -- [options]        (node generator/start.js build.ts [options])
  npm run dev -- [options]          (node --import tsx build.ts --watch [options])

  --content DIR   content to build (default: content/)
  --out DIR       where the site goes, replaced only when the build succeeds (default: dist/)
  --static DIR    files copied as they are (default: static/)
  --nginx FILE    also write an nginx server block for the built site (default when building dist/: deploy/nginx.conf)
  --watch         build, serve at http://localhost:PORT, rebuild on every save and reload the open tab
  --port N        the dev server's port (default 8080; the next free one when it is taken)
  --drafts        also build draft posts and posts scheduled for a later day (npm run dev always does)
  --production    build for the live site: stop, writing nothing, while a setting is still a placeholder (an example
                  address, simulated forms, ...; docs/deploy.md "Before going live"). Netlify's production deploys
                  (CONTEXT=production) and Cloudflare Pages' production branch (CF_PAGES_BRANCH, site.yaml cms.branch)
                  are production builds without it; every other build lists those settings as warnings
  --quiet         print nothing on success
  --help          this text
`;

export interface CliOptions extends BuildOptions {
  watch: boolean;
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
      port: { type: 'string' },
      watch: { type: 'boolean' },
      drafts: { type: 'boolean' },
      production: { type: 'boolean' },
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
    port: whole('port', v.port, 8080, 1, 65535),
    watch: !!v.watch,
    quiet: !!v.quiet,
    drafts: !!v.drafts,
    production: !!v.production,
    hostEnv: process.env, // Netlify's CONTEXT, Cloudflare Pages' branch: whether this is a production deploy
    help: !!v.help,
  };
  if (opts.watch && opts.production) throw new Error('--production builds once for the live site; --watch (npm run dev) never does');
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
  try {
    const r = await build(opts);
    for (const w of [...r.warnings, ...r.placeholders.map((e) => e.message)]) console.warn(`warning: ${w}`);
    if (r.placeholders.length) console.warn(notLiveYet(r.placeholders.length));
    if (!opts.quiet) console.log(`Built ${r.pages} pages (${r.files} files) into ${rel(opts.out)} in ${Math.round(r.ms)} ms`);
  } catch (e) {
    console.error(e instanceof BuildFailed ? e.message : e);
    console.error(`Nothing was written: ${rel(opts.out)} is unchanged.`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
