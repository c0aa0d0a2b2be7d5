// Issue 27, F2: a sale read from one seller's eBay account changes only that seller's listings, and SKUs differ
// between the sellers of one install and between installs, while listings posted before keep the SKU eBay has.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SELLER_SALES_JOB } from '../../../api/services/ebay/sales.ts'
import { startFakeEbay, type FakeEbay } from '../../fakes/ebay.ts'
import { connectEbay, ebayApp, ebayConfigFor } from '../../helpers/ebay.ts'
import { readJson, registeredClient, uploadPhotos, type JsonBody, type TestApp } from '../../helpers/test-app.ts'
import { JACKET } from '../../helpers/jacket.ts'

type Seller = Awaited<ReturnType<typeof registeredClient>> & { grant: string }

let fake: FakeEbay
let t: TestApp
let otherInstall: TestApp

beforeAll(async () => {
  fake = await startFakeEbay()
  t = await ebayApp(ebayConfigFor(fake))
  otherInstall = await ebayApp(ebayConfigFor(fake))
})
afterAll(async () => {
  await Promise.all([t.close(), otherInstall.close()])
  await fake.close()
})

async function connectedSeller(app: TestApp, name: string): Promise<Seller> {
  const seller = await registeredClient(app.app, `${name}-${randomUUID().slice(0, 8)}`)
  return Object.assign(seller, { grant: (await connectEbay(fake, seller)).grant })
}

async function liveListing(seller: Seller, fields: Record<string, unknown> = {}): Promise<JsonBody> {
  const created = await seller.post('/api/listings', { ...JACKET, images: await uploadPhotos(seller, 1), ...fields })
  expect(created.status, await created.clone().text()).toBe(201)
  const listing = await readJson(created)
  const posted = await seller.post(`/api/listings/${listing.id}/post-to-ebay`, {
    aspects: { Type: 'Jacket' },
    postalCode: '95125',
  })
  expect(posted.status, await posted.clone().text()).toBe(200)
  return listing
}

/** The SKU the seller's eBay account holds the listing under (the seller's one offer per listing, in order). */
const skusOnEbay = (seller: Seller) => [...fake.inventory(seller.grant).offers.values()].map((offer) => offer.sku)
const quantityOnEbay = (seller: Seller, sku: string) =>
  (fake.inventory(seller.grant).items.get(sku) as JsonBody).availability.shipToLocationAvailability.quantity as number
const rowOf = async (seller: Seller, id: number): Promise<JsonBody> =>
  ((await readJson(await seller.get('/api/listings'))) as unknown as JsonBody[]).find((listing) => listing.id === id)!

async function poll(app: TestApp, seller: Seller) {
  await app.jobs.send(SELLER_SALES_JOB, { userId: seller.id })
  await app.settle()
}

async function editTitle(app: TestApp, seller: Seller, listing: JsonBody, title: string) {
  const { version, quantity } = await rowOf(seller, listing.id as number)
  expect(
    (
      await seller.call('PATCH', `/api/listings/${listing.id}`, {
        ...JACKET,
        images: listing.images,
        quantity,
        version,
        title,
      })
    ).status,
  ).toBe(200)
  await app.settle()
}

describe('sales and SKUs per seller and per install', () => {
  it("a sale on another seller's eBay account under my SKU changes nothing of mine, so my next edit sends my stock", async () => {
    const alice = await connectedSeller(t, 'alice')
    const bob = await connectedSeller(t, 'bob')
    const hers = await liveListing(alice, { quantity: 3 })
    const [aliceSku] = skusOnEbay(alice)
    await liveListing(bob)
    // Bob's eBay account sells an item under alice's SKU (listed by hand there, or by another install).
    const order = fake.sellItem(bob.grant, skusOnEbay(bob)[0]!, 1)
    Object.assign(order.lineItems[0]!, { sku: aliceSku, quantity: 3 })
    await poll(t, bob)

    expect(await rowOf(alice, hers.id as number)).toMatchObject({ platformStatus: 'active', quantity: 3 })
    await editTitle(t, alice, hers, 'Trucker jacket, three in stock')
    expect(quantityOnEbay(alice, aliceSku!)).toBe(3)
  })

  it('gives the same listing id in two installs different SKUs', async () => {
    const here = await connectedSeller(t, 'here')
    const there = await connectedSeller(otherInstall, 'there')
    const mine = await liveListing(here)
    // The other install's next listing gets the same id.
    await otherInstall.db.sql`select setval(pg_get_serial_sequence('listings', 'id'), ${mine.id as number}, false)`
    expect((await liveListing(there)).id).toBe(mine.id)
    const [[hereSku], [thereSku]] = [skusOnEbay(here), skusOnEbay(there)]
    expect(hereSku).toMatch(/^snaplist[a-z0-9]+$/)
    expect(hereSku).not.toBe(thereSku)
    // A sale under the other install's SKU on this seller's account is not this seller's listing's.
    const order = fake.sellItem(here.grant, hereSku!, 1)
    order.lineItems[0]!.sku = thereSku!
    await poll(t, here)
    expect(await rowOf(here, mine.id as number)).toMatchObject({ platformStatus: 'active', quantity: 1 })
  })

  it('keeps the SKU a listing was posted under before SKUs had an install prefix: revisions and sales use it', async () => {
    const seller = await connectedSeller(t, 'legacy')
    const listing = await liveListing(seller, { quantity: 2 })
    const [sku] = skusOnEbay(seller)
    // As migration 0023 leaves a listing posted under the old scheme: eBay holds it as snaplist<id>.
    const legacy = `snaplist${listing.id}`
    const inventory = fake.inventory(seller.grant)
    inventory.items.set(legacy, inventory.items.get(sku!)!)
    inventory.items.delete(sku!)
    for (const offer of inventory.offers.values()) if (offer.sku === sku) offer.sku = legacy
    await t.db.sql`
      update listing_places set details = details || jsonb_build_object('sku', ${legacy}::text)
      where listing_id = ${listing.id} and marketplace = 'ebay'`

    await editTitle(t, seller, listing, 'Trucker jacket, older post')
    expect((inventory.items.get(legacy) as JsonBody).product.title).toBe('Trucker jacket, older post')
    fake.sellItem(seller.grant, legacy, 1)
    await poll(t, seller)
    expect(await rowOf(seller, listing.id as number)).toMatchObject({ platformStatus: 'active', quantity: 1 })
  })
})
