// The one description of what a journey does to a page, implemented once per library: puppeteer-core drives Chromium
// (CDP) and Firefox (WebDriver BiDi), selenium-webdriver drives WebKitGTK's MiniBrowser over classic WebDriver
// (./webkit.ts). Journeys are written once against EnginePage (tests/engines/*), so a journey that fails in one engine
// only names that engine.

export type Engine = 'chromium' | 'firefox' | 'webkit';
export const ENGINES: Engine[] = ['chromium', 'firefox', 'webkit'];

/** A key as a journey presses it: a key, or a modifier held while a key is pressed (`Shift+Tab`). */
export type Key = 'Escape' | 'Tab' | 'Shift+Tab' | 'Enter' | 'Space' | 'ArrowDown';

/** The window a page opens in unless told otherwise. */
export const DESKTOP = { width: 1280, height: 800 };

export type Point = { x: number; y: number };

export interface OpenOptions {
  /** The window's inner size; an engine that cannot make its window that narrow takes its narrowest (see width). */
  viewport?: { width: number; height: number };
  /** false: the page's own scripts do not run (the engines layer's evaluate() still does). */
  javaScript?: boolean;
}

export interface EnginePage {
  engine: Engine;
  /** The window's inner width as the engine made it. */
  width: number;
  /** Loads `url`; with JavaScript on, resolves once the app says it is ready (a page of the site: appStarted). */
  goto(url: string): Promise<void>;
  url(): Promise<string>;
  /** Runs `fn` in the page with `args` (JSON values) and returns its (JSON) result; `fn` must not use anything outside it. */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T>;
  /** A real pointer click at the middle of the first element `selector` matches, scrolled to the middle of the screen
   *  at once and clicked once it is still (a person waits for a smooth scroll or a sliding panel to end). */
  click(selector: string): Promise<void>;
  /** A real pointer click at a point of the window (CSS px from its top left). */
  clickAt(x: number, y: number): Promise<void>;
  /** A real pointer pressed at one point of the window, moved in steps to another and let go there (a swipe, a drag). */
  drag(from: Point, to: Point): Promise<void>;
  /** Focuses the field and types `text` as keys. */
  type(selector: string, text: string): Promise<void>;
  /** Chooses the option of a <select> whose value is `value`, as a change the page hears. */
  select(selector: string, value: string): Promise<void>;
  press(key: Key): Promise<void>;
  /** Makes the window's inner size this, as near as the engine can; returns the width it made. */
  resize(viewport: { width: number; height: number }): Promise<number>;
  /** Gives a file input these files (paths on this machine), as a picker would. */
  upload(selector: string, files: string[]): Promise<void>;
  close(): Promise<void>;
}

export interface EngineBrowser {
  engine: Engine;
  /** A fresh visit: its own cookies and storage. */
  open(options?: OpenOptions): Promise<EnginePage>;
  close(): Promise<void>;
}

/** Waits in the page until the app has started, on any page of the site (served with the page's clock, ./site-server.ts);
 *  another site's page has none. On a loaded machine the app can start after the head script's 3 s, which has then
 *  given the page its no-script form back: the module still starts the app, and a journey waits for that. */
export const appStarted = () => document.documentElement.dataset.app === 'ready' || !(window as { __clock?: unknown }).__clock;

/** In the page: the element `selector` matches, scrolled to the middle of the screen at once (WebDriver and Puppeteer
 *  scroll only until it is on screen, where a bar fixed to the foot may cover it); its middle then, and whether a click
 *  there reaches it; null when nothing matches. */
export const centre = (selector: string) => {
  const el = document.querySelector(selector);
  el?.scrollIntoView({ block: 'center', behavior: 'instant' });
  const r = el?.getBoundingClientRect();
  if (!r) return null;
  const at = { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  // whether a click there now reaches it: the page has loaded (a fragment's own scroll is over) and nothing covers it
  return { ...at, reached: document.readyState === 'complete' && !!el?.contains(document.elementFromPoint(at.x, at.y)) };
};
