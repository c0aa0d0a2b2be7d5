// Changes pushed to open screens (issue 30, docs/decisions/0034): a sale found by the eBay sales poll reaches every open
// stream of its seller within 2 s and no other seller's; a stream that dropped resumes from Last-Event-ID with what it
// missed; and a change made through one API process reaches a stream held by another on the same database.
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../../api/app.ts'
import { SELLER_SALES_JOB } from '../../../api/services/ebay/sales.ts'
import { createChangeFeed } from '../../../api/services/events/change-feed.ts'
import { createLiveStreams } from '../../../api/services/events/live-stream.ts'
import { createLocalAnalyzer } from '../../../api/services/listings/analyzer/local.ts'
import { createLocalStorage } from '../../../api/services/listings/local-storage.ts'
import { JACKET } from '../../helpers/jacket.ts'
import { connectEbay, ebayAppPerFile } from '../../helpers/ebay.ts'
import { openEventStream } from '../../helpers/event-stream.ts'
import { readJson, registeredClient, TEST_ORIGIN, uploadPhotos } from '../../helpers/test-app.ts'

const opened = ebayAppPerFile()

const seller = (name: string) => registeredClient(opened.t.app, `${name}-${randomUUID().slice(0, 8)}`)

async function newListing(owner: Awaited<ReturnType<typeof seller>>, title: string) {
  const images = await uploadPhotos(owner, 1)
  return readJson(await owner.post('/api/listings', { ...JACKET, title, images, quantity: 1 }))
}

describe('changes pushed to open screens', () => {
  it('sends a sale the eBay poll finds to both of the seller’s open streams within 2 s, and to nobody else', async () => {
    const alice = await seller('alice')
    const bob = await seller('bob')
    const grant = (await connectEbay(opened.fake, alice)).grant
    const title = `Trucker jacket ${randomUUID().slice(0, 8)}`
    const listing = await newListing(alice, title)
    const posted = await alice.post(`/api/listings/${listing.id}/post-to-ebay`, {
      aspects: { Type: 'Jacket' },
      postalCode: '95125',
    })
    expect(posted.status, await posted.clone().text()).toBe(200)
    const phone = await openEventStream(opened.t.app, alice.cookie)
    const laptop = await openEventStream(opened.t.app, alice.cookie)
    const bobs = await openEventStream(opened.t.app, bob.cookie)
    try {
      opened.fake.sellItem(grant, opened.skuOf(listing.id as number))
      await opened.t.jobs.send(SELLER_SALES_JOB, { userId: alice.id })
      await opened.t.settle()
      // The poll has found and applied the order (the jobs it queued ran too): the streams have 2 s from here.
      const found = performance.now()
      const isSale = (change: { kind: string; listingId: number | null }) =>
        change.kind === 'listing-sold' && change.listingId === listing.id
      for (const stream of [phone, laptop]) {
        const sale = await stream.waitFor(isSale, 2000 - (performance.now() - found))
        expect(sale.at - found, 'from the poll to the stream').toBeLessThan(2000)
        expect(sale).toMatchObject({
          kind: 'listing-sold',
          data: { marketplace: 'ebay', quantity: 1, left: 0, short: 0 },
          listing: { id: listing.id, title, platformStatus: 'sold', quantity: 0, soldOn: 'ebay' },
        })
        expect((sale.data as { price: number }).price).toBeGreaterThan(0)
      }
      // Give Bob's stream the time Alice's took, and more: nothing of hers arrives.
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(bobs.changes()).toEqual([])
      expect(bobs.messages.map((message) => message.data).join('')).not.toContain(title)
    } finally {
      await Promise.all([phone.close(), laptop.close(), bobs.close()])
    }
  })

  it('resumes a dropped stream after Last-Event-ID with what it missed, in order, and a new one with the last 15 s', async () => {
    const alice = await seller('resume')
    const stream = await openEventStream(opened.t.app, alice.cookie)
    const from = stream.lastId()!
    expect(from).toMatch(/^\d+$/)
    await stream.close()
    // Away: another device creates a listing, edits it, and deletes another.
    const kept = await newListing(alice, 'Denim jacket')
    const gone = await newListing(alice, 'Wool scarf')
    const edit = { ...JACKET, title: 'Denim jacket, faded', images: kept.images, quantity: 1, version: kept.version }
    expect((await alice.call('PATCH', `/api/listings/${kept.id}`, edit)).status).toBe(200)
    expect((await alice.call('DELETE', `/api/listings/${gone.id}`)).status).toBe(200)

    const resumed = await openEventStream(opened.t.app, alice.cookie, { lastEventId: from })
    try {
      await resumed.waitFor((change) => change.kind === 'listing-deleted')
      expect(resumed.changes().map(({ kind, listingId }) => ({ kind, listingId }))).toEqual([
        { kind: 'listing-created', listingId: kept.id },
        { kind: 'listing-created', listingId: gone.id },
        { kind: 'listing-edited', listingId: kept.id },
        { kind: 'listing-deleted', listingId: gone.id },
      ])
      // Each carries the listing as it is now (the edited title), or none once it is gone.
      expect(resumed.changes()[0]!.listing).toMatchObject({ id: kept.id, title: 'Denim jacket, faded' })
      expect(resumed.changes()[3]!.listing).toBeNull()
      const ids = resumed.changes().map((change) => BigInt(change.id))
      expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : 1)))
    } finally {
      await resumed.close()
    }
    // A new EventSource (the app back online after its stream closed) names where it was with ?after=.
    const again = await openEventStream(opened.t.app, alice.cookie, { after: from })
    await again.waitFor((change) => change.kind === 'listing-deleted')
    expect(again.changes()).toHaveLength(4)
    await again.close()
    // A first connection starts with the last 15 s only (the app opens it a moment after reading its lists).
    await opened.t.db.sql`
      update change_events set created_at = now() - interval '1 minute'
      where user_id = ${alice.id} and listing_id <> ${gone.id}`
    const fresh = await openEventStream(opened.t.app, alice.cookie)
    await fresh.waitFor((change) => change.kind === 'listing-deleted')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(fresh.changes().map(({ kind, listingId }) => ({ kind, listingId }))).toEqual([
      { kind: 'listing-created', listingId: gone.id },
      { kind: 'listing-edited', listingId: kept.id },
      { kind: 'listing-deleted', listingId: gone.id },
    ])
    await fresh.close()
  })

  it('ends a stream at its next keep-alive once its session no longer holds (signed out here or elsewhere)', async () => {
    const { sql } = opened.t.db
    const feed = createChangeFeed({ sql, itemUrl: 'https://ebay.example/itm/', mode: 'poll' })
    const streams = createLiveStreams({ sql, feed, itemUrl: 'https://ebay.example/itm/', keepAliveMs: 50 })
    let holds = true
    let keptAlive = 0
    const { id } = await seller('signed-out')
    const sink = {
      ready: async () => {},
      change: async () => {},
      behind: async () => {},
      replaced: async () => {},
      keepAlive: async () => void (keptAlive += 1),
      signedIn: async () => holds,
      closed: new Promise<void>(() => {}),
    }
    const ended = streams.stream(id, undefined, sink, streams.admit(id, 'a session'))
    await expect.poll(() => keptAlive).toBeGreaterThan(0)
    holds = false
    await ended
    expect(feed.open).toBe(0)
  })

  it('refuses a visitor who is not signed in', async () => {
    const response = await opened.t.app.request(`${TEST_ORIGIN}/api/events`, { headers: { origin: TEST_ORIGIN } })
    expect(response.status).toBe(401)
  })

  it('sends a change made through one API process to a stream held by another on the same database', async () => {
    const db = await opened.t.connectAgain()
    const photosDir = await mkdtemp(path.join(os.tmpdir(), 'snaplist-second-'))
    // Another API process: its own app, its own connections, nothing shared with the first but the database.
    const other = createApp({
      sql: db.sql,
      config: { publicUrl: undefined, appUrl: TEST_ORIGIN, https: false, trustProxy: false },
      storage: createLocalStorage(photosDir),
      analyzer: createLocalAnalyzer(),
      changeFeed: db.kind === 'postgres' ? 'listen' : 'poll',
    })
    const alice = await seller('two-processes')
    const held = await openEventStream(other, alice.cookie)
    try {
      const made = performance.now()
      const listing = await newListing(alice, 'Corduroy trousers')
      const created = await held.waitFor((change) => change.listingId === listing.id, 2000)
      expect(created).toMatchObject({ kind: 'listing-created', listing: { title: 'Corduroy trousers' } })
      expect(created.at - made).toBeLessThan(2000)
    } finally {
      await held.close()
      await db.close()
      await rm(photosDir, { recursive: true, force: true })
    }
  })
})
