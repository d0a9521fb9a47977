// Chromium, driven by puppeteer-core in every layer that opens it: found (or installed) and launched.
// The tests run Chromium's headless shell (Debian's chromium-headless-shell, the same Chromium build as its chromium
// package without the desktop browser around it): it runs the browser layer in well under half the time of the full
// browser on a two-core machine (docs/decisions/test-layers.md). The Lighthouse audit keeps the full browser, whose
// paint timings its bar was set on.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, unlinkSync, writeFileSync } from 'node:fs';
import puppeteer, { type Browser } from 'puppeteer-core';

const DEBIAN = { shell: '/usr/bin/chromium-headless-shell', full: '/usr/bin/chromium' };
export type ChromeKind = keyof typeof DEBIAN;
/** Debian's package of each kind, which the tests' global setup installs (tests/support/global-setup.ts). */
export const CHROMIUM_PACKAGE = { shell: 'chromium-headless-shell', full: 'chromium' };

/** CHROME_PATH, else Debian's Chromium of that kind (the tests take the full one when the shell is missing). */
export function chromePath(kind: ChromeKind = 'shell'): string {
  if (process.env.CHROME_PATH && existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
  const found = [DEBIAN[kind], DEBIAN.full].find((f) => existsSync(f));
  if (!found) throw new Error(`No Chromium: install Debian's ${CHROMIUM_PACKAGE[kind]} (run the tests once as root), or set CHROME_PATH`);
  return found;
}

/** Installs Debian's packages not installed yet, as root, in one apt-get update and one apt-get install, without the
 *  packages they only recommend (none that the tests use), saying so; does nothing where it cannot (not root, no
 *  apt-get), and says so when apt-get fails: the caller looks for what it needs either way. */
export function aptInstall(packages: string[], purpose = ''): void {
  const missing = packages.filter((p) => spawnSync('dpkg-query', ['-W', '-f=${Status}', p]).stdout?.toString() !== 'install ok installed');
  if (!missing.length || process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return;
  console.log(`[tests] Installing Debian's ${missing.join(', ')}${purpose} (apt-get install)...`);
  // no service a package brings is started meanwhile (nginx on port 80): a policy-rc.d that says no, while installing
  const policy = '/usr/sbin/policy-rc.d';
  const ownPolicy = !existsSync(policy);
  if (ownPolicy) writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    execSync(
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq ' +
        `--no-install-recommends ${missing.join(' ')}`,
      { stdio: 'inherit' },
    );
  } catch {
    console.log(`[tests] apt-get could not install ${missing.join(', ')}.`);
  } finally {
    if (ownPolicy) unlinkSync(policy);
  }
}

/** Makes sure that kind of Chromium exists, installing Debian's package when it can (the audit, outside vitest). */
export function ensureBrowser(kind: ChromeKind = 'shell'): void {
  if (!process.env.CHROME_PATH) aptInstall([CHROMIUM_PACKAGE[kind]]);
}

/** Chromium's switches for every launch in the tests. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** The tests' Chromium, headless. `args`: more of its switches. Over a pipe, not a port: Chromium ends when the pipe
 *  closes, so it ends with this process however that ends (a worker killed, a run cut short). */
export const launchChromium = (args: string[] = []): Promise<Browser> =>
  puppeteer.launch({ executablePath: chromePath(), headless: 'shell', pipe: true, args: [...CHROMIUM_ARGS, ...args] });
