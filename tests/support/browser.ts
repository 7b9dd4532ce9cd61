/**
 * Headless Chromium for the browser suite and the screenshot script: the system's Chromium
 * (`/usr/bin/chromium`, or `CHROMIUM_PATH`) driven by playwright-core, which never downloads a
 * browser. Background networking is off: the suites talk to 127.0.0.1 only.
 */
import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Flags for a quiet, sandbox-free headless Chromium that makes no outside connections. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
  '--lang=en-US',
];

/** The Chromium executable to drive; throws with a hint when there is none. */
export function chromiumPath(): string {
  const p = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!fs.existsSync(p)) throw new Error(`Chromium not found at ${p}: install Debian's chromium or set CHROMIUM_PATH`);
  return p;
}

/**
 * Launches Chromium (a fresh temporary profile each time: Playwright's `launch` creates and
 * removes it). Bounded by a 60 s launch timeout.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: 60_000,
  });
}

export interface ContextOptions {
  baseURL: string;
  viewport?: { width: number; height: number };
  /** Console language cookie (`en` default, `zh`). */
  language?: 'en' | 'zh';
  isMobile?: boolean;
}

/** A fresh browser context (own storage) with bounded default timeouts. */
export async function newContext(browser: Browser, opts: ContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: opts.baseURL,
    viewport: opts.viewport ?? { width: 1440, height: 900 },
    locale: 'en-US',
    timezoneId: 'UTC',
    isMobile: opts.isMobile,
    hasTouch: opts.isMobile,
    deviceScaleFactor: 1,
  });
  if (opts.language) {
    await context.addCookies([{ name: 'language', value: opts.language, url: opts.baseURL }]);
  }
  context.setDefaultTimeout(30_000);
  context.setDefaultNavigationTimeout(30_000);
  return context;
}

/**
 * Collects uncaught page errors and console errors so a suite can assert there were none
 * (or print them when something else fails).
 */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}
