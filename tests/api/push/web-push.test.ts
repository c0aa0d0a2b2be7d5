// Notifications by Web Push (docs/decisions/0035): a sale made on the eBay stand-in, and what needs the seller (sold
// twice, a refused change, a lapsed connection), reach the seller's phones through the push-service stand-in, which
// checks the VAPID JWT and decrypts the payload as a phone would, so the test reads the words the phone shows. Only
// the seller's devices, only the kinds each turned on; a busy push service is tried again, a device it reports gone is
// pushed to no more; nobody else may remove or take over a seller's device.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { notificationOf, type PushMessage } from '../../../api/contract/push.ts'
import { SELLER_SALES_JOB } from '../../../api/services/ebay/sales.ts'
import { PUSH_NOTIFY_JOB, PUSH_SEND_JOB } from '../../../api/services/push/notifications.ts'
import { startFakeEbay, type FakeEbay } from '../../fakes/ebay.ts'
import { startFakePushService, type FakePushService, type FakeSubscription } from '../../fakes/push-service.ts'
import { connectEbay, ebayApp, ebayConfigFor, ebaySkus } from '../../helpers/ebay.ts'
import { JACKET } from '../../helpers/jacket.ts'
import { dueNow } from '../../helpers/jobs.ts'
import { readJson, registeredClient, uploadPhotos, type TestApp } from '../../helpers/test-app.ts'

let ebay: FakeEbay
let pushService: FakePushService
let t: TestApp
let skuOf: (listingId: number) => string

beforeAll(async () => {
  ebay = await startFakeEbay()
  pushService = await startFakePushService()
  t = await ebayApp(ebayConfigFor(ebay), { push: pushService.trust })
  skuOf = await ebaySkus(t)
})
afterAll(async () => {
  await t.close()
  await Promise.all([ebay.close(), pushService.close()])
})

type Seller = Awaited<ReturnType<typeof registeredClient>>

async function seller(name: string) {
  return registeredClient(t.app, `${name}-${randomUUID().slice(0, 8)}`)
}

/** The seller's listing of one piece, live on eBay; sell() sells it there and runs the sales poll and its jobs. */
async function liveOnEbay(owner: Seller, title: string, fields: Record<string, unknown> = {}) {
  const grant = (await connectEbay(ebay, owner)).grant
  const images = await uploadPhotos(owner, 1)
  const listing = await readJson(
    await owner.post('/api/listings', { ...JACKET, title, images, quantity: 1, ...fields }),
  )
  const posted = await owner.post(`/api/listings/${listing.id}/post-to-ebay`, {
    aspects: { Type: 'Jacket' },
    postalCode: '95125',
  })
  expect(posted.status, await posted.clone().text()).toBe(200)
  const id = listing.id as number
  const poll = async () => {
    await t.jobs.send(SELLER_SALES_JOB, { userId: owner.id })
    await t.settle()
    await t.settle()
  }
  return {
    id,
    /** Sells it on eBay, and the sales poll finds it. */
    async sell() {
      ebay.sellItem(grant, skuOf(id))
      await poll()
    },
    /** Sells it on eBay before Snaplist has told eBay of a sale made elsewhere (the poll then finds one too many). */
    async sellElsewhereThenOnEbay() {
      const elsewhere = await owner.post(`/api/listings/${id}/sold-elsewhere`, { quantity: 1, where: 'A yard sale' })
      expect(elsewhere.status, await elsewhere.clone().text()).toBe(200)
      ebay.sellItem(grant, skuOf(id))
      await poll()
    },
  }
}

async function subscribe(owner: Seller, kinds?: { sales: boolean; problems: boolean }): Promise<FakeSubscription> {
  const subscription = pushService.subscribe()
  const reply = await owner.post('/api/push-subscriptions', { ...subscription, expirationTime: null, kinds })
  expect(reply.status, await reply.clone().text()).toBe(200)
  return subscription
}

const shown = (endpoint: string) =>
  pushService.receivedBy(endpoint).map((push) => notificationOf(JSON.parse(push.text) as PushMessage))

describe('sale notifications by Web Push', () => {
  it('serves the VAPID public key the pushes are signed with', async () => {
    const owner = await seller('key')
    const { publicKey } = await readJson(await owner.get('/api/push-subscriptions/key'))
    expect(publicKey).toMatch(/^[\w-]{87}$/)
  })

  it('pushes a sale on eBay, encrypted, to each of the seller’s devices that has sales on, and no one else', async () => {
    const alice = await seller('alice')
    const bob = await seller('bob')
    const phone = await subscribe(alice)
    const tablet = await subscribe(alice, { sales: false, problems: true })
    const bobsPhone = await subscribe(bob)
    const { publicKey } = await readJson(await alice.get('/api/push-subscriptions/key'))
    const item = await liveOnEbay(alice, 'Red wool jacket')
    await item.sell()

    expect(pushService.refusals).toEqual([])
    expect(shown(phone.endpoint)).toEqual([
      {
        title: 'Sold: Red wool jacket — $39.50 on eBay',
        body: 'Tap to see the listing.',
        url: `/list-item?edit=${item.id}`,
        tag: `sold-${item.id}`,
      },
    ])
    const [push] = pushService.receivedBy(phone.endpoint)
    expect(push!.vapidKey).toBe(publicKey)
    // Only the title and price (and the listing's id for the tap) go through the push service.
    expect(Object.keys(JSON.parse(push!.text) as object).sort()).toEqual([
      'listingId',
      'priceCents',
      'soldOn',
      'title',
      'type',
    ])
    expect(shown(tablet.endpoint)).toEqual([])
    expect(shown(bobsPhone.endpoint)).toEqual([])
  })

  it('pushes no more to a device its push service reports gone (410), and keeps pushing to the others', async () => {
    const owner = await seller('gone')
    const gone = await subscribe(owner)
    const kept = await subscribe(owner)
    pushService.answer(gone.endpoint, 410)
    await (await liveOnEbay(owner, 'Green wool scarf')).sell()
    await t.jobs.send(PUSH_NOTIFY_JOB, { userId: owner.id, event: { type: 'reconnect', marketplace: 'ebay' } })
    await t.settle()
    await t.settle()
    expect(pushService.attemptsAt(gone.endpoint)).toBe(1)
    expect(shown(kept.endpoint).map((note) => note.title)).toEqual([
      'Sold: Green wool scarf — $39.50 on eBay',
      'Connect eBay again',
    ])
  })

  it('turns one device off and leaves the others; nobody else can remove or take over a device', async () => {
    const alice = await seller('alice')
    const bob = await seller('bob')
    const phone = await subscribe(alice)
    const laptop = await subscribe(alice)
    const byBob = await bob.call('DELETE', '/api/push-subscriptions', { endpoint: phone.endpoint })
    expect(byBob.status).toBe(404)
    const takeOver = await bob.post('/api/push-subscriptions', phone)
    expect(takeOver.status).toBe(409)
    expect((await readJson(takeOver)).code).toBe('push_subscription_taken')

    const off = await alice.call('DELETE', '/api/push-subscriptions', { endpoint: phone.endpoint })
    expect(off.status).toBe(200)
    const left = await t.db.sql<{ endpoint: string; userId: number }[]>`
      select endpoint, user_id from push_subscriptions where endpoint in ${t.db.sql([phone.endpoint, laptop.endpoint])}`
    expect(left).toEqual([{ endpoint: laptop.endpoint, userId: alice.id }])
  })

  it('keeps a device’s kinds when it sends its subscription again without them', async () => {
    const owner = await seller('kinds')
    const phone = await subscribe(owner, { sales: false, problems: true })
    const again = await readJson(await owner.post('/api/push-subscriptions', phone))
    expect(again).toEqual({ kinds: { sales: false, problems: true } })
  })
})

describe('what needs the seller, pushed to the devices with problems on', () => {
  it('says a listing sold twice, naming the order to cancel, only to the devices with problems on, and never as a Sold', async () => {
    const owner = await seller('twice')
    const phone = await subscribe(owner, { sales: false, problems: true })
    const salesOnly = await subscribe(owner, { sales: true, problems: false })
    const item = await liveOnEbay(owner, 'Blue denim jacket')
    await item.sellElsewhereThenOnEbay()
    expect(shown(phone.endpoint)).toEqual([
      {
        title: 'Sold twice: Blue denim jacket',
        body: 'The $39.50 sale on eBay has no piece left to send: cancel it there, or settle it with the buyer.',
        url: `/list-item?edit=${item.id}`,
        tag: `problem-${item.id}`,
      },
    ])
    // The eBay order cannot ship: it is no sale to cheer (issue 47).
    expect(shown(salesOnly.endpoint)).toEqual([])
  })

  it('says eBay refused a change', async () => {
    const owner = await seller('refused')
    const phone = await subscribe(owner)
    const item = await liveOnEbay(owner, 'Vintage tin toy robot', { brand: '' })
    // Snaplist takes a brand of up to 65 characters; eBay's aspect values stop at 50.
    const edited = await owner.post(`/api/listings/${item.id}/fill-empty`, { brand: 'B'.repeat(60) })
    expect(edited.status, await edited.clone().text()).toBe(200)
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    await t.settle()
    await t.settle()
    logged.mockRestore()
    expect(shown(phone.endpoint).map(({ title, url }) => ({ title, url }))).toEqual([
      { title: 'eBay refused a change: Vintage tin toy robot', url: `/list-item?edit=${item.id}` },
    ])
  })

  it('tries a busy push service again (429, then 500) and delivers once, without sending twice to the others', async () => {
    const owner = await seller('busy')
    const busy = await subscribe(owner)
    const steady = await subscribe(owner)
    pushService.answer(busy.endpoint, 429)
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const item = await liveOnEbay(owner, 'Grey felt hat')
    await item.sell()
    expect(shown(busy.endpoint)).toEqual([])
    pushService.answer(busy.endpoint, 500)
    await dueNow(t.db.sql, PUSH_SEND_JOB, ['retry'])
    await t.settle()
    expect(shown(busy.endpoint)).toEqual([])
    pushService.answer(busy.endpoint, undefined)
    await dueNow(t.db.sql, PUSH_SEND_JOB, ['retry'])
    await t.settle()
    logged.mockRestore()
    const sold = 'Sold: Grey felt hat — $39.50 on eBay'
    expect(shown(busy.endpoint).map((note) => note.title)).toEqual([sold])
    expect(shown(steady.endpoint).map((note) => note.title)).toEqual([sold])
    // A busy device is still the seller's.
    const kept = await t.db.sql`select 1 from push_subscriptions where endpoint = ${busy.endpoint}`
    expect(kept).toHaveLength(1)
  })

  // Last: it revokes every grant on the shared eBay stand-in.
  it('asks the seller to connect eBay again when eBay refuses the grant, once', async () => {
    const owner = await seller('lapsed')
    const phone = await subscribe(owner)
    await liveOnEbay(owner, 'Brown leather belt')
    ebay.revokeAll()
    ebay.expireAccessTokens()
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    for (const _ of [1, 2]) {
      await t.jobs.send(SELLER_SALES_JOB, { userId: owner.id })
      await t.settle()
      await t.settle()
    }
    logged.mockRestore()
    expect(shown(phone.endpoint)).toEqual([
      {
        title: 'Connect eBay again',
        body: 'Your eBay connection has lapsed: sales and changes wait until you connect it again.',
        url: '/',
        tag: 'reconnect-ebay',
      },
    ])
  })
})
