// Five layers, each a vitest project that runs alone (npm run test:build, test:browser, test:engines, test:deploy,
// test:proof) or with the others (npm test, one run sharing one build of the site and three workers):
// - build: no browser and no host engine: the build's output, content errors, the editor's configuration, budgets;
// - browser: Chromium driving the built site (tests/support/use-browser.ts: one browser per worker, a page per test);
// - engines: the visitors' journeys, written once, in Chromium, Firefox and WebKit (tests/support/engines/);
// - deploy: the hosts' own engines (nginx, Cloudflare Pages' wrangler, Netlify's CLI) serving a build;
// - proof: tests/proof/maintainer.test.ts changes a copy of content/ as a company would and runs the build layer on it.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // sized for a loaded 2-core machine, where only real waiting (a build, a browser, an engine starting) takes long
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // expect.poll waits for something real (a navigation, a module, a receiver's answer): 10 s, not vitest's 1 s, which
    // a busy machine can take to navigate; a poll fails with its message, never by the test timing out
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    // three workers on a two-core machine: a browser test waits on Chromium and the network for part of its time, and a
    // third file fills it (npm test 305-317 s with two, 288 s with three; four, 307 s against 302-312 s with three:
    // the two cores are then busy throughout, docs/decisions/test-layers.md)
    poolOptions: { forks: { maxForks: 3 } },
    projects: [
      {
        extends: true,
        test: { name: 'build', include: ['tests/build/**/*.test.ts'], globalSetup: ['tests/support/global-setup.ts'], isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          // files share their worker's browser (tests/support/use-browser.ts) instead of each starting one
          isolate: false,
        },
      },
      // the visitors' engines: the same journeys in Chromium, Firefox and WebKit (tests/support/engines/)
      {
        extends: true,
        test: { name: 'engines', include: ['tests/engines/**/*.test.ts'], globalSetup: ['tests/support/global-setup.ts'] },
      },
      { extends: true, test: { name: 'deploy', include: ['tests/deploy/**/*.test.ts'] } },
      // the maintainer proof: the build layer run again, nested, on a copy of content/ a company has changed
      { extends: true, test: { name: 'proof', include: ['tests/proof/**/*.test.ts'] } },
    ],
  },
});
