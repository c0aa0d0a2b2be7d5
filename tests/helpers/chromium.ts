// Debian's Chromium, launched headless as this machine allows: no sandbox (root), no background networking
// (the network is closed, and Chromium would retry its connections all run long).
import { existsSync } from 'node:fs'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * What the browser suite's phone and desktop drive: Debian's chromium-headless-shell, Chromium's own headless build
 * (Blink, V8 and the service worker as in the browser, without the browser's windows and their user interface), as
 * Playwright itself drives by default. The same specs took 30% less time on it than on the whole browser, on a
 * 2-core machine where the browser's CPU is most of the suite's (decision 0049). Lighthouse's audits and Chromium's
 * installability check need the whole browser, and keep CHROMIUM_PATH; a machine without the shell, or a
 * CHROMIUM_PATH given, drives that one everywhere.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
export const BROWSER_SUITE_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH)

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Playwright's launch of the whole browser, for what its headless shell cannot do (BROWSER_SUITE_CHROMIUM_PATH). */
export const WHOLE_BROWSER = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }

/** The phone the benchmarks run Snaplist on: a 390×844 screen, touch, at twice the pixels. */
export const BENCH_PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
}
