// The parcel a listing ships in (issue 33, decision 0045): its weight and size go to eBay as the inventory item's
// packageWeightAndSize (the stand-in checks the body against eBay's contract), an edit sends the new parcel, a listing
// without one sends none, and a size that is not a whole number is refused before anything is saved. The shipping
// policy is the seller's choice among theirs (any id eBay gives), kept for the listing, read from eBay again once the
// seller connects eBay again, and a calculated one needs the parcel.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { connectEbay, ebayAppPerFile } from '../../helpers/ebay.ts'
import { JACKET } from '../../helpers/jacket.ts'
import { readJson, registeredClient, uploadPhotos, type JsonBody } from '../../helpers/test-app.ts'

const opened = ebayAppPerFile()

const PARCEL = { packageWeightOz: 8, packageLength: 13, packageWidth: 10, packageHeight: 1 }

async function postedListing(fields: Record<string, unknown>) {
  const seller = await registeredClient(opened.t.app, `parcel-${randomUUID().slice(0, 8)}`)
  const { grant } = await connectEbay(opened.fake, seller)
  const created = await seller.post('/api/listings', { ...JACKET, images: await uploadPhotos(seller, 1), ...fields })
  expect(created.status, await created.clone().text()).toBe(201)
  const listing = await readJson(created)
  const posted = await seller.post(`/api/listings/${listing.id}/post-to-ebay`, {
    aspects: { Type: 'Jacket' },
    postalCode: '95125',
  })
  expect(posted.status, await posted.clone().text()).toBe(200)
  const item = () =>
    opened.fake.inventory(grant).items.get(opened.skuOf(listing.id as number)) as JsonBody & {
      packageWeightAndSize?: unknown
    }
  return { seller, listing, item }
}

describe('the parcel on eBay', () => {
  it("reaches eBay as the inventory item's package weight and size, and an edit sends the new one", async () => {
    const { seller, listing, item } = await postedListing(PARCEL)
    expect(listing).toMatchObject(PARCEL)
    expect(item().packageWeightAndSize).toEqual({
      dimensions: { length: 13, width: 10, height: 1, unit: 'INCH' },
      weight: { value: 8, unit: 'OUNCE' },
    })
    const edited = await seller.call('PATCH', `/api/listings/${listing.id}`, {
      ...JACKET,
      images: listing.images,
      version: listing.version,
      ...PARCEL,
      packageWeightOz: 48,
    })
    expect(edited.status, await edited.clone().text()).toBe(200)
    await opened.t.settle()
    expect(item().packageWeightAndSize).toMatchObject({ weight: { value: 48, unit: 'OUNCE' } })
  })

  it('sends no package for a listing without one, and the weight alone when the size is not all given', async () => {
    expect((await postedListing({})).item().packageWeightAndSize).toBeUndefined()
    expect((await postedListing({ packageWeightOz: 12, packageLength: 10 })).item().packageWeightAndSize).toEqual({
      weight: { value: 12, unit: 'OUNCE' },
    })
  })

  it('refuses a weight or size that is not a whole number, and saves nothing', async () => {
    const seller = await registeredClient(opened.t.app, `parcel-bad-${randomUUID().slice(0, 8)}`)
    for (const bad of [{ packageWeightOz: 2.5 }, { packageLength: -1 }, { packageHeight: 'tall' }]) {
      const response = await seller.post('/api/listings', { ...JACKET, ...bad })
      expect(response.status, JSON.stringify(bad)).toBe(400)
      expect(Object.keys((await readJson(response)).fields as object)).toEqual(Object.keys(bad))
    }
    expect(await readJson(await seller.get('/api/listings'))).toEqual([])
  })
})

describe('a shipping policy priced by calculated shipping', () => {
  it('needs the parcel: said before eBay is asked, and posted once the weight and size are given', async () => {
    const policy = opened.fake.sell.policies!.fulfillment[0]!
    opened.fake.sell.calculatedShipping.add(policy)
    try {
      const seller = await registeredClient(opened.t.app, `calculated-${randomUUID().slice(0, 8)}`)
      await connectEbay(opened.fake, seller)
      const created = await seller.post('/api/listings', { ...JACKET, images: await uploadPhotos(seller, 1) })
      const listing = await readJson(created)
      const requirements = await readJson(await seller.get(`/api/listings/${listing.id}/ebay-requirements`))
      expect(requirements.missing).toContain('Package weight and size')
      const publishes = () => opened.fake.calls.filter((call) => call.endsWith('/publish')).length
      const before = publishes()
      const refused = await seller.post(`/api/listings/${listing.id}/post-to-ebay`, {
        aspects: { Type: 'Jacket' },
        postalCode: '95125',
      })
      expect(refused.status).toBe(400)
      expect(await readJson(refused)).toMatchObject({
        code: 'ebay_missing_fields',
        message: expect.stringContaining('Package weight and size'),
      })
      expect(publishes()).toBe(before)

      const edited = await seller.call('PATCH', `/api/listings/${listing.id}`, {
        ...JACKET,
        images: listing.images,
        version: listing.version,
        ...PARCEL,
      })
      expect(edited.status).toBe(200)
      const posted = await seller.post(`/api/listings/${listing.id}/post-to-ebay`, {
        aspects: { Type: 'Jacket' },
        postalCode: '95125',
      })
      expect(posted.status, await posted.clone().text()).toBe(200)
    } finally {
      opened.fake.sell.calculatedShipping.delete(policy)
    }
  })

  it("is read again when eBay refuses a parcel a cached flat policy let through (eBay's 25020)", async () => {
    const { seller, listing } = await postedListing({})
    // The policy became calculated after it was read: eBay refuses, Snaplist says what is missing and reads it again.
    const policy = opened.fake.sell.policies!.fulfillment[0]!
    opened.fake.sell.calculatedShipping.add(policy)
    try {
      const other = await seller.post('/api/listings', {
        ...JACKET,
        images: listing.images,
        title: 'Denim jacket, another',
      })
      const second = await readJson(other)
      const refused = await seller.post(`/api/listings/${second.id}/post-to-ebay`, {
        aspects: { Type: 'Jacket' },
        postalCode: '95125',
      })
      expect(refused.status).toBe(400)
      expect((await readJson(refused)).message).toContain('Package weight and size')
      const requirements = await readJson(await seller.get(`/api/listings/${second.id}/ebay-requirements`))
      expect(requirements.missing).toContain('Package weight and size')
    } finally {
      opened.fake.sell.calculatedShipping.delete(policy)
    }
  })
})

describe('the shipping policy a listing goes with', () => {
  it('is the seller’s choice among their policies, kept for the listing, and a calculated one needs the parcel', async () => {
    const sell = opened.fake.sell
    const before = sell.policies!
    const [flat, calculated] = ['6196929001', '6196929002']
    sell.policies = { ...before, fulfillment: [flat, calculated] }
    sell.calculatedShipping.add(calculated)
    try {
      const seller = await registeredClient(opened.t.app, `shipping-${randomUUID().slice(0, 8)}`)
      const { grant } = await connectEbay(opened.fake, seller)
      const created = await seller.post('/api/listings', { ...JACKET, images: await uploadPhotos(seller, 1) })
      const listing = await readJson(created)
      const path = `/api/listings/${listing.id}/ebay-requirements`

      const first = await readJson(await seller.get(path))
      expect(first.shipping).toEqual({
        policies: [
          { id: flat, name: `fulfillment policy ${flat}`, calculated: false },
          { id: calculated, name: `fulfillment policy ${calculated}`, calculated: true },
        ],
        chosen: flat,
      })
      expect(first.missing).not.toContain('Package weight and size')
      // Looking at the calculated one says what it needs, and keeps nothing.
      const looked = await readJson(await seller.get(`${path}?shippingPolicyId=${calculated}`))
      expect(looked.missing).toContain('Package weight and size')
      expect(looked.shipping.chosen).toBe(calculated)
      expect((await readJson(await seller.get(path))).shipping.chosen).toBe(flat)

      const refused = await seller.post(`/api/listings/${listing.id}/post-to-ebay`, {
        aspects: { Type: 'Jacket' },
        postalCode: '95125',
        shippingPolicyId: '999',
      })
      expect(refused.status).toBe(400)
      expect(await readJson(refused)).toMatchObject({ code: 'ebay_shipping_policy_unknown' })

      const parcelled = await readJson(
        await seller.call('PATCH', `/api/listings/${listing.id}`, {
          ...JACKET,
          images: listing.images,
          version: listing.version,
          ...PARCEL,
        }),
      )
      const posted = await seller.post(`/api/listings/${listing.id}/post-to-ebay`, {
        aspects: { Type: 'Jacket' },
        postalCode: '95125',
        shippingPolicyId: calculated,
      })
      expect(posted.status, await posted.clone().text()).toBe(200)
      const offerOf = () =>
        [...opened.fake.inventory(grant).offers.values()].find(
          (offer) => offer.sku === opened.skuOf(listing.id as number),
        ) as unknown as { body: { listingPolicies: { fulfillmentPolicyId: string } } }
      expect(offerOf().body.listingPolicies.fulfillmentPolicyId).toBe(calculated)
      // Kept for the listing: the dialog opens on it, and a revision sends it.
      expect((await readJson(await seller.get(path))).shipping.chosen).toBe(calculated)
      const edited = await seller.call('PATCH', `/api/listings/${listing.id}`, {
        ...JACKET,
        ...PARCEL,
        images: listing.images,
        version: parcelled.version,
        title: 'Denim jacket, revised',
      })
      expect(edited.status, await edited.clone().text()).toBe(200)
      await opened.t.settle()
      expect(offerOf().body.listingPolicies.fulfillmentPolicyId).toBe(calculated)
    } finally {
      sell.policies = before
      sell.calculatedShipping.delete(calculated)
    }
  })

  it('refuses a policy id that is no id, and changes nothing', async () => {
    const seller = await registeredClient(opened.t.app, `shipping-bad-${randomUUID().slice(0, 8)}`)
    await connectEbay(opened.fake, seller)
    const listing = await readJson(
      await seller.post('/api/listings', { ...JACKET, images: await uploadPhotos(seller, 1) }),
    )
    const response = await seller.get(
      `/api/listings/${listing.id}/ebay-requirements?shippingPolicyId=${encodeURIComponent('cheap rate!')}`,
    )
    expect(response.status).toBe(400)
    expect(await readJson(response)).toMatchObject({ fields: { shippingPolicyId: expect.any(String) } })
  })

  it('takes a policy id in whatever shape eBay gives it (its contract says only "string")', async () => {
    const seller = await registeredClient(opened.t.app, `shipping-shape-${randomUUID().slice(0, 8)}`)
    const { grant } = await connectEbay(opened.fake, seller)
    Object.assign(opened.fake.inventory(grant), { ownShipping: ['FP-ground-2026'], ownShippingOnly: true })
    const listing = await readJson(
      await seller.post('/api/listings', { ...JACKET, images: await uploadPhotos(seller, 1) }),
    )
    const needs = await readJson(await seller.get(`/api/listings/${listing.id}/ebay-requirements`))
    expect(needs.shipping.chosen).toBe('FP-ground-2026')
    const posted = await seller.post(`/api/listings/${listing.id}/post-to-ebay`, {
      aspects: { Type: 'Jacket' },
      postalCode: '95125',
      shippingPolicyId: 'FP-ground-2026',
    })
    expect(posted.status, await posted.clone().text()).toBe(200)
  })

  it('is read from eBay again once the seller connects eBay again, not offered from what was kept', async () => {
    const seller = await registeredClient(opened.t.app, `shipping-again-${randomUUID().slice(0, 8)}`)
    const first = await connectEbay(opened.fake, seller)
    Object.assign(opened.fake.inventory(first.grant), { ownShipping: ['6200000001'], ownShippingOnly: true })
    const listing = await readJson(
      await seller.post('/api/listings', { ...JACKET, images: await uploadPhotos(seller, 1) }),
    )
    const path = `/api/listings/${listing.id}/ebay-requirements`
    expect((await readJson(await seller.get(path))).shipping.chosen).toBe('6200000001')
    const kept = () => opened.t.db.sql`select 1 from ebay_seller_setup where user_id = ${seller.id}`
    expect(await kept()).toHaveLength(1)

    // On eBay the seller's policies changed; connecting again (a new grant of the same account) forgets what was kept.
    const again = await connectEbay(opened.fake, seller)
    expect(await kept()).toHaveLength(0)
    Object.assign(opened.fake.inventory(again.grant), { ownShipping: ['6200000003'], ownShippingOnly: true })
    expect((await readJson(await seller.get(path))).shipping).toEqual({
      policies: [{ id: '6200000003', name: 'fulfillment policy 6200000003', calculated: false }],
      chosen: '6200000003',
    })
  })
})
