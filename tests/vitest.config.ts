// Five layers, each a vitest project that runs alone (npm run test:build, test:browser, test:engines, test:deploy,
// test:proof) or with the others (npm test: one run, one build of the site, three workers, a layer at a time):
// - build: no browser and no host engine: the build's output, content errors, the editor's configuration, budgets;
// - browser: Chromium driving the built site (tests/support/use-chromium.ts: one browser per worker, a page per test);
// - engines: the visitors' journeys, written once, in Chromium, Firefox and WebKit (tests/support/engines/);
// - deploy: the hosts' own engines (nginx, Cloudflare Pages' wrangler, Netlify's CLI) serving a build;
// - proof: tests/proof/maintainer.test.ts changes a copy of content/ as a company would and runs the build layer on it.
import { defineConfig } from 'vitest/config';
import { HOST_VARIABLES } from '../generator/deploy-context.ts';

// The templates render in the tests as the build renders them: React's production build (generator/env.ts), not the
// development build that vitest's NODE_ENV=test would pick, with its checks for a browser's developer.
process.env.NODE_ENV = 'production';
// Netlify's CONTEXT or Cloudflare Pages' branch make a build on the command line a production deploy: the tests run
// no build as one unless a test says so, whatever machine (or host's build) they run on.
for (const name of HOST_VARIABLES) delete process.env[name];

export default defineConfig({
  test: {
    // sized for a loaded 2-core machine, where only real waiting (a build, a browser, an engine starting) takes long
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // expect.poll waits for something real (a navigation, a module, a receiver's answer): 10 s, not vitest's 1 s, which
    // a busy machine can take to navigate; a poll fails with its message, never by the test timing out
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    // Three workers on a two-core machine (a browser test waits on Chromium and the network for part of its time, and a
    // third file fills it: docs/decisions/test-layers.md), each one process for the whole run, not one a file: a file's
    // imports are evaluated once a worker, and the browser layer's Chromium started once a worker. As many at the least
    // as at the most: tinypool otherwise ends a worker left idle between two files ("Terminating worker thread").
    poolOptions: { forks: { maxForks: 3, minForks: 3, isolate: false } },
    projects: [
      {
        extends: true,
        test: { name: 'build', include: ['tests/build/**/*.test.ts'], globalSetup: ['tests/support/global-setup.ts'] },
      },
      {
        extends: true,
        test: { name: 'browser', include: ['tests/browser/**/*.test.ts'], globalSetup: ['tests/support/global-setup.ts'] },
      },
      // the visitors' engines: the same journeys in Chromium, Firefox and WebKit (tests/support/engines/)
      {
        extends: true,
        test: { name: 'engines', include: ['tests/engines/**/*.test.ts'], globalSetup: ['tests/support/global-setup.ts'] },
      },
      // the hosts' engines, started once for the layer after the installs (tests/deploy/hosts.ts)
      {
        extends: true,
        test: {
          name: 'deploy',
          include: ['tests/deploy/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts', 'tests/deploy/hosts.ts'],
        },
      },
      // the maintainer proof: the build layer run again, nested, on a copy of content/ a company has changed
      { extends: true, test: { name: 'proof', include: ['tests/proof/**/*.test.ts'], globalSetup: ['tests/support/global-setup.ts'] } },
    ],
  },
});
