// Firefox and WebKit from Debian, installed on first use as Chromium is (tests/support/browser.ts ensureBrowser),
// saying what is done; on a machine that cannot install them, the layer fails saying what to install.
import { existsSync, readdirSync } from 'node:fs';
import { aptInstall } from '../browser.ts';
import type { Engine } from './driver.ts';

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
export const XVFB = '/usr/bin/Xvfb';

/** The MiniBrowser WebKitWebDriver starts: WebKitGTK 4.1 keeps it in its library folder (for the machine's
 *  architecture), not on the PATH. */
export const miniBrowser = (): string =>
  readdirSync('/usr/lib')
    .map((arch) => `/usr/lib/${arch}/webkit2gtk-4.1/MiniBrowser`)
    .find((f) => existsSync(f)) ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** What each engine needs: Debian's packages, and the files they install. MiniBrowser 2.50 has no headless mode,
 *  so WebKit runs on a virtual display (xvfb). */
const NEEDS: Record<Exclude<Engine, 'chromium'>, { packages: string[]; files: () => string[] }> = {
  firefox: { packages: ['firefox-esr'], files: () => [FIREFOX] },
  webkit: { packages: ['webkit2gtk-driver', 'xvfb'], files: () => [WEBKIT_DRIVER, XVFB, miniBrowser()] },
};

const missing = (engine: keyof typeof NEEDS) => NEEDS[engine].files().filter((f) => !existsSync(f));

/** Called once before the layer: installs what Firefox and WebKit need, as root on Debian; else says what is missing. */
export function ensureEngines(): void {
  const engines = (['firefox', 'webkit'] as const).filter((e) => missing(e).length);
  if (!engines.length) return;
  const packages = engines.flatMap((e) => NEEDS[e].packages);
  aptInstall(packages, ' for the engines layer');
  const still = engines.flatMap((e) => missing(e).map((f) => `${e}: ${f}`));
  if (still.length)
    throw new Error(
      `The engines layer needs Debian's ${packages.join(', ')} (missing ${still.join('; ')}): install them as root, ` +
        `or run the other layers alone (npm run test:build, test:browser, ...).`,
    );
}
