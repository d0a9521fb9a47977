// Once per test run: the real content is built into a temp folder and served, for the build and browser layers
// (one build even when both run), the browser layer gets a Chromium, and the engines layer Firefox and WebKit too.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from '../../generator/build-site.ts';
import { ensureBrowser } from './chromium.ts';
import { ensureEngines } from './engines/install.ts';
import { serve } from './server.ts';
import { contentDir, root } from './paths.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    siteDir: string;
    baseUrl: string;
    buildMs: number;
  }
}

async function buildAndServe() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'site-test-'));
  const out = path.join(tmp, 'dist');
  // The spec's forms simulate sending, and the tests check exactly that, whatever forms.delivery the company chose;
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

// the projects of one run share the build: global setups run in the one main process
const shared = globalThis as { testSite?: ReturnType<typeof buildAndServe>; testSiteUsers?: number };

export default async function setup(project: TestProject) {
  if (project.name === 'browser' || project.name === 'engines') ensureBrowser();
  if (project.name === 'engines') ensureEngines();
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
