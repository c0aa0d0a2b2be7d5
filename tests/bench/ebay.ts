// Publishing to eBay against the stand-in: eBay calls per publish for a first-time seller and for one already set
// up (target ≤ 4: opening the dialog, then publishing), and the server's own time per publish, which is the wall
// time of the dialog's check plus the publish minus the time spent waiting for the stand-in (target ≤ 50 ms). The
// baseline, measured in the same run, is creating a listing: the cheapest write a seller makes.
import { randomUUID } from 'node:crypto'
import { startFakeEbay, type FakeEbay } from '../fakes/ebay.ts'
import { connectEbay, ebayApp, ebayConfigFor } from '../helpers/ebay.ts'
import { readJson, registeredClient, succeeded, uploadPhotos, type TestApp } from '../helpers/test-app.ts'

const PUBLISHES = 30
const MAX_CALLS_SET_UP = 4
const MAX_SERVER_MS = 50
const JACKET = {
  title: 'Denim trucker jacket',
  brand: "Levi's",
  size: 'M',
  sizeType: 'Regular',
  department: 'Men',
  color: 'blue',
  price: 45,
  category: 'clothing',
}
const DETAILS = { aspects: { Type: 'Jacket' }, postalCode: '95125' }

type Seller = Awaited<ReturnType<typeof registeredClient>>

/** Milliseconds this process has spent waiting on outgoing fetches (the calls to the stand-in). */
let waitingMs = 0

/** How long, in all, this process has waited on outgoing fetches so far. */
export const waitedMs = () => waitingMs

/** Counts the time of every fetch the server makes while `work` runs (the services take fetch when they are made). */
export async function timingFetches<T>(work: () => Promise<T>): Promise<T> {
  const realFetch = globalThis.fetch
  globalThis.fetch = async (input, init) => {
    const started = performance.now()
    try {
      return await realFetch(input, init)
    } finally {
      waitingMs += performance.now() - started
    }
  }
  try {
    return await work()
  } finally {
    globalThis.fetch = realFetch
  }
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
export const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!
const verdict = (passed: boolean) => (passed ? 'PASS' : 'FAIL')

async function newListing(seller: Seller, photos: number): Promise<{ id: number; createMs: number }> {
  const images = await uploadPhotos(seller, photos)
  const started = performance.now()
  const listing = await readJson(
    await succeeded(
      seller.post('/api/listings', { ...JACKET, title: `${JACKET.title} ${randomUUID().slice(0, 6)}`, images }),
    ),
  )
  return { id: listing.id, createMs: performance.now() - started }
}

/** Opens the dialog's check and publishes, as the Dashboard does; returns eBay calls, wall and own time. */
async function publish(fake: FakeEbay, seller: Seller, id: number) {
  const calls = fake.calls.length
  const waited = waitingMs
  const started = performance.now()
  await succeeded(seller.get(`/api/listings/${id}/ebay-requirements`))
  await succeeded(seller.post(`/api/listings/${id}/post-to-ebay`, DETAILS))
  const wallMs = performance.now() - started
  return { calls: fake.calls.slice(calls), wallMs, ownMs: wallMs - (waitingMs - waited) }
}

async function measure(fake: FakeEbay, app: TestApp, photos: number) {
  const seller = await registeredClient(app.app, `bench-${randomUUID().slice(0, 8)}`)
  await connectEbay(fake, seller)
  const first = await publish(fake, seller, (await newListing(seller, photos)).id)
  const setUp = []
  const creates = []
  for (let index = 0; index < PUBLISHES; index += 1) {
    const listing = await newListing(seller, photos)
    creates.push(listing.createMs)
    setUp.push(await publish(fake, seller, listing.id))
  }
  return { first, setUp, creates }
}

export const benchEbay = () => timingFetches(runEbayBench)

async function runEbayBench(): Promise<void> {
  const fake = await startFakeEbay()
  const hosted = await ebayApp(ebayConfigFor(fake), { publicUrl: 'https://snaplist.example.com' })
  const laptop = await ebayApp(ebayConfigFor(fake))
  try {
    const publicPhotos = await measure(fake, hosted, 2)
    const mediaPhotos = await measure(fake, laptop, 2)
    const own = publicPhotos.setUp.map((run) => run.ownMs)
    const baseline = median(publicPhotos.creates)
    const setUpCalls = Math.max(...publicPhotos.setUp.map((run) => run.calls.length))
    console.log('\n== eBay publishing (stand-in on loopback, PGlite, 2 photos per listing) ==')
    console.log(
      `eBay calls, first-time seller: ${publicPhotos.first.calls.length} (${publicPhotos.first.calls.join(', ')})`,
    )
    console.log(
      `eBay calls, seller already set up: ${setUpCalls} (${publicPhotos.setUp[0]!.calls.join(', ')}) (target ≤ ${MAX_CALLS_SET_UP}): ${verdict(setUpCalls <= MAX_CALLS_SET_UP)}`,
    )
    console.log(
      `  without a public PUBLIC_URL (photos through the Media API, once each): first-time ${mediaPhotos.first.calls.length}, set up ${Math.max(...mediaPhotos.setUp.map((run) => run.calls.length))}`,
    )
    console.log(
      `server's own time per publish (check + publish, ${PUBLISHES} runs): median ${median(own).toFixed(1)} ms, p95 ${p95(own).toFixed(1)} ms (target ≤ ${MAX_SERVER_MS} ms): ${verdict(median(own) <= MAX_SERVER_MS)}`,
    )
    console.log(
      `  wall time including the stand-in: median ${median(publicPhotos.setUp.map((run) => run.wallMs)).toFixed(1)} ms`,
    )
    console.log(
      `  baseline (creating a listing): median ${baseline.toFixed(1)} ms; publish own time = ${(median(own) / baseline).toFixed(2)}× baseline`,
    )
  } finally {
    await Promise.all([hosted.close(), laptop.close()])
    await fake.close()
  }
}
