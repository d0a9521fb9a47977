// Firefox and WebKit from Debian, installed before the engines layer by the tests' global setup
// (tests/support/global-setup.ts); on a machine that cannot install them, the layer fails saying what to install.
import { existsSync, readdirSync } from 'node:fs';

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
export const XVFB = '/usr/bin/Xvfb';
const SETPRIV = '/usr/bin/setpriv';

/** `file` and its `args` to start so that it ends with this process, however this one ends (a worker killed, a run cut
 *  short: no 'exit' listener runs then, and an engine would be left running): through util-linux's setpriv --pdeathsig,
 *  where there is one (Debian's util-linux is essential). */
export const endingWithUs = (file: string, args: string[] = []): [string, string[]] =>
  existsSync(SETPRIV) ? [SETPRIV, ['--pdeathsig', 'TERM', file, ...args]] : [file, args];

/** The MiniBrowser WebKitWebDriver starts: WebKitGTK 4.1 keeps it in its library folder (for the machine's
 *  architecture), not on the PATH. */
export const miniBrowser = (): string =>
  readdirSync('/usr/lib')
    .map((arch) => `/usr/lib/${arch}/webkit2gtk-4.1/MiniBrowser`)
    .find((f) => existsSync(f)) ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** Debian's packages for Firefox and WebKit (MiniBrowser 2.50 has no headless mode, so WebKit runs on a virtual display,
 *  xvfb), and the files of theirs the layer starts, missing. */
export const ENGINE_PACKAGES = ['firefox-esr', 'webkit2gtk-driver', 'xvfb'];
export const enginesMissing = () => [FIREFOX, WEBKIT_DRIVER, XVFB, miniBrowser()].filter((f) => !existsSync(f));
