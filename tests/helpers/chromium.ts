// Debian's Chromium, launched headless as this machine allows: no sandbox (root), no background networking
// (the network is closed, and Chromium would retry its connections all run long).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** The phone the benchmarks run Snaplist on: a 390×844 screen, touch, at twice the pixels. */
export const BENCH_PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
}
