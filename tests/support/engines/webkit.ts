// WebKitGTK's MiniBrowser over classic WebDriver (WebKitWebDriver), on a virtual display of its own (Xvfb): the
// engine of Safari, which about half of the company's visitors arrive in. A small client over fetch for the dozen
// commands the journeys use (W3C WebDriver; docs/decisions/engines-layer.md says why not WebdriverIO).
import { spawn, type ChildProcess } from 'node:child_process';
import { appStarted, DESKTOP, settle, type EngineBrowser, type EnginePage, type Key, type OpenOptions, type Point } from './driver.ts';
import { freePort } from '../server.ts';
import { miniBrowser, WEBKIT_DRIVER, XVFB } from './install.ts';

const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
/** WebDriver's codes for the keys a journey presses. */
const KEYS: Record<string, string> = {
  Escape: '\uE00C',
  Tab: '\uE004',
  Shift: '\uE008',
  Enter: '\uE007',
  Space: '\uE00D',
  ArrowDown: '\uE015',
};

/** Starts Xvfb on a free display number (it writes the number to fd 3 once it listens). */
function startDisplay(): Promise<{ display: string; process: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const p = spawn(XVFB, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    let out = '';
    p.stdio[3]!.on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve({ display: `:${out.trim()}`, process: p });
    });
    p.on('exit', (code) => reject(new Error(`Xvfb ended (${code}) before it gave a display`)));
  });
}

async function until<T>(what: string, ms: number, attempt: () => Promise<T | undefined>, every = 100): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await attempt().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`webkit: ${what} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, every)); // a process starting, or a promise in a page: nothing tells
  }
}

/** A WebKitWebDriver of its own for one session: a session that does not start (now and then MiniBrowser never
 *  reports back) is ended with its driver, and no other session waits behind it. */
async function startDriver(display: string) {
  const port = await freePort();
  const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=127.0.0.1'], {
    env: { ...process.env, DISPLAY: display },
    stdio: ['ignore', 'ignore', process.env.ENGINES_DEBUG ? 'inherit' : 'ignore'],
  });
  const base = `http://127.0.0.1:${port}`;
  const call = async (method: string, path: string, body?: unknown, ms = 40_000) => {
    const res = await fetch(base + path, {
      method,
      // a command the engine never answers fails, naming itself, before the test's own time runs out
      signal: AbortSignal.timeout(ms),
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch((e) => {
      throw new Error(`webkit: ${method} ${path}: ${e}`);
    });
    const json = (await res.json().catch((e) => ({ value: { error: 'no answer', message: String(e) } }))) as { value: any };
    if (!res.ok) throw new Error(`webkit: ${method} ${path}: ${json.value?.error}: ${json.value?.message}`);
    return json.value;
  };
  await until('WebKitWebDriver answers', 30_000, async () => ((await call('GET', '/status')).ready ? true : undefined), 20);
  return { call, kill: () => driver.kill() };
}

export async function launchWebKit(): Promise<EngineBrowser> {
  const { display, process: xvfb } = await startDisplay();
  const open = new Set<() => Promise<void>>();
  const session = async (args: string[]) => {
    const alwaysMatch = {
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: miniBrowser(), args },
      // no script timeout: WebKit times a script with the page's own setTimeout, which the page's clock holds
      // (page-clock.js), so moving that clock on would end the call; a call that never ends fails by `call`
      timeouts: { script: null },
    };
    for (let attempt = 1; ; attempt++) {
      const driver = await startDriver(display);
      try {
        const { sessionId } = await driver.call('POST', '/session', { capabilities: { alwaysMatch } }, 20_000);
        return { driver, sessionId };
      } catch (e) {
        driver.kill();
        if (attempt === 2) throw e;
        console.log(`[engines] webkit: MiniBrowser did not start a session (${e}); starting it again`);
      }
    }
  };
  return {
    engine: 'webkit',
    async open(options: OpenOptions = {}) {
      const javaScript = options.javaScript !== false;
      const { driver, sessionId } = await session(['--automation', ...(javaScript ? [] : ['--enable-javascript=false'])]);
      const close = async () => {
        open.delete(close);
        await driver.call('DELETE', `/session/${sessionId}`).catch(() => {});
        driver.kill();
      };
      open.add(close);
      const page = pageOf(`/session/${sessionId}`, driver.call, javaScript, close);
      await page.resize(options.viewport ?? DESKTOP);
      return page;
    },
    async close() {
      await Promise.all([...open].map((close) => close()));
      xvfb.kill();
    },
  };
}

type Call = (method: string, path: string, body?: unknown) => Promise<any>;
type Result = { ok: unknown } | { error: string } | { wait: string };

/** In the page (so it uses nothing outside it): `fn`'s result, or its error; a promise it returns is kept until it
 *  settles, under the id returned. */
function inPage(fn: (...a: unknown[]) => unknown, args: unknown[]): Result {
  const failed = (e: unknown) => ({ error: String((e as Error)?.stack ?? e) });
  let v: unknown;
  try {
    v = fn(...args);
  } catch (e) {
    return failed(e);
  }
  if (typeof (v as Promise<unknown>)?.then !== 'function') return { ok: v ?? null };
  const results = ((window as any).__enginesResults ??= {}) as Record<string, Result | null>;
  const id = String(Math.random());
  results[id] = null;
  (v as Promise<unknown>).then((x) => ({ ok: x ?? null }), failed).then((r) => (results[id] = r));
  return { wait: id };
}
/** In the page: what became of the promise kept under `id` (null while it is pending). */
function settled(id: string): Result | null {
  const results = (window as any).__enginesResults ?? {};
  const r = results[id];
  if (r) delete results[id];
  return r === undefined ? { error: 'the page went away before its promise settled' } : r;
}

function pageOf(s: string, call: Call, javaScript: boolean, close: () => Promise<void>): EnginePage {
  const find = async (selector: string) => {
    try {
      return (await call('POST', `${s}/element`, { using: 'css selector', value: selector }))[ELEMENT] as string;
    } catch (e) {
      throw new Error(`webkit: nothing on ${await call('GET', `${s}/url`)} matches ${selector} (${e})`);
    }
  };
  // Synchronous script calls only (WebKit times an asynchronous one by the page's clock, as the session's timeouts say):
  // a promise the function returns is kept in the page (inPage) and asked after until it settles (settled).
  const run = async (fn: (...a: any[]) => unknown, args: unknown[]) => {
    const script = `return (${String(inPage)})(${String(fn)}, [].slice.call(arguments));`;
    let r = await call('POST', `${s}/execute/sync`, { script, args });
    if (r && 'wait' in r) {
      const ask = { script: `return (${String(settled)})(arguments[0]);`, args: [r.wait] };
      r = await until('a promise in the page settles', 60_000, async () => (await call('POST', `${s}/execute/sync`, ask)) ?? undefined, 20);
    }
    if (r && 'error' in r) throw new Error(`webkit: in the page: ${r.error}`);
    return r?.ok;
  };
  let lastHeight = 0;
  let narrowest = 0; // the narrowest window the engine would make, once asked for a narrower one
  const at = (p: Point) => ({ x: Math.round(p.x), y: Math.round(p.y), origin: 'viewport' });
  /** The mouse pressed at `from`, moved to `to` in five steps (a drag; none for a click) and let go there. */
  const pointer = (from: Point, to = from) => {
    const steps =
      to === from ? [] : [1, 2, 3, 4, 5].map((i) => at({ x: from.x + ((to.x - from.x) * i) / 5, y: from.y + ((to.y - from.y) * i) / 5 }));
    const moves = [
      { type: 'pointerMove', ...at(from) },
      { type: 'pointerDown', button: 0 },
      ...steps.map((p) => ({ type: 'pointerMove', duration: 20, ...p })),
    ];
    const actions = [
      { type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions: [...moves, { type: 'pointerUp', button: 0 }] },
    ];
    return call('POST', `${s}/actions`, { actions });
  };
  const page = {
    engine: 'webkit' as const,
    width: 0,
    async resize({ width, height }: { width: number; height: number }) {
      // the window's outer size is what WebDriver sets; its toolbar takes the difference, and GTK keeps it at least
      // as wide as that toolbar (447 px for MiniBrowser 2.50): page.width says what the engine made of it. Asked again
      // for the size it has, or for one narrower than it could make, it answers without asking the window.
      if (height === lastHeight && Math.max(width, narrowest) === page.width) return page.width;
      lastHeight = height;
      await call('POST', `${s}/window/rect`, { width, height });
      const [w, h] = await run(() => [innerWidth, innerHeight], []);
      const rect = await call('GET', `${s}/window/rect`);
      await call('POST', `${s}/window/rect`, { width: rect.width + width - w, height: rect.height + height - h });
      // the window manager may apply the size a moment later: the width asked for, or one that holds (the narrowest)
      let seen = -1;
      page.width = await until(`a window ${width} px wide`, 5_000, async () => {
        const now = (await run(() => innerWidth, [])) as number;
        const settled = now === width || now === seen;
        seen = now;
        return settled ? now : undefined;
      });
      if (page.width > width) narrowest = page.width;
      return page.width;
    },
    async goto(url: string) {
      await call('POST', `${s}/url`, { url });
      if (javaScript) await until(`the app starts on ${url}`, 30_000, async () => ((await run(appStarted, [])) ? true : undefined), 20);
    },
    url: () => call('GET', `${s}/url`) as Promise<string>,
    evaluate: ((fn: (...a: unknown[]) => unknown, ...args: unknown[]) => run(fn, args)) as EnginePage['evaluate'],
    async click(selector: string) {
      const id = await find(selector);
      await run(settle, [{ [ELEMENT]: id }]);
      await call('POST', `${s}/element/${id}/click`, {}).catch(async (e) => {
        // WebKit says a click was intercepted, not by what: the element the click would have landed on
        const over = await run(
          (el: Element) => {
            const r = el.getBoundingClientRect();
            const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return `${top?.outerHTML.slice(0, 200)} at ${JSON.stringify(r)}`;
          },
          [{ [ELEMENT]: id }],
        ).catch(() => '?');
        throw new Error(`${e.message} (${selector} is under ${over})`);
      });
    },
    clickAt: (x: number, y: number) => pointer({ x, y }),
    drag: pointer,
    async type(selector: string, text: string) {
      await call('POST', `${s}/element/${await find(selector)}/value`, { text });
    },
    async select(selector: string, value: string) {
      // in the middle of the screen first: WebDriver scrolls an element just into view, under a bar fixed to the foot
      await run(settle, [{ [ELEMENT]: await find(selector) }]);
      await call('POST', `${s}/element/${await find(`${selector} option[value="${value.replace(/"/g, '\\"')}"]`)}/click`, {});
    },
    async press(key: Key) {
      const keys = key.split('+').map((k) => KEYS[k]);
      const actions = [
        ...keys.map((value) => ({ type: 'keyDown', value })),
        ...[...keys].reverse().map((value) => ({ type: 'keyUp', value })),
      ];
      await call('POST', `${s}/actions`, { actions: [{ type: 'key', id: 'keyboard', actions }] });
      await call('DELETE', `${s}/actions`);
    },
    // a file input takes its files as typed text, one path a line (WebDriver's Element Send Keys)
    upload: (selector: string, files: string[]) => page.type(selector, files.join('\n')),
    close,
  };
  return page;
}
