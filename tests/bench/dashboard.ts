// BENCH_ONLY=dashboard (issue 31, needs npm run build): a power seller's Dashboard. On the server, one request at a
// time with 10,000 listings: the first page, a page 200 pages in, two searches, two by SKU (issue 47), and SPEC's
// whole list; then the phone (390×844 Chromium, 9 Mbit/s with 150 ms latency, the CPU 4× slower) from opening / to
// the first listing row, with 10,000 listings ÷ with 100 in alternating runs, and the bytes the first screen brought.
// Targets: ratio ≤ 1.2, a page ≤ 20 ms median, a search ≤ 50 ms, the first screen's data ≤ 30 KB on the wire.
import { chromium, type Browser } from '@playwright/test'
import { BENCH_PHONE, CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/chromium.ts'
import { loadAverage } from './run.ts'
import { startPowerSellerApp, type Seller } from './power-seller.ts'

const POWER = 10_000
const SMALL = 100
const REQUESTS = Number(process.env.DASHBOARD_REQUESTS ?? 30)
const PHONE_RUNS = Number(process.env.DASHBOARD_PHONE_RUNS ?? 5)
// Fast 4G as issue 31 measured it: 9 Mbit/s each way, 150 ms latency.
const LINE = { offline: false, latency: 150, downloadThroughput: (9e6 / 8) | 0, uploadThroughput: (9e6 / 8) | 0 }
const TARGETS = { ratio: 1.2, pageMs: 20, searchMs: 50, firstScreenKb: 30 }

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const verdict = (passed: boolean) => (passed ? 'PASS' : 'FAIL')
const line = (label: string, value: string, target = '') =>
  console.log(`${label.padEnd(58)} ${value.padStart(22)}  ${target}`)

/** `runs` requests one after another: the server's time for each (to the last byte) and the last answer's sizes. */
async function timed(origin: string, seller: Seller, route: string, runs = REQUESTS) {
  const times: number[] = []
  let sizes = { wire: 0, json: 0 }
  let body = ''
  for (let run = 0; run < runs; run++) {
    const started = performance.now()
    const response = await fetch(`${origin}${route}`, { headers: { cookie: seller.cookie, 'accept-encoding': 'br' } })
    // fetch decodes brotli; the wire size is the Content-Length of what was sent (whole answers, never chunked).
    body = await response.text()
    times.push(performance.now() - started)
    if (!response.ok) throw new Error(`GET ${route} answered ${response.status}`)
    sizes = { wire: Number(response.headers.get('content-length') ?? body.length), json: Buffer.byteLength(body) }
  }
  return { median: median(times), p95: p95(times), ...sizes, body }
}

async function serverFigures(origin: string, power: Seller, small: Seller) {
  // Lets the JIT, the pool's connections and Postgres' caches settle before anything is counted.
  for (const route of ['/api/listings/search', '/api/listings/search?q=jacket', '/api/listings/search?status=sold'])
    await timed(origin, power, route, 10)
  const first = await timed(origin, power, '/api/listings/search')
  let after = (JSON.parse(first.body) as { next: string }).next
  for (let page = 1; page < 200; page++)
    after = (
      JSON.parse((await timed(origin, power, `/api/listings/search?after=${after}`, 1)).body) as { next: string }
    ).next
  const deep = await timed(origin, power, `/api/listings/search?after=${after}`)
  const word = await timed(origin, power, '/api/listings/search?q=jacket')
  const rare = await timed(origin, power, `/api/listings/search?q=${encodeURIComponent('lot 999')}`)
  const filtered = await timed(origin, power, '/api/listings/search?status=sold&sort=price-low')
  // The seller's SKU, as a label prints it (SL- and the listing's number: the copies have 'SL-1' to 'SL-10000' or so).
  const sku = await timed(origin, power, `/api/listings/search?q=SL-${Math.floor(POWER / 2)}`)
  const skuStart = await timed(origin, power, '/api/listings/search?q=sl-9')
  const found = (figure: { body: string }) => (JSON.parse(figure.body) as { total: number }).total
  const ms = (figure: { median: number; p95: number }) =>
    `${figure.median.toFixed(1)} ms (p95 ${figure.p95.toFixed(1)})`
  line(
    `a page of 24 of ${POWER.toLocaleString('en')} listings`,
    ms(first),
    `target ≤ ${TARGETS.pageMs} ms: ${verdict(first.median <= TARGETS.pageMs)}`,
  )
  line(
    '  its body: JSON / brotli on the wire',
    `${kb(first.json)} / ${kb(first.wire)}`,
    `target ≤ ${TARGETS.firstScreenKb} KB: ${verdict(first.wire <= TARGETS.firstScreenKb * 1024)}`,
  )
  line(
    'the 200th page (by cursor)',
    ms(deep),
    `target ≤ ${TARGETS.pageMs} ms: ${verdict(deep.median <= TARGETS.pageMs)}`,
  )
  line(
    'sold, cheapest first',
    ms(filtered),
    `target ≤ ${TARGETS.pageMs} ms: ${verdict(filtered.median <= TARGETS.pageMs)}`,
  )
  line(
    'a search: "jacket" (1 in 12 match)',
    ms(word),
    `target ≤ ${TARGETS.searchMs} ms: ${verdict(word.median <= TARGETS.searchMs)}`,
  )
  line(
    'a search: "lot 999" (every listing has "lot")',
    ms(rare),
    `target ≤ ${TARGETS.searchMs} ms: ${verdict(rare.median <= TARGETS.searchMs)}`,
  )
  line(
    `a search by SKU: "SL-${Math.floor(POWER / 2)}" (${found(sku)} match)`,
    ms(sku),
    `target ≤ ${TARGETS.searchMs} ms: ${verdict(sku.median <= TARGETS.searchMs)}`,
  )
  line(
    `a search by a SKU's start: "sl-9" (${found(skuStart).toLocaleString('en')} match)`,
    ms(skuStart),
    `target ≤ ${TARGETS.searchMs} ms: ${verdict(skuStart.median <= TARGETS.searchMs)}`,
  )
  for (const seller of [small, power]) {
    const all = await timed(origin, seller, '/api/listings', 3)
    line(
      `SPEC's GET /api/listings, ${seller.listings.toLocaleString('en')} listings: time, JSON / brotli`,
      `${all.median.toFixed(0)} ms, ${kb(all.json)} / ${kb(all.wire)}`,
    )
  }
}

/** Opening / on the throttled phone until the first listing row shows: the time and the bytes received on the way. */
async function firstRow(browser: Browser, origin: string, seller: Seller) {
  const context = await browser.newContext(BENCH_PHONE)
  const [name, value] = seller.cookie.split('=') as [string, string]
  await context.addCookies([{ name, value, url: origin }])
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', LINE)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  const bytes = { all: 0, data: 0 }
  const types = new Map<string, string>()
  cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type))
  cdp.on('Network.loadingFinished', (event) => {
    bytes.all += event.encodedDataLength
    if (types.get(event.requestId) === 'Fetch') bytes.data += event.encodedDataLength
  })
  const started = Date.now()
  await page.goto(`${origin}/`, { waitUntil: 'commit' })
  await page.getByRole('region', { name: 'Your Listings' }).getByRole('listitem').first().waitFor()
  const ms = Date.now() - started
  await context.close()
  return { ms, ...bytes }
}

async function phoneFigures(origin: string, power: Seller, small: Seller) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    await firstRow(browser, origin, small) // warms the server's and the disk's caches, not counted
    const runs: Record<'small' | 'power', Awaited<ReturnType<typeof firstRow>>[]> = { small: [], power: [] }
    for (let run = 0; run < PHONE_RUNS; run++) {
      runs.small.push(await firstRow(browser, origin, small))
      runs.power.push(await firstRow(browser, origin, power))
    }
    const at = (which: 'small' | 'power') => median(runs[which].map((one) => one.ms))
    const ratio = at('power') / at('small')
    line(`phone, first row: ${SMALL} listings (median of ${PHONE_RUNS})`, `${at('small')} ms`)
    line(`phone, first row: ${POWER.toLocaleString('en')} listings`, `${at('power')} ms`)
    line(
      `  ${POWER.toLocaleString('en')} ÷ ${SMALL}`,
      `${ratio.toFixed(2)}×`,
      `target ≤ ${TARGETS.ratio}: ${verdict(ratio <= TARGETS.ratio)}`,
    )
    const data = median(runs.power.map((one) => one.data))
    const all = median(runs.power.map((one) => one.all))
    line(
      '  bytes to the first row: the API answers / everything',
      `${kb(data)} / ${kb(all)}`,
      `target ≤ ${TARGETS.firstScreenKb} KB: ${verdict(data <= TARGETS.firstScreenKb * 1024)}`,
    )
  } finally {
    await browser.close()
  }
}

export async function benchDashboard() {
  const app = await startPowerSellerApp()
  try {
    const seeding = performance.now()
    const power = await app.seller('power', POWER)
    const small = await app.seller('small', SMALL)
    console.log(`Dashboard benchmark, ${new Date().toISOString()}, ${app.label}; load average ${loadAverage()}`)
    console.log(
      `Seeded ${POWER.toLocaleString('en')} + ${SMALL} listings in ${((performance.now() - seeding) / 1000).toFixed(1)} s\n`,
    )
    await serverFigures(app.origin, power, small)
    await phoneFigures(app.origin, power, small)
    console.log(`Load average after: ${loadAverage()}\n`)
  } finally {
    await app.stop()
  }
}
