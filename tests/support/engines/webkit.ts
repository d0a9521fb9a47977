// WebKitGTK's MiniBrowser, the engine of Safari (about half of the company's visitors), through selenium-webdriver over
// its WebKitWebDriver: classic WebDriver, as WebKitGTK 2.50 offers no BiDi. MiniBrowser has no headless mode, so it
// runs on a virtual display of its own (Xvfb).
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { Builder, By, Key, Origin, type WebDriver } from 'selenium-webdriver';
import { Select } from 'selenium-webdriver/lib/select.js';
import { appStarted, centre, DESKTOP, type EngineBrowser, type EnginePage, type OpenOptions, type Point } from './driver.ts';
import { endingWithUs, miniBrowser, WEBKIT_DRIVER, XVFB } from './install.ts';

// (a folder: selenium-webdriver declares no exports, and Node's ES module loader does not open folders)
const { DriverService } = createRequire(import.meta.url)('selenium-webdriver/remote') as typeof import('selenium-webdriver/remote');

const KEYS: Record<string, string> = {
  Escape: Key.ESCAPE,
  Tab: Key.TAB,
  Shift: Key.SHIFT,
  Enter: Key.ENTER,
  Space: Key.SPACE,
  ArrowDown: Key.ARROW_DOWN,
};
/** Time for a wait in the page or for the window manager: generous on a loaded machine, short of a test's own. */
const WAIT = 30_000;

/** Starts Xvfb on a free display number (it writes the number to fd 3 once it listens), ended with this process. The
 *  display's end ends every MiniBrowser on it: WebKitWebDriver, ended, leaves its MiniBrowser running (selenium ends
 *  the driver as this process exits), so the display is what ends a MiniBrowser whose session was never quit. */
function startDisplay(): Promise<{ display: string; process: ChildProcess }> {
  const [file, args] = endingWithUs(XVFB, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp']);
  return new Promise((resolve, reject) => {
    const p = spawn(file, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdio[3]!.on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve({ display: `:${out.trim()}`, process: p });
    });
    p.on('exit', (code) => reject(new Error(`Xvfb ended (${code}) before it gave a display`)));
  });
}

/** A MiniBrowser session with a WebKitWebDriver of its own. Now and then MiniBrowser never reports back (1 run in 3 of
 *  the layer once hung so): a session not started within 20 s ends with its driver and is started once more, saying so. */
async function startSession(display: string, args: string[]) {
  const capabilities = {
    browserName: 'MiniBrowser',
    'webkitgtk:browserOptions': { binary: miniBrowser(), args },
    // no script timeout: WebKit times a script on the page's own setTimeout, which the page clock holds
    timeouts: { script: null },
  };
  for (let attempt = 1; ; attempt++) {
    const [driverFile, driverArgs] = endingWithUs(WEBKIT_DRIVER);
    const service = new DriverService.Builder(driverFile)
      .addArguments(...driverArgs)
      .setLoopback(true)
      .setEnvironment({ ...(process.env as Record<string, string>), DISPLAY: display })
      .setStdio(process.env.ENGINES_DEBUG ? 'inherit' : 'ignore')
      .build();
    const driver = new Builder()
      .usingServer(await service.start())
      .withCapabilities(capabilities)
      .build();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((r) => (timer = setTimeout(() => r(false), 20_000)));
    const started = await Promise.race([driver.getSession().then(() => true), late]).finally(() => clearTimeout(timer));
    if (started) return { driver, end: () => service.kill() };
    await service.kill(); // (its MiniBrowser, which never answered, ends with the display)
    if (attempt === 2) throw new Error('webkit: MiniBrowser did not start a session within 20 s, twice');
    console.log('[engines] webkit: MiniBrowser did not start a session within 20 s; starting it again');
  }
}

export async function launchWebKit(): Promise<EngineBrowser> {
  const { display, process: xvfb } = await startDisplay();
  const open = new Set<() => Promise<void>>();
  return {
    engine: 'webkit',
    async open(options: OpenOptions = {}) {
      const javaScript = options.javaScript !== false;
      const { driver, end } = await startSession(display, ['--automation', ...(javaScript ? [] : ['--enable-javascript=false'])]);
      const close = async () => {
        open.delete(close);
        await driver.quit().catch(() => {});
        await end();
      };
      open.add(close);
      const page = pageOf(driver, javaScript, close);
      await page.resize(options.viewport ?? DESKTOP);
      return page;
    },
    async close() {
      try {
        await Promise.all([...open].map((close) => close()));
      } finally {
        xvfb.kill();
      }
    },
  };
}

/** In the page: a promise that settles once what moves the element (a toast sliding in, a panel opening) has stopped;
 *  nothing when nothing moves it. */
const still = (selector: string) => {
  const el = document.querySelector(selector);
  const moving = document.getAnimations().filter((a) => {
    const target = (a.effect as KeyframeEffect | null)?.target;
    return el && target?.contains(el) && a.effect!.getComputedTiming().endTime !== Infinity;
  });
  if (moving.length) return Promise.all(moving.map((a) => a.finished.catch(() => {}))).then(() => null);
};

function pageOf(driver: WebDriver, javaScript: boolean, close: () => Promise<void>): EnginePage {
  const run = <T>(fn: (...args: any[]) => T | Promise<T>, ...args: unknown[]) => driver.executeScript<T>(fn, ...args);
  /** The element `selector` matches, in the middle of the screen, once nothing moves it. */
  const reach = async (selector: string) => {
    if (!(await run(centre, selector))) throw new Error(`webkit: nothing on ${await driver.getCurrentUrl()} matches ${selector}`);
    await run(still, selector);
    return driver.findElement(By.css(selector));
  };
  const at = (p: Point) => ({ x: Math.round(p.x), y: Math.round(p.y), origin: Origin.VIEWPORT });
  let lastHeight = 0;
  let narrowest = 0; // the narrowest window the engine would make, once asked for a narrower one
  const page: EnginePage = {
    engine: 'webkit',
    width: 0,
    async resize({ width, height }) {
      // the window's outer size is what WebDriver sets; its toolbar takes the difference, and GTK keeps it at least
      // as wide as that toolbar (447 px for MiniBrowser 2.50): page.width says what the engine made of it. Asked again
      // for the size it has, or for one narrower than it could make, it answers without asking the window.
      if (height === lastHeight && Math.max(width, narrowest) === page.width) return page.width;
      lastHeight = height;
      const window = driver.manage().window();
      await window.setRect({ width, height });
      const [w, h] = await run(() => [innerWidth, innerHeight]);
      const rect = await window.getRect();
      await window.setRect({ width: rect.width + width - w, height: rect.height + height - h });
      // GTK may apply the size a moment later: the width asked for, or one that holds over 100 ms (the narrowest)
      let seen = -1;
      const settled = async () => {
        const now = await run(() => innerWidth);
        const done = now === width || now === seen;
        seen = now;
        return done;
      };
      await driver.wait(settled, WAIT, `webkit: a window ${width} px wide`, 100);
      page.width = seen;
      if (page.width > width) narrowest = page.width;
      return page.width;
    },
    async goto(url) {
      await driver.get(url);
      // (a redirect stub moving on leaves no page to ask for a moment)
      if (javaScript) await driver.wait(() => run(appStarted).catch(() => false), WAIT, `webkit: the app starts on ${url}`, 20);
    },
    url: () => driver.getCurrentUrl(),
    evaluate: (fn, ...args) => run(fn, ...args),
    // WebDriver's own click: it fails when another element would get it (element click intercepted)
    click: async (selector) => (await reach(selector)).click(),
    clickAt: (x, y) => driver.actions().move(at({ x, y })).press().release().perform(),
    async drag(from, to) {
      let steps = driver.actions().move(at(from)).press();
      for (let i = 1; i <= 5; i++)
        steps = steps.move({ ...at({ x: from.x + ((to.x - from.x) * i) / 5, y: from.y + ((to.y - from.y) * i) / 5 }), duration: 20 });
      await steps.release().perform();
    },
    async type(selector, text) {
      await driver.findElement(By.css(selector)).sendKeys(text);
    },
    async select(selector, value) {
      await new Select(await reach(selector)).selectByValue(value);
    },
    async press(key) {
      const keys = key.split('+').map((k) => KEYS[k]);
      let actions = driver.actions();
      for (const k of keys) actions = actions.keyDown(k);
      for (const k of keys.reverse()) actions = actions.keyUp(k);
      await actions.perform();
    },
    // a file input takes its files as typed text, one path a line (WebDriver's Element Send Keys)
    upload: (selector, files) => page.type(selector, files.join('\n')),
    close,
  };
  return page;
}
