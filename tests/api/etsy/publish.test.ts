import { createHash, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeEtsy, type FakeEtsy } from '../../fakes/etsy.ts'
import type { FakeEtsyListing } from '../../fakes/etsy-shop.ts'
import { connectEtsy, etsyApp } from '../../helpers/etsy.ts'
import { readJson, registeredClient, uploadPhotos, type JsonBody, type TestApp } from '../../helpers/test-app.ts'

let fake: FakeEtsy
let t: TestApp

beforeAll(async () => {
  fake = await startFakeEtsy({ sharedSecret: 'the-shared-secret' })
  t = await etsyApp(fake)
})
afterAll(async () => {
  await t.close()
  await fake.close()
})
beforeEach(() => {
  fake.control.fail = null
  fake.control.slowMs = 0
  fake.control.loseReply.clear()
})

type Seller = Awaited<ReturnType<typeof registeredClient>>
// A reseller's vintage piece: someone else made it, over 20 years ago (what Etsy allows a reseller to sell).
const ANSWERS = { whoMade: 'someone_else', whenMade: '1990s', isSupply: false }

async function seller(name: string, connected = true): Promise<Seller> {
  const client = await registeredClient(t.app, `${name}-${randomUUID().slice(0, 8)}`)
  if (connected) await connectEtsy(fake, client)
  return client
}

/** A listing with `photos` photos and a title of its own, so its Etsy listings can be told apart in the one shop. */
async function listing(client: Seller, fields: Record<string, unknown> = {}, photos = 3): Promise<JsonBody> {
  const images = await uploadPhotos(client, photos)
  const response = await client.post('/api/listings', {
    title: `Denim jacket ${randomUUID().slice(0, 8)}`,
    description: 'Light wash, no stains.',
    category: 'clothing',
    color: 'blue',
    price: 45,
    askingPrice: 39.5,
    quantity: 2,
    keywords: ['denim', 'jacket', 'vintage'],
    images,
    ...fields,
  })
  expect(response.status, await response.clone().text()).toBe(201)
  return readJson(response)
}

const onEtsy = (title: string): FakeEtsyListing[] =>
  [...fake.shop.listings.values()].filter((held) => held.title === title)
const post = (client: Seller, id: number, body: unknown = ANSWERS) =>
  client.post(`/api/listings/${id}/post-to-etsy`, body)
const requirements = async (client: Seller, id: number, query = '') =>
  readJson(await client.get(`/api/listings/${id}/etsy-requirements${query}`))
const sha256Of = async (client: Seller, url: string) =>
  createHash('sha256')
    .update(new Uint8Array(await (await client.get(url)).arrayBuffer()))
    .digest('hex')

describe('what Etsy still needs', () => {
  it('says to connect a shop first, and that another seller’s listing does not exist', async () => {
    const alone = await seller('alone', false)
    const own = await listing(alone, {}, 1)
    expect((await requirements(alone, own.id)).missing.map((m: JsonBody) => m.code)).toEqual(['etsy_not_connected'])
    const other = await seller('other', false)
    expect((await other.get(`/api/listings/${own.id}/etsy-requirements`)).status).toBe(404)
    expect((await post(other, own.id)).status).toBe(404)
  })

  it('reads the shop’s own profiles and asks for who made it, when and whether a supply', async () => {
    const client = await seller('asks')
    const own = await listing(client, {}, 1)
    const asked = await requirements(client, own.id)
    expect(asked.missing).toEqual([{ code: 'etsy_missing_fields', message: expect.stringContaining('who made it') }])
    expect(asked.taxonomy).toEqual({ id: 1, name: 'Clothing' })
    expect(asked.shippingProfiles).toEqual([{ id: 5001, name: 'US shipping' }])
    expect(asked.whenMade).toContain('2020_2025')
    const answered = await requirements(client, own.id, '?whoMade=i_did&whenMade=made_to_order&isSupply=false')
    expect(answered.missing).toEqual([])
  })

  it('says what to set up on Etsy when the shop has no shipping profile, and refuses to post', async () => {
    const client = await seller('noship')
    const own = await listing(client, {}, 1)
    const kept = fake.shop.shippingProfiles.splice(0)
    try {
      const asked = await requirements(client, own.id, '?whoMade=i_did&whenMade=made_to_order&isSupply=false')
      expect(asked.missing).toEqual([
        { code: 'etsy_shop_setup_missing', message: expect.stringContaining('no shipping profile yet') },
      ])
      const refused = await post(client, own.id)
      expect(refused.status).toBe(409)
      expect((await readJson(refused)).code).toBe('etsy_shop_setup_missing')
      expect(onEtsy(own.title)).toEqual([])
    } finally {
      fake.shop.shippingProfiles.push(...kept)
    }
  })

  it('asks a seller connected before publishing existed to connect again', async () => {
    const client = await seller('old')
    const own = await listing(client, {}, 1)
    await t.db.sql`update marketplace_connections set scopes = null where account_id is not null and platform = 'etsy'`
    const asked = await requirements(client, own.id)
    expect(asked.missing.map((m: JsonBody) => m.code)).toEqual(['etsy_reconnect_needed'])
    expect((await readJson(await post(client, own.id))).code).toBe('etsy_reconnect_needed')
    await connectEtsy(fake, client)
    expect((await requirements(client, own.id, '?whoMade=i_did&whenMade=1990s&isSupply=false')).missing).toEqual([])
  })
})

describe('Etsy’s category', () => {
  it('is suggested from the title below the Category’s, and found by search, with its path', async () => {
    const client = await seller('category')
    const jeans = await listing(client, { title: "Levi's 501 jeans, dark wash" }, 1)
    expect((await requirements(client, jeans.id)).taxonomy).toEqual({ id: 12, name: 'Clothing › Jeans' })
    const chosen = await requirements(client, jeans.id, '?taxonomyId=11')
    expect(chosen.taxonomy).toEqual({ id: 11, name: 'Clothing › Shirts & Tees' })
    const found = await readJson(await client.get('/api/etsy/categories?q=kitch'))
    expect(found.categories).toEqual([{ id: 31, name: 'Home & Living › Kitchen & Dining' }])
    expect((await readJson(await client.get('/api/etsy/categories?q=clothing'))).categories).toHaveLength(3)
    expect((await client.get('/api/etsy/categories?q=%20')).status).toBe(400)
  })

  it('is searched only with a shop connected', async () => {
    const alone = await seller('no-shop', false)
    const reply = await alone.get('/api/etsy/categories?q=jeans')
    expect(reply.status).toBe(409)
    expect(await readJson(reply)).toMatchObject({ code: 'etsy_not_connected' })
  })
})

describe('posting to Etsy', () => {
  it('goes live with the photos in order and the listing’s fields, once', async () => {
    const client = await seller('live')
    const own = await listing(client)
    const reply = await post(client, own.id)
    expect(reply.status, await reply.clone().text()).toBe(200)
    const body = await readJson(reply)
    const [held] = onEtsy(own.title)
    expect(body).toMatchObject({ message: 'Your listing is live on Etsy.', listingId: String(held!.listing_id) })
    expect(body.viewUrl).toBe(`https://www.etsy.com/listing/${held!.listing_id}`)
    expect(held).toMatchObject({
      state: 'active',
      description: 'Light wash, no stains.',
      price: 39.5,
      quantity: 2,
      who_made: 'someone_else',
      when_made: '1990s',
      is_supply: false,
      taxonomy_id: 1,
      shipping_profile_id: 5001,
      return_policy_id: 6001,
      readiness_state_id: 7001,
      tags: ['denim', 'jacket', 'vintage'],
      sku: `snaplist-${own.id}`,
    })
    const photos = await Promise.all(own.images.map((url: string) => sha256Of(client, url)))
    expect(held!.images.map((image) => [image.rank, image.sha256])).toEqual(photos.map((sha, i) => [i + 1, sha]))
    const [row] = (await readJson(await client.get('/api/listings'))) as unknown as JsonBody[]
    expect(row!.etsyStatus).toBe('active')
    expect(row!.etsyViewUrl).toMatch(/^https:\/\/www\.etsy\.com\/listing\/\d+$/)
    const again = await readJson(await post(client, own.id))
    expect(again).toMatchObject({ message: 'This listing is already on Etsy.', viewUrl: body.viewUrl })
    expect(onEtsy(own.title)).toHaveLength(1)
  })

  it('refuses a listing without the answers Etsy requires, before Etsy', async () => {
    const client = await seller('unanswered')
    const own = await listing(client, {}, 1)
    const refused = await post(client, own.id, { whoMade: 'i_did' })
    expect(refused.status).toBe(400)
    expect(await readJson(refused)).toMatchObject({
      code: 'etsy_missing_fields',
      message: 'Etsy needs when it was made, whether it is a supply.',
    })
    expect(onEtsy(own.title)).toEqual([])
  })

  it("refuses, before Etsy, a recent finished product someone else made: Etsy's rule in the seller's words", async () => {
    const client = await seller('modern')
    const own = await listing(client, {}, 1)
    const line = new Date().getFullYear() - 20
    for (const whenMade of ['2020_2025', '2010_2019', 'made_to_order']) {
      const refused = await post(client, own.id, { whoMade: 'someone_else', whenMade, isSupply: false })
      expect(refused.status).toBe(400)
      const body = await readJson(refused)
      expect(body).toMatchObject({ code: 'etsy_not_allowed', fields: { whenMade: expect.any(String) } })
      expect(body.message).toContain(
        `Etsy allows items someone else made only when they are vintage (made in ${line} or earlier) or craft supplies.`,
      )
    }
    expect(onEtsy(own.title)).toEqual([])
    const check = await requirements(client, own.id, '?whoMade=someone_else&whenMade=2020_2025&isSupply=false')
    expect(check.missing[0]).toMatchObject({ code: 'etsy_not_allowed' })
    // A craft supply may be commercially made, and what the seller made may be of any year: both are Etsy's.
    expect(
      (await requirements(client, own.id, '?whoMade=someone_else&whenMade=2020_2025&isSupply=true')).missing,
    ).toEqual([])
    expect((await requirements(client, own.id, '?whoMade=i_did&whenMade=2020_2025&isSupply=false')).missing).toEqual([])
    expect((await requirements(client, own.id, '?whoMade=someone_else&whenMade=1990s&isSupply=false')).missing).toEqual(
      [],
    )
  })

  it('sends Etsy a title cut to 140 characters and at most 13 tags of at most 20', async () => {
    const client = await seller('long')
    const title = `${'Vintage denim jacket with brass buttons '.repeat(5)}${randomUUID()}`
    const keywords = [...Array.from({ length: 16 }, (_, i) => `tag ${i}`), 'a keyword far longer than twenty']
    const own = await listing(client, { keywords }, 1)
    // Snaplist keeps titles to eBay's 80 today; a longer one (a row from elsewhere, a limit raised) is cut for Etsy.
    await t.db.sql`update listings set title = ${title} where id = ${own.id}`
    expect((await post(client, own.id)).status).toBe(200)
    const held = [...fake.shop.listings.values()].find((l) => title.startsWith(l.title) && l.state === 'active')!
    expect(held.title.length).toBeLessThanOrEqual(140)
    expect(held.title.endsWith(' ')).toBe(false)
    expect(held.tags).toEqual(keywords.slice(0, 13))
  })

  it('a when_made Etsy has dropped since it was copied: said so, with the values Snaplist knows', async () => {
    const client = await seller('era')
    const own = await listing(client, {}, 1)
    fake.shop.retiredWhenMade.add('1990s')
    try {
      const refused = await post(client, own.id)
      expect(refused.status).toBe(400)
      const body = await readJson(refused)
      expect(body.code).toBe('etsy_refused')
      expect(body.message).toMatch(/no longer accepts that "when it was made" value/)
      expect(body.message).toContain('made_to_order, 2020_2025, 2010_2019')
      // Under the field too: the dialog shows it beside the choice, with the values to pick from again.
      expect(body.fields).toHaveProperty('whenMade')
    } finally {
      fake.shop.retiredWhenMade.clear()
    }
  })
})

describe('exactly once, whatever Etsy does', () => {
  it('a lost reply to the draft: the retry finds the draft and makes no second listing', async () => {
    const client = await seller('lost')
    const own = await listing(client, {}, 2)
    fake.control.loseReply.set('createDraftListing', 1)
    const first = await post(client, own.id)
    expect(first.status).toBe(502)
    expect((await readJson(first)).code).toBe('etsy_unavailable')
    expect(onEtsy(own.title).map((l) => l.state)).toEqual(['draft'])
    expect((await post(client, own.id)).status).toBe(200)
    expect(onEtsy(own.title).map((l) => [l.state, l.images.length])).toEqual([['active', 2]])
  })

  it('a lost reply to a photo: sent again at its rank, replacing it', async () => {
    const client = await seller('photo')
    const own = await listing(client, {}, 3)
    fake.control.loseReply.set('uploadListingImage', 1)
    expect((await post(client, own.id)).status).toBe(502)
    expect((await post(client, own.id)).status).toBe(200)
    expect(onEtsy(own.title)[0]!.images.map((image) => image.rank)).toEqual([1, 2, 3])
  })

  it('two posts at once make one listing', async () => {
    const client = await seller('twice')
    const own = await listing(client, {}, 2)
    fake.control.slowMs = 50
    const replies = await Promise.all([post(client, own.id), post(client, own.id)])
    const statuses = replies.map((reply) => reply.status).sort()
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses)
    expect(onEtsy(own.title)).toHaveLength(1)
  })

  it('Etsy busy (429) answers etsy_busy with Etsy’s retry-after; Etsy failing (5xx) etsy_unavailable', async () => {
    const client = await seller('busy')
    const own = await listing(client, {}, 1)
    fake.control.fail = { status: 429, times: 1, retryAfter: 7 }
    const busy = await post(client, own.id)
    expect(busy.status).toBe(503)
    expect(busy.headers.get('retry-after')).toBe('7')
    expect((await readJson(busy)).code).toBe('etsy_busy')
    fake.control.fail = { status: 503, times: 1 }
    const down = await post(client, own.id)
    expect(down.status).toBe(502)
    expect((await readJson(down)).code).toBe('etsy_unavailable')
    expect((await post(client, own.id)).status).toBe(200)
    expect(onEtsy(own.title)).toHaveLength(1)
  })
})

describe('Etsy in the selling list', () => {
  it('a listing live on Etsy that the seller deletes is ended on Etsy first (state inactive), through the interface', async () => {
    const client = await seller('delete')
    const own = await listing(client, {}, 1)
    expect((await post(client, own.id)).status).toBe(200)
    const deleted = await client.call('DELETE', `/api/listings/${own.id}`)
    expect(deleted.status).toBe(202)
    expect(await readJson(deleted)).toEqual({
      message: 'Listing deleted. It is being ended on Etsy first.',
      endingOn: ['etsy'],
    })
    await t.settle()
    expect(onEtsy(own.title).map((held) => held.state)).toEqual(['inactive'])
  })
})

describe('the parcel on Etsy', () => {
  it("reaches Etsy as the item's weight in oz and size in inches; a measure not given is not sent", async () => {
    const client = await seller('parcel')
    const boxed = await listing(client, { packageWeightOz: 8, packageLength: 13, packageWidth: 10, packageHeight: 1 })
    expect((await post(client, boxed.id as number)).status).toBe(200)
    expect(onEtsy(boxed.title as string)[0]!.parcel).toEqual({
      item_weight: 8,
      item_weight_unit: 'oz',
      item_length: 13,
      item_width: 10,
      item_height: 1,
      item_dimensions_unit: 'in',
    })
    const weighed = await listing(client, { packageWeightOz: 20 })
    expect((await post(client, weighed.id as number)).status).toBe(200)
    expect(onEtsy(weighed.title as string)[0]!.parcel).toMatchObject({ item_weight: 20, item_length: null })
  })
})
