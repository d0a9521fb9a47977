// Once per test run: a browser is available, the real content is built into a temp folder and served.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from '../../generator/build-site.ts';
import { ensureBrowser } from './browser.ts';
import { serve } from './server.ts';
import { contentDir, root } from './paths.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    siteDir: string;
    baseUrl: string;
    buildMs: number;
  }
}

export default async function setup(project: TestProject) {
  ensureBrowser();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'site-test-'));
  const out = path.join(tmp, 'dist');
  // The spec's forms simulate sending, and the tests check exactly that, whatever forms.delivery the company chose;
  // tests/browser/delivery.test.ts builds and drills each real delivery mode.
  const r = await build({ content: contentDir, static: path.join(root, 'static'), out, quiet: true, simulateForms: true });
  const server = await serve(out);
  project.provide('siteDir', out);
  project.provide('baseUrl', server.url);
  project.provide('buildMs', r.ms);
  return async () => {
    await server.close();
    rmSync(tmp, { recursive: true, force: true });
  };
}
