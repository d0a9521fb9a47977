// Once per test run, in vitest's main process, before any test file loads: everything the run's layers need installed,
// Debian's packages in one apt-get; then the real content built into a temp folder and served, for the build, browser
// and engines layers (one build for all three). The deploy layer's hosts: tests/deploy/hosts.ts.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from '../../generator/build-site.ts';
import { NGINX_PACKAGE, nginxBinary } from '../deploy/engines.ts';
import { aptInstall, chromePath, CHROMIUM_PACKAGE } from './chromium.ts';
import { ENGINE_PACKAGES, enginesMissing } from './engines/install.ts';
import { serve } from './server.ts';
import { contentDir, root } from './paths.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    siteDir: string;
    baseUrl: string;
    buildMs: number;
  }
}

/** Debian's packages that the run's layers need and this machine lacks. */
function missingFor(layers: string[]): string[] {
  const uses = (...names: string[]) => names.some((n) => layers.includes(n));
  return [
    ...(uses('browser', 'engines') && !hasChromium() ? [CHROMIUM_PACKAGE.shell] : []),
    ...(uses('engines') && enginesMissing().length ? ENGINE_PACKAGES : []),
    ...(uses('deploy') && !nginxBinary() ? [NGINX_PACKAGE] : []),
  ];
}

const hasChromium = () => {
  try {
    return !!chromePath();
  } catch {
    return false;
  }
};

/** Installs what the layers of this run need (as root on Debian), then fails on what is still missing, saying what to
 *  install; only the deploy layer's nginx may be missing outside CI, where its tests are skipped, saying why. */
function installFor(layers: string[]): void {
  aptInstall(missingFor(layers));
  const missing = missingFor(layers).filter((p) => p !== NGINX_PACKAGE || process.env.CI === 'true');
  if (missing.length)
    throw new Error(`The tests need Debian's ${missing.join(', ')}: install them as root, or run the other layers alone.`);
}

async function buildAndServe() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'site-test-'));
  const out = path.join(tmp, 'dist');
  // The forms simulate sending, and the tests check exactly that, whatever forms.delivery the company chose;
  // tests/browser/delivery.test.ts builds and drills each real delivery mode.
  const r = await build({ content: contentDir, static: path.join(root, 'static'), out, quiet: true, simulateForms: true });
  const server = await serve(out);
  return {
    out,
    url: server.url,
    ms: r.ms,
    close: async () => {
      await server.close();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}

// the projects of one run share the installs and the build: global setups run in the one main process
const shared = globalThis as { installed?: true; testSite?: ReturnType<typeof buildAndServe>; testSiteUsers?: number };

/** The tests run on the Node the hosts build with (.node-version), which `npm ci` installs (package.json optionalDependencies
 *  node) and npm's scripts and `npx` run first; any other Node stops the run here, saying so. */
function onHostsNode(): void {
  const pinned = readFileSync(path.join(root, '.node-version'), 'utf8').trim();
  if (process.versions.node !== pinned)
    throw new Error(
      `The tests run on Node ${pinned} (.node-version), the hosts' Node, not ${process.versions.node}: run them through npm (npm test, npx vitest), which runs node_modules/.bin/node.`,
    );
}

export default async function setup(project: TestProject) {
  onHostsNode();
  if (!shared.installed) installFor(project.vitest.projects.map((p) => p.name));
  console.log(
    '[layers]',
    project.vitest.projects.map((p) => p.name),
  );
  shared.installed = true;
  if (!['build', 'browser', 'engines'].includes(project.name)) return;
  shared.testSite ??= buildAndServe();
  shared.testSiteUsers = (shared.testSiteUsers ?? 0) + 1;
  const site = await shared.testSite;
  project.provide('siteDir', site.out);
  project.provide('baseUrl', site.url);
  project.provide('buildMs', site.ms);
  return async () => {
    if (--shared.testSiteUsers! > 0) return;
    shared.testSite = undefined;
    await site.close();
  };
}
