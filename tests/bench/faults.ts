// Phones syncing drafts with photos through the real sync engine (src/offline over fake-indexeddb, one database per
// phone) while the API process is SIGKILLed at random moments and restarted on the same address and database.
// Afterwards every draft must be on the server exactly once with all of its photos. BENCH_ONLY=faults runs 50 phones
// and five kills; tests/src/outbox-sender-faults.test.ts runs a small fleet in npm test.
import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Listing } from '../../api/contract/listing.ts'
import { SnaplistDb } from '../../src/offline/db.ts'
import { createDraftStore } from '../../src/offline/drafts.ts'
import { createSyncEngine } from '../../src/offline/outbox-sender.ts'
import { fetchTransport } from '../../src/offline/transport.ts'
import { launchServer, type BenchServer } from './launcher.ts'
import { registerSeller } from './sellers.ts'
import { phonePhotos } from './sync.ts'

export interface FleetOptions {
  phones: number
  draftsPerPhone: number
  photosPerDraft: number
  kills: number
  /** The photos the phones send, distinct, at least phones × drafts × photos of them. */
  photos: Blob[]
  random?: () => number
}

export interface FleetReport {
  drafts: number
  photos: number
  kills: number
  /** Where each kill fell, as the share of the first-time work done by then. */
  killedAt: number[]
  /** Listings beyond one per draft. */
  duplicates: number
  /** Drafts with no listing, and photos a listing lacks or the server cannot serve. */
  missingDrafts: number
  missingPhotos: number
  /** Drafts left on a phone unsent or refused, with the reason. */
  unsettled: string[]
  seconds: number
}

// Back-off waits are real but capped: the engine's schedule (up to minutes after many failures) is what a phone does,
// while the run only needs the retries to happen, so each phone's clock jumps over the rest of the wait.
const MAX_REAL_WAIT_MS = 250
// A request the killed server never answers fails with the socket; this only bounds a stuck one.
const REQUEST_TIMEOUT_MS = 30_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Phone {
  cookie: string
  db: SnaplistDb
  draftIds: string[]
  skew: number
}

/** A phone whose seller filled in drafts offline and pressed Create Listing on each. */
async function preparePhone(origin: string, index: number, options: FleetOptions): Promise<Phone> {
  const { cookie, userId } = await registerSeller(origin, `phone${index}`)
  const phone: Phone = { cookie, db: new SnaplistDb(`fleet-${randomUUID()}`), draftIds: [], skew: 0 }
  const drafts = createDraftStore(phone.db, userId, () => Date.now() + phone.skew)
  for (let draft = 0; draft < options.draftsPerPhone; draft++) {
    const id = randomUUID()
    const first = (index * options.draftsPerPhone + draft) * options.photosPerDraft
    await drafts.editFields(id, { title: `Phone ${index} item ${draft + 1}`, category: 'other', color: 'multi' })
    const blobs = options.photos.slice(first, first + options.photosPerDraft)
    await drafts.addPhotos(
      id,
      blobs.map((blob) => ({ id: randomUUID(), blob, thumbnail: blob, width: 640, height: 480 })),
    )
    await drafts.submit(id)
    phone.draftIds.push(id)
  }
  return phone
}

interface Progress {
  succeeded: number
  /** Set when the run fails elsewhere, so no phone retries forever against a server that will not return. */
  abandoned: boolean
}

/** Runs the phone's engine until its outbox holds nothing that can be sent, counting the requests that succeeded. */
async function syncPhone(phone: Phone, origin: string, progress: Progress): Promise<void> {
  const fetcher = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    headers.set('cookie', phone.cookie)
    headers.set('origin', origin)
    const response = await fetch(new URL(String(input), origin), {
      ...init,
      headers,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    if (response.ok) progress.succeeded++
    return response
  }
  const now = () => Date.now() + phone.skew
  const engine = createSyncEngine({ db: phone.db, transport: fetchTransport({ fetcher }), now })
  for (;;) {
    const outcome = await engine.run()
    if (outcome.kind !== 'idle') throw new Error(`the sync engine stopped: ${outcome.kind}`)
    if (outcome.nextAttemptAt === undefined || progress.abandoned) return
    const wait = Math.max(0, outcome.nextAttemptAt - now())
    const real = Math.min(wait, MAX_REAL_WAIT_MS)
    await sleep(real)
    phone.skew += wait - real
  }
}

async function photoServed(origin: string, url: string): Promise<boolean> {
  const response = await fetch(new URL(url, origin))
  await response.arrayBuffer()
  return response.ok && response.headers.get('content-type') === 'image/jpeg'
}

/** What the server holds for this phone's seller against what the phone sent: the user-visible outcome. */
async function audit(phone: Phone, origin: string, report: FleetReport) {
  const listings = (await (
    await fetch(`${origin}/api/listings`, { headers: { cookie: phone.cookie } })
  ).json()) as Listing[]
  report.duplicates +=
    listings.length -
    new Set(listings.map((listing) => listing.clientId).filter((id) => id && phone.draftIds.includes(id))).size
  for (const draftId of phone.draftIds) {
    const draft = (await phone.db.drafts.get(draftId))!
    if (draft.state !== 'done')
      report.unsettled.push(`${draftId}: ${draft.state}${draft.error ? ` (${draft.error})` : ''}`)
    const listing = listings.find((candidate) => candidate.clientId === draftId)
    if (!listing) {
      report.missingDrafts++
      continue
    }
    // Each photo the seller took must be among the listing's images, and the server must serve it.
    const photos = await phone.db.photos.bulkGet(draft.photoIds)
    const present = await Promise.all(
      photos.map((photo) =>
        photo?.serverUrl && listing.images.includes(photo.serverUrl) ? photoServed(origin, photo.serverUrl) : false,
      ),
    )
    report.missingPhotos += present.filter((found) => !found).length
  }
}

/** Kills the server each time the fleet's successful requests pass the next threshold, restarting it at once. */
async function killAtThresholds(
  servers: { current: BenchServer },
  restart: () => Promise<BenchServer>,
  thresholds: number[],
  progress: Progress,
  done: () => boolean,
) {
  const killedAt: number[] = []
  for (const threshold of thresholds) {
    // The restarted server must have done some work before it dies again, or two kills would be one outage.
    const due = Math.max(threshold, (killedAt.at(-1) ?? -1) + 1)
    while (!done() && progress.succeeded < due) await sleep(5)
    if (done()) break
    await servers.current.kill()
    killedAt.push(progress.succeeded)
    servers.current = await restart()
  }
  return killedAt
}

export async function syncThroughKills(options: FleetOptions): Promise<FleetReport> {
  const { phones: phoneCount, draftsPerPhone, photosPerDraft, kills, random = Math.random } = options
  const stateDir = await mkdtemp(path.join(os.tmpdir(), 'snaplist-faults-'))
  const servers = { current: await launchServer({ stateDir }) }
  const { origin, port } = servers.current
  const phones: Phone[] = []
  const progress: Progress = { succeeded: 0, abandoned: false }
  try {
    for (let index = 0; index < phoneCount; index++) phones.push(await preparePhone(origin, index, options))
    const drafts = phoneCount * draftsPerPhone
    // Each draft's photos and its listing succeed once at least. The kills land between a tenth and eight tenths of
    // that, one at a random point of each of `kills` equal stretches, so they spread over the run and leave work for
    // the phones after the last restart (they keep sending while a restarted server starts up).
    const firstTimeWork = drafts * (photosPerDraft + 1)
    const thresholds = Array.from({ length: kills }, (_, k) =>
      Math.floor((0.1 + (0.7 * (k + random())) / kills) * firstTimeWork),
    )
    let synced = false
    const started = performance.now()
    const syncing = Promise.all(phones.map((phone) => syncPhone(phone, origin, progress))).finally(
      () => (synced = true),
    )
    const killedAt = await killAtThresholds(
      servers,
      () => launchServer({ stateDir, port }),
      thresholds,
      progress,
      () => synced,
    ).catch(async (error: unknown) => {
      progress.abandoned = true
      await syncing.catch(() => {})
      throw error
    })
    await syncing
    const report: FleetReport = {
      drafts,
      photos: drafts * photosPerDraft,
      kills: killedAt.length,
      killedAt: killedAt.map((succeeded) => succeeded / firstTimeWork),
      duplicates: 0,
      missingDrafts: 0,
      missingPhotos: 0,
      unsettled: [],
      seconds: (performance.now() - started) / 1000,
    }
    for (const phone of phones) await audit(phone, origin, report)
    return report
  } finally {
    progress.abandoned = true
    await servers.current.stop()
    await Promise.all(phones.map((phone) => phone.db.delete()))
    await rm(stateDir, { recursive: true, force: true })
  }
}

const FLEET = { phones: 50, draftsPerPhone: 2, photosPerDraft: 3, kills: 5 }

export async function benchFaults(): Promise<void> {
  const count = FLEET.phones * FLEET.draftsPerPhone * FLEET.photosPerDraft
  console.log(
    `== Faults: ${FLEET.phones} phones × ${FLEET.draftsPerPhone} drafts × ${FLEET.photosPerDraft} photos, API process SIGKILLed ${FLEET.kills} times ==`,
  )
  const report = await syncThroughKills({ ...FLEET, photos: await phonePhotos(count) })
  const passed =
    report.kills === FLEET.kills &&
    report.duplicates === 0 &&
    report.missingDrafts === 0 &&
    report.missingPhotos === 0 &&
    report.unsettled.length === 0
  console.log(
    `drafts ${report.drafts}, photos ${report.photos}, kills ${report.kills} (at ${report.killedAt.map((share) => `${Math.round(share * 100)}%`).join(', ')} of the work)`,
  )
  console.log(
    `duplicates ${report.duplicates}, missing drafts ${report.missingDrafts}, missing photos ${report.missingPhotos}, unsettled drafts ${report.unsettled.length}`,
  )
  for (const line of report.unsettled.slice(0, 10)) console.log(`  unsettled ${line}`)
  console.log(`total ${report.seconds.toFixed(1)} s: ${passed ? 'PASS' : 'FAIL'}\n`)
  if (!passed) process.exitCode = 1
}
