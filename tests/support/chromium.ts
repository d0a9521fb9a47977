// Chromium, driven by puppeteer-core in every layer that opens it: found (or installed) and launched.
// The tests run Chromium's headless shell (Debian's chromium-headless-shell, the same Chromium build as its chromium
// package without the desktop browser around it): it runs the browser layer in well under half the time of the full
// browser on a two-core machine (docs/decisions/test-layers.md). The Lighthouse audit keeps the full browser, whose
// paint timings its bar was set on.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { root } from './paths.ts';

const DEBIAN = { shell: '/usr/bin/chromium-headless-shell', full: '/usr/bin/chromium' };
const PACKAGE = { shell: 'chromium-headless-shell', full: 'chromium' };
/** Where a machine without Debian's Chromium gets Puppeteer's headless shell. */
const DOWNLOADED = path.join(root, 'node_modules/.cache/chromium');
export type ChromeKind = keyof typeof DEBIAN;

/** The headless shell ensureBrowser() downloaded, if it did. */
function downloaded(): string | undefined {
  const dir = path.join(DOWNLOADED, 'chrome-headless-shell');
  const build = existsSync(dir) ? readdirSync(dir)[0] : undefined;
  const file = build && path.join(dir, build, 'chrome-headless-shell-linux64/chrome-headless-shell');
  return file && existsSync(file) ? file : undefined;
}

/** CHROME_PATH, else Debian's Chromium of that kind (the tests take the full one when the shell is missing), else the
 * headless shell ensureBrowser() downloaded. */
export function chromePath(kind: ChromeKind = 'shell'): string {
  if (process.env.CHROME_PATH && existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
  if (existsSync(DEBIAN[kind])) return DEBIAN[kind];
  if (existsSync(DEBIAN.full)) return DEBIAN.full;
  const file = downloaded();
  if (!file) throw new Error('No Chromium: run the tests once as root on Debian, or set CHROME_PATH');
  return file;
}

/** Installs Debian's packages as root, saying so; does nothing where it cannot (not root, no apt-get), and says so
 *  when apt-get fails: the caller looks for what it needs either way. */
export function aptInstall(packages: string[], purpose = ''): void {
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return;
  console.log(`[tests] Installing Debian's ${packages.join(', ')}${purpose} (apt-get install)...`);
  // no service a package brings is started meanwhile (nginx on port 80): a policy-rc.d that says no, while installing
  const policy = '/usr/sbin/policy-rc.d';
  const ownPolicy = !existsSync(policy);
  if (ownPolicy) writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    execSync(
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq ${packages.join(' ')}`,
      { stdio: 'inherit' },
    );
  } catch {
    console.log(`[tests] apt-get could not install ${packages.join(', ')}.`);
  } finally {
    if (ownPolicy) unlinkSync(policy);
  }
}

/** Called once before the tests: makes sure that kind of Chromium exists, installing Debian's package when it can,
 * saying what it does; when it cannot, any Chromium there is will do, else Puppeteer's headless shell is downloaded. */
export function ensureBrowser(kind: ChromeKind = 'shell'): void {
  if (process.env.CHROME_PATH && existsSync(process.env.CHROME_PATH)) return;
  if (existsSync(DEBIAN[kind])) return;
  aptInstall([PACKAGE[kind]]);
  if (existsSync(DEBIAN[kind]) || existsSync(DEBIAN.full) || downloaded()) return;
  console.log("[tests] No Chromium found: downloading Puppeteer's headless shell (@puppeteer/browsers)...");
  execSync(`npx @puppeteer/browsers install chrome-headless-shell@stable --path ${DOWNLOADED}`, { stdio: 'inherit' });
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
