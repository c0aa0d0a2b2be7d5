// Changes pushed to open screens (BENCH_ONLY=events, docs/decisions/0034). Two figures:
// - how long a sale takes from the eBay sales poll applying the order (its change's time in the log) to an open
//   stream receiving it (median, p95), in process against the eBay stand-in, on PGlite (the feed polls the log) and,
//   when a server answers, Postgres (LISTEN/NOTIFY); and to the phone's open Dashboard drawing the row Sold
//   (sale-to-screen.ts; the goal is ≤ 1 s);
// - 1,000 streams of one seller open on one API process (the real server, a child process): its memory per stream,
//   and the time from a change's commit (the POST's answer) to the last of the 1,000 receiving it.
import { randomBytes, randomUUID } from 'node:crypto'
import postgres from 'postgres'
import { SELLER_SALES_JOB } from '../../api/services/ebay/sales.ts'
import { startFakeEbay } from '../fakes/ebay.ts'
import { connectEbay, ebayApp, ebayConfigFor, ebaySkus } from '../helpers/ebay.ts'
import { openEventStream } from '../helpers/event-stream.ts'
import { photoForm, solidJpeg } from '../helpers/images.ts'
import { readJson, registeredClient, succeeded, uploadPhotos } from '../helpers/test-app.ts'
import { median, p95 } from './ebay.ts'
import { launchServer } from './launcher.ts'
import { MEMORY_PATH } from './protocol.ts'
import { postgresMode } from './run.ts'
import { saleToScreen } from './sale-to-screen.ts'

const SALES = 30
const GOAL_MS = 1000
const STREAMS = 1000
const FAN_OUT_ROUNDS = 5

async function saleLatency(label: string, databaseUrl?: string): Promise<void> {
  const fake = await startFakeEbay()
  const t = await ebayApp(ebayConfigFor(fake), databaseUrl ? { databaseUrl } : {})
  try {
    const skuOf = await ebaySkus(t)
    const seller = await registeredClient(t.app, `bench-${randomUUID().slice(0, 8)}`)
    const grant = (await connectEbay(fake, seller)).grant
    const images = await uploadPhotos(seller, 1)
    const listing = await readJson(
      await succeeded(
        seller.post('/api/listings', {
          title: 'Denim trucker jacket',
          brand: "Levi's",
          size: 'M',
          sizeType: 'Regular',
          department: 'Men',
          category: 'clothing',
          color: 'blue',
          price: 45,
          quantity: SALES + 1,
          images,
        }),
      ),
    )
    await succeeded(
      seller.post(`/api/listings/${listing.id}/post-to-ebay`, { aspects: { Type: 'Jacket' }, postalCode: '95125' }),
    )
    const stream = await openEventStream(t.app, seller.cookie)
    const delays: number[] = []
    try {
      for (let sale = 1; sale <= SALES; sale += 1) {
        fake.sellItem(grant, skuOf(listing.id as number))
        await t.jobs.send(SELLER_SALES_JOB, { userId: seller.id })
        await t.settle()
        const sold = stream.changes().filter((change) => change.kind === 'listing-sold')
        const received =
          sold[sale - 1] ??
          (await stream.waitFor(() => stream.changes().filter((c) => c.kind === 'listing-sold').length >= sale))
        const [row] = await t.db.sql<{ at: number }[]>`
          select extract(epoch from created_at) * 1000 as at from change_events where id = ${received.id}::bigint`
        delays.push(performance.timeOrigin + received.at - Number(row!.at))
      }
    } finally {
      await stream.close()
    }
    console.log(
      `${label}: from the poll applying an order to the stream receiving it (${SALES} sales): median ${median(delays).toFixed(0)} ms, p95 ${p95(delays).toFixed(0)} ms (goal ≤ ${GOAL_MS} ms to the screen): ${p95(delays) <= GOAL_MS ? 'PASS' : 'FAIL'}`,
    )
  } finally {
    await t.close()
    await fake.close()
  }
}

/** A fresh database on the server for one run, dropped after it. */
async function withServerDatabase(url: string, use: (databaseUrl: string) => Promise<void>): Promise<void> {
  const name = `snaplist_bench_events_${randomBytes(4).toString('hex')}`
  const admin = postgres(url, { max: 1, onnotice: () => {} })
  await admin`create database ${admin(name)}`
  const own = new URL(url)
  own.pathname = `/${name}`
  try {
    await use(own.href)
  } finally {
    await admin`drop database if exists ${admin(name)} with (force)`
    await admin.end({ timeout: 5 })
  }
}

interface HeldStreams {
  /** performance.now() when each stream received the listing's change; resolves once all have. */
  received(listingId: number): Promise<number[]>
  close(): void
}

/** Opens `count` streams with the cookie and resolves once each has said it is ready. */
async function openStreams(origin: string, cookie: string, count: number): Promise<HeldStreams> {
  const controller = new AbortController()
  const texts: string[] = Array.from({ length: count }, () => '')
  const arrivals = new Map<string, number[]>()
  let wake = () => {}
  const ready = await Promise.all(
    texts.map(async (_, index) => {
      const response = await fetch(`${origin}/api/events`, {
        headers: { cookie, origin, accept: 'text/event-stream' },
        signal: controller.signal,
      })
      if (response.status !== 200) throw new Error(`a stream answered ${response.status}`)
      const reader = response.body!.getReader()
      const decoder = new TextDecoder()
      const first = await reader.read()
      void (async () => {
        for (;;) {
          const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }))
          if (done) return
          texts[index] += decoder.decode(value, { stream: true })
          for (const match of texts[index]!.matchAll(/"listingId":(\d+)/g)) {
            const times = arrivals.get(match[1]!) ?? []
            arrivals.set(match[1]!, [...times, performance.now()])
          }
          texts[index] = ''
          wake()
        }
      })()
      return first
    }),
  )
  if (ready.some((first) => first.done)) throw new Error('a stream closed before it was ready')
  return {
    received: (listingId) =>
      new Promise((resolve) => {
        const check = () => {
          const times = arrivals.get(String(listingId)) ?? []
          if (times.length >= count) resolve(times)
        }
        wake = check
        check()
      }),
    close: () => controller.abort(),
  }
}

async function fanOut(label: string, databaseUrl?: string): Promise<void> {
  const server = await launchServer({ databaseUrl })
  try {
    const memory = async () =>
      (await (await fetch(`${server.origin}${MEMORY_PATH}`)).json()) as { rss: number; heapUsed: number }
    const headers = { cookie: server.cookie, origin: server.origin }
    const photo = await fetch(`${server.origin}/api/images`, {
      method: 'POST',
      headers,
      body: photoForm(await solidJpeg({ r: 20, g: 90, b: 160 }), { id: randomUUID() }),
    })
    const { imageUrl } = (await photo.json()) as { imageUrl: string }
    // One stream first, so the feed (LISTEN or the poll) is counted in the baseline, not per stream.
    const warm = await openStreams(server.origin, server.cookie, 1)
    const before = await memory()
    const streams = await openStreams(server.origin, server.cookie, STREAMS)
    const after = await memory()
    const deliveries: number[] = []
    for (let round = 1; round <= FAN_OUT_ROUNDS; round += 1) {
      const created = await fetch(`${server.origin}/api/listings`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Jacket ${round}`, category: 'clothing', color: 'blue', images: [imageUrl] }),
      })
      const committed = performance.now()
      const { id } = (await created.json()) as { id: number }
      const times = await streams.received(id)
      deliveries.push(Math.max(...times) - committed)
    }
    streams.close()
    warm.close()
    const perStream = (bytes: number) => `${(bytes / STREAMS / 1024).toFixed(1)} KB`
    console.log(
      `${label}: ${STREAMS} open streams on one process: ${perStream(after.rss - before.rss)} of RSS per stream (JS heap ${perStream(after.heapUsed - before.heapUsed)}); one change to all ${STREAMS}: median ${median(deliveries).toFixed(0)} ms, p95 ${p95(deliveries).toFixed(0)} ms from its commit to the last stream (${FAN_OUT_ROUNDS} changes)`,
    )
  } finally {
    await server.stop()
  }
}

export async function benchEvents(): Promise<void> {
  console.log('\n== Changes pushed to open screens (GET /api/events) ==')
  await saleLatency('PGlite (the feed reads the log every 200 ms)')
  const server = await postgresMode()
  const serverUrl = server?.databaseUrl
  if (serverUrl) await withServerDatabase(serverUrl, (url) => saleLatency(`${server!.label}, LISTEN/NOTIFY`, url))
  await saleToScreen('PGlite')
  if (serverUrl) await withServerDatabase(serverUrl, (url) => saleToScreen(`${server!.label}, LISTEN/NOTIFY`, url))
  await fanOut('PGlite')
  if (serverUrl) await withServerDatabase(serverUrl, (url) => fanOut(server!.label, url))
}
