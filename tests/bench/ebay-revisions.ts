// Revising live eBay listings against the stand-in (BENCH_ONLY=revisions): eBay calls per revision (target ≤ 4: the two
// writes, eBay's count read before the item's and the orders of that window after it, decision 0030) and the
// server's own time per revision, the seller's edit plus the job that sends it, minus the time spent waiting for the
// stand-in and the test queue's own sweep (target ≤ 50 ms median). The baseline, measured in the same run, is the same edit of a listing not on eBay.
import { randomUUID } from 'node:crypto'
import { startFakeEbay, type FakeEbay } from '../fakes/ebay.ts'
import { connectEbay, ebayApp, ebayConfigFor } from '../helpers/ebay.ts'
import {
  readJson,
  registeredClient,
  succeeded,
  uploadPhotos,
  type JsonBody,
  type TestApp,
} from '../helpers/test-app.ts'
import { median, p95, timingFetches, waitedMs } from './ebay.ts'

const REVISIONS = 40
const MAX_CALLS = 4
const MAX_SERVER_MS = 50
const JACKET = {
  title: 'Denim trucker jacket',
  brand: "Levi's",
  size: 'M',
  sizeType: 'Regular',
  department: 'Men',
  color: 'blue',
  price: 45,
  askingPrice: 30,
  quantity: 1,
  category: 'clothing',
}

type Seller = Awaited<ReturnType<typeof registeredClient>>

async function newListing(seller: Seller, post: boolean): Promise<JsonBody> {
  const images = await uploadPhotos(seller, 2)
  const listing = await readJson(await succeeded(seller.post('/api/listings', { ...JACKET, images })))
  if (post)
    await succeeded(
      seller.post(`/api/listings/${listing.id}/post-to-ebay`, { aspects: { Type: 'Jacket' }, postalCode: '95125' }),
    )
  return listing
}

/** Wall time of `work` less the time spent waiting for the stand-in meanwhile. */
async function ownTime(work: () => Promise<unknown>): Promise<number> {
  const waited = waitedMs()
  const started = performance.now()
  await work()
  return performance.now() - started - (waitedMs() - waited)
}

/**
 * Edits the listing (a new title and price) and runs the job that follows; returns the eBay calls and the server's own
 * time: the edit, plus the job run less what running the queue costs with nothing due (the tests' settle() looks
 * through every queue; a server's worker is woken for the job instead).
 */
async function edit(fake: FakeEbay, app: TestApp, seller: Seller, listing: JsonBody, round: number) {
  const calls = fake.calls.length
  const body = {
    ...JACKET,
    images: listing.images,
    title: `${JACKET.title} ${round}`,
    askingPrice: 30 + round,
    version: round,
  }
  const editMs = await ownTime(() => succeeded(seller.call('PATCH', `/api/listings/${listing.id}`, body)))
  const jobMs = await ownTime(() => app.settle())
  const idleMs = await ownTime(() => app.settle())
  return { calls: fake.calls.slice(calls), ownMs: editMs + Math.max(0, jobMs - idleMs) }
}

export const benchRevisions = () => timingFetches(runRevisionBench)

async function runRevisionBench(): Promise<void> {
  const fake = await startFakeEbay()
  const app = await ebayApp(ebayConfigFor(fake), { publicUrl: 'https://snaplist.example.com' })
  try {
    const seller = await registeredClient(app.app, `bench-${randomUUID().slice(0, 8)}`)
    await connectEbay(fake, seller)
    const live = await newListing(seller, true)
    const plain = await newListing(seller, false)
    const revisions = []
    const baseline = []
    for (let round = 1; round <= REVISIONS; round += 1) {
      revisions.push(await edit(fake, app, seller, live, round))
      baseline.push((await edit(fake, app, seller, plain, round)).ownMs)
    }
    const calls = Math.max(...revisions.map((run) => run.calls.length))
    const own = revisions.map((run) => run.ownMs)
    console.log('\n== eBay revisions of a live listing (stand-in on loopback, PGlite) ==')
    console.log(
      `eBay calls per revision: ${calls} (${revisions[0]!.calls.join(', ')}) (target ≤ ${MAX_CALLS}): ${calls <= MAX_CALLS ? 'PASS' : 'FAIL'}`,
    )
    console.log(
      `server's own time per revision (edit + job, ${REVISIONS} runs): median ${median(own).toFixed(1)} ms, p95 ${p95(own).toFixed(1)} ms (target ≤ ${MAX_SERVER_MS} ms): ${median(own) <= MAX_SERVER_MS ? 'PASS' : 'FAIL'}`,
    )
    console.log(
      `  baseline (the same edit of a listing not on eBay, its job finding nothing to send): median ${median(baseline).toFixed(1)} ms; revision = ${(median(own) / median(baseline)).toFixed(2)}× baseline`,
    )
  } finally {
    await app.close()
    await fake.close()
  }
}
