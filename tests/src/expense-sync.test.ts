// An expense added on the phone (docs/decisions/0062): kept in IndexedDB with its receipt's photo while there is no
// signal, then sent by the sync engine against the real API: saved once however many replies are lost, its receipt
// stored once and named by it, and gone from the phone; one the server refuses waits with its sentence for Retry;
// logging out counts it, and removes it only when asked.
import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SnaplistDb } from '../../src/offline/db.ts'
import { createDraftStore } from '../../src/offline/drafts.ts'
import { createSyncEngine } from '../../src/offline/outbox-sender.ts'
import { pendingExpenses } from '../../src/offline/pending-expenses.ts'
import { fetchTransport } from '../../src/offline/transport.ts'
import { solidJpeg } from '../helpers/images.ts'
import { client, createTestApp, newUser, readJson, TEST_ORIGIN, type TestApp } from '../helpers/test-app.ts'

let t: TestApp
let seller: ReturnType<typeof client>
let sellerId: number
let receipt: Blob

beforeAll(async () => {
  t = await createTestApp()
  seller = client(t.app)
  sellerId = (await readJson(await seller.post('/api/register', newUser('receipts')))).id
  receipt = new Blob([new Uint8Array(await solidJpeg({ r: 240, g: 240, b: 230 }, 320, 480))], { type: 'image/jpeg' })
})
afterAll(() => t.close())

/**
 * The phone's signal: off, every request fails as fetch does offline. `lose` names paths whose next POST's reply is
 * lost: the server acts, the phone hears nothing.
 */
const network = { online: true, lose: [] as string[], sent: [] as string[] }
const fetcher = async (input: RequestInfo | URL, init?: RequestInit) => {
  if (!network.online) throw new TypeError('fetch failed')
  const url = new URL(String(input), TEST_ORIGIN)
  const headers = new Headers(init?.headers)
  headers.set('cookie', seller.cookie)
  headers.set('origin', TEST_ORIGIN)
  const response = await t.app.request(url.toString(), { ...init, headers })
  if (init?.method !== 'POST') return response
  network.sent.push(url.pathname)
  const lost = network.lose.indexOf(url.pathname)
  if (lost === -1) return response
  network.lose.splice(lost, 1)
  throw new TypeError('fetch failed')
}

let db: SnaplistDb
let clock: number
beforeEach(() => {
  db = new SnaplistDb(`expenses-${randomUUID()}`)
  clock = Date.now()
  Object.assign(network, { online: true, lose: [], sent: [] })
})
afterEach(() => db.delete())

const engine = () =>
  createSyncEngine({ db, transport: fetchTransport({ fetcher }), now: () => clock, random: () => 0.5 })

/** Runs the engine until nothing waits, moving the clock past each back-off. */
async function syncUntilSettled() {
  for (let round = 0; round < 20; round++) {
    const outcome = await engine().run()
    if (outcome.kind !== 'idle' || outcome.nextAttemptAt === undefined) return outcome
    clock = Math.max(clock, outcome.nextAttemptAt)
  }
  throw new Error('the outbox did not settle')
}

const values = { spentOn: '2026-03-14', amount: '18.40', category: 'packaging' as const, place: 'Uline', note: '' }
const serverExpenses = (clientId: string) =>
  t.db.sql<{ amountCents: number; receiptUrl: string | null }[]>`
    select amount_cents, receipt_url from expenses where client_id = ${clientId}`

describe('an expense added on the phone', () => {
  it('waits with no signal, then is saved once with its receipt, however many replies are lost', async () => {
    const id = randomUUID()
    const photoId = randomUUID()
    network.online = false
    await pendingExpenses(db, sellerId, () => clock).add({ id, values, receipt: { id: photoId, blob: receipt } })
    await engine().run()
    expect(await db.expenses.get(id)).toMatchObject({ state: 'queued', receipt: { id: photoId } })
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ kind: 'create-expense', attempts: 0 })])
    expect(await serverExpenses(id)).toEqual([])

    // Signal again, but the replies to the photo's upload and to the expense itself are lost after the server acted.
    network.online = true
    network.lose.push('/api/images', '/api/expenses')
    await syncUntilSettled()
    expect(network.sent).toEqual(['/api/images', '/api/images', '/api/expenses', '/api/expenses'])
    // One photo stored under the phone's id, and the expense names it.
    const stored = await t.db.sql<{ url: string }[]>`select url from images where id = ${photoId}`
    expect(stored).toHaveLength(1)
    expect(await serverExpenses(id)).toEqual([{ amountCents: 1840, receiptUrl: stored[0]!.url }])
    expect(await db.expenses.count()).toBe(0)
    expect(await db.outbox.count()).toBe(0)

    // Sent again (a second phone tab that had it queued): still the one expense.
    await pendingExpenses(db, sellerId, () => clock).add({ id, values, receipt: { id: photoId, blob: receipt } })
    await syncUntilSettled()
    expect(await serverExpenses(id)).toHaveLength(1)
  })

  it('one the server refuses waits with its sentence; Retry sends it again, Discard drops it unsent', async () => {
    const store = pendingExpenses(db, sellerId, () => clock)
    const id = randomUUID()
    await store.add({ id, values: { ...values, spentOn: '2026-02-30' } })
    await syncUntilSettled()
    expect(await db.expenses.get(id)).toMatchObject({
      state: 'failed',
      error: expect.any(String),
      errorFields: { spentOn: 'Date must be a date like 2026-03-14' },
    })
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ status: 'parked' })])

    // Retried, it is refused again (its date is still wrong); discarded, nothing of it is left or sent.
    await store.retry(id)
    expect(await db.expenses.get(id)).toMatchObject({ state: 'queued' })
    await syncUntilSettled()
    expect(await db.expenses.get(id)).toMatchObject({ state: 'failed' })
    await store.discard(id)
    expect(await db.expenses.count()).toBe(0)
    expect(await db.outbox.count()).toBe(0)
    expect(await serverExpenses(id)).toEqual([])
  })

  it('another account on the same phone neither sees nor sends it', async () => {
    const id = randomUUID()
    await pendingExpenses(db, sellerId + 1000, () => clock).add({ id, values })
    expect(await pendingExpenses(db, sellerId).list()).toEqual([])
    await syncUntilSettled()
    expect(await serverExpenses(id)).toEqual([])
    expect(await db.expenses.get(id)).toMatchObject({ state: 'queued' })
  })
})

describe('logging out with an expense not sent yet', () => {
  it('counts it, keeps it when asked, and removes it with its entry when the seller says so', async () => {
    const id = randomUUID()
    await pendingExpenses(db, sellerId, () => clock).add({ id, values })
    const drafts = createDraftStore(db, sellerId, () => clock)
    expect(await drafts.unsyncedCounts()).toEqual({ drafts: 0, photos: 0, expenses: 1 })
    await drafts.leavePhone(false)
    expect(await db.expenses.count()).toBe(1)
    await drafts.leavePhone(true)
    expect([await db.expenses.count(), await db.outbox.count()]).toEqual([0, 0])
  })
})
