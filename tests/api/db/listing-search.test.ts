// GET /api/listings/search: the Dashboard's search (title, brand, keywords, SKU), status filter and sort, done by the
// server over the seller's own listings, a page of 24 at a time, with the counts by status; and the ids of every ready
// listing it finds, for Select all ready (issue 26).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LISTINGS_PAGE_SIZE, type ListingPage } from '../../../api/contract/listing-search.ts'
import { readyListingIds } from '../../../api/db/listing-search.ts'
import { client, createTestApp, newUser, readJson, registeredClient, type TestApp } from '../../helpers/test-app.ts'
import { placeOnEbay } from '../../helpers/places.ts'

let t: TestApp
let alice: ReturnType<typeof client>
let bob: ReturnType<typeof client>
const ids: Record<string, number> = {}

async function create(who: ReturnType<typeof client>, fields: Record<string, unknown>) {
  const response = await who.post('/api/listings', { category: 'other', color: 'multi', price: 10, ...fields })
  expect(response.status, await response.clone().text()).toBe(201)
  return (await readJson(response)).id as number
}

const search = async (who: ReturnType<typeof client>, query: string) => {
  const response = await who.get(`/api/listings/search${query}`)
  expect(response.status, await response.clone().text()).toBe(200)
  return (await readJson(response)) as ListingPage
}
const titles = (page: ListingPage) => page.listings.map((listing) => listing.title)

beforeAll(async () => {
  t = await createTestApp()
  alice = client(t.app)
  bob = client(t.app)
  await alice.post('/api/register', newUser('alice'))
  await bob.post('/api/register', newUser('bob'))
  // Created one after another: each newer than the one before.
  ids.jacket = await create(alice, {
    title: 'Vintage denim jacket',
    brand: "Levi's",
    keywords: ['denim', 'trucker'],
    price: 60,
  })
  ids.bowl = await create(alice, {
    title: 'Mixing bowl 2 qt',
    brand: 'Pyrex',
    keywords: ['kitchen', 'glass'],
    price: 25,
    askingPrice: 18.5,
  })
  ids.lamp = await create(alice, {
    title: 'Brass desk lamp',
    brand: '',
    keywords: ['lighting', '100%_brass'],
    price: 40,
    medianUsedPrice: 30,
  })
  ids.boots = await create(alice, { title: 'Leather boots size 9', brand: 'Frye', keywords: ['western'], price: 90 })
  await create(bob, { title: "Bob's denim jacket", brand: "Levi's", price: 70 })
  await t.db.sql`update listings set sold_out = true where id = ${ids.boots}`
})
afterAll(() => t.close())

describe('GET /api/listings/search', () => {
  it("finds a listing by a word of its title, its brand, a keyword or its SKU, only among the seller's own", async () => {
    expect(titles(await search(alice, '?q=jacket'))).toEqual(['Vintage denim jacket'])
    expect(titles(await search(alice, '?q=pyrex'))).toEqual(['Mixing bowl 2 qt'])
    expect(titles(await search(alice, '?q=LIGHTING'))).toEqual(['Brass desk lamp'])
    expect(titles(await search(alice, `?q=snaplist${ids.lamp}`))).toEqual(['Brass desk lamp'])
    // Every word typed, each anywhere: a brand and a word of the title together.
    expect(titles(await search(alice, `?q=${encodeURIComponent("levi's  denim")}`))).toEqual(['Vintage denim jacket'])
    expect(titles(await search(alice, '?q=pyrex%20jacket'))).toEqual([])
    expect(titles(await search(bob, '?q=vintage'))).toEqual([])
  })

  it('matches % and _ as themselves, not as patterns', async () => {
    expect(titles(await search(alice, `?q=${encodeURIComponent('100%_brass')}`))).toEqual(['Brass desk lamp'])
    expect(titles(await search(alice, `?q=${encodeURIComponent('%')}`))).toEqual(['Brass desk lamp'])
    expect(titles(await search(alice, '?q=_'))).toEqual(['Brass desk lamp'])
  })

  it("sorts by newest, oldest, and the price eBay gets (the seller's Price, else the used price, else retail)", async () => {
    expect(titles(await search(alice, ''))).toEqual([
      'Leather boots size 9',
      'Brass desk lamp',
      'Mixing bowl 2 qt',
      'Vintage denim jacket',
    ])
    expect(titles(await search(alice, '?sort=oldest'))).toEqual([
      'Vintage denim jacket',
      'Mixing bowl 2 qt',
      'Brass desk lamp',
      'Leather boots size 9',
    ])
    // 18.50 (Price), 30 (used), 60, 90 (retail).
    expect(titles(await search(alice, '?sort=price-low'))).toEqual([
      'Mixing bowl 2 qt',
      'Brass desk lamp',
      'Vintage denim jacket',
      'Leather boots size 9',
    ])
    expect(titles(await search(alice, '?sort=price-high'))).toEqual([
      'Leather boots size 9',
      'Vintage denim jacket',
      'Brass desk lamp',
      'Mixing bowl 2 qt',
    ])
  })

  it("filters by status and counts each status over all the seller's listings, whatever the search", async () => {
    const sold = await search(alice, '?status=sold&q=boots')
    expect(titles(sold)).toEqual(['Leather boots size 9'])
    expect(sold.total).toBe(1)
    expect(sold.counts).toEqual({
      ready: 3,
      live: 0,
      'live-on-ebay': 0,
      'live-on-etsy': 0,
      'live-on-shopify': 0,
      sold: 1,
      ended: 0,
    })
    expect(titles(await search(alice, '?status=ready&sort=oldest'))).toEqual([
      'Vintage denim jacket',
      'Mixing bowl 2 qt',
      'Brass desk lamp',
    ])
  })

  it('filters live on one marketplace: a part of Live, counted apart, with the search and sort as for a status', async () => {
    const dana = client(t.app)
    await dana.post('/api/register', newUser('dana'))
    const coat = await create(dana, { title: 'Corduroy coat', price: 80 })
    const tote = await create(dana, { title: 'Canvas tote', price: 15 })
    const hat = await create(dana, { title: 'Corduroy hat', price: 20 })
    await create(dana, { title: 'Corduroy cap', price: 12 })
    // Live on both, on eBay only, on Etsy only (as eBay's place and Etsy's bookkeeping say, migrations 0054, 0062).
    for (const id of [coat, tote]) await placeOnEbay(t.db.sql, id)
    for (const id of [coat, hat])
      await t.db.sql`
      insert into listing_places (listing_id, marketplace, external_id, state)
      values (${id}, 'etsy', ${String(900 + id)}, 'live')`
    const onEtsy = await search(dana, '?status=live-on-etsy')
    expect(titles(onEtsy)).toEqual(['Corduroy hat', 'Corduroy coat'])
    expect(onEtsy.total).toBe(2)
    expect(onEtsy.counts).toEqual({
      ready: 1,
      live: 3,
      'live-on-ebay': 2,
      'live-on-etsy': 2,
      'live-on-shopify': 0,
      sold: 0,
      ended: 0,
    })
    expect(titles(await search(dana, '?status=live-on-ebay&sort=price-low'))).toEqual(['Canvas tote', 'Corduroy coat'])
    const found = await search(dana, '?status=live-on-ebay&q=corduroy')
    expect([titles(found), found.total]).toEqual([['Corduroy coat'], 1])
    // Ended on eBay, live on Etsy still: Live, and Live on Etsy, not on eBay.
    await placeOnEbay(t.db.sql, coat, 'ended')
    const after = await search(dana, '?status=live')
    expect(titles(after)).toEqual(['Corduroy hat', 'Canvas tote', 'Corduroy coat'])
    expect(after.counts).toMatchObject({ live: 3, 'live-on-ebay': 1, 'live-on-etsy': 2 })
    expect(titles(await search(dana, '?status=live-on-ebay'))).toEqual(['Canvas tote'])
  })

  it('answers a page of 24 at a time, with how many match in all and where the next page starts', async () => {
    const carol = client(t.app)
    await carol.post('/api/register', newUser('carol'))
    for (let index = 1; index <= 30; index++)
      await create(carol, { title: `Paperback ${String(index).padStart(2, '0')}`, price: index })
    const first = await search(carol, '?sort=oldest')
    expect(first.listings).toHaveLength(LISTINGS_PAGE_SIZE)
    expect(first.total).toBe(30)
    expect(first.listings[0]!.title).toBe('Paperback 01')
    const second = await search(carol, `?sort=oldest&after=${first.next}`)
    expect(titles(second)).toEqual([
      'Paperback 25',
      'Paperback 26',
      'Paperback 27',
      'Paperback 28',
      'Paperback 29',
      'Paperback 30',
    ])
    expect(second.next).toBeNull()
    expect(second.total).toBe(30)
    expect(second.counts.ready).toBe(30)
  })

  it('pages through every sort, search and status by cursor: each listing once, in order, ties and all', async () => {
    const erin = client(t.app)
    const erinId = (await readJson(await erin.post('/api/register', newUser('erin')))).id as number
    // 60 listings at 5 prices, many made in the same microsecond, one in three sold: every key has ties.
    for (let index = 0; index < 60; index++)
      await create(erin, { title: `${index % 2 ? 'Teacup' : 'Saucer'} ${index}`, price: 10 + (index % 5) })
    await t.db.sql`update listings set created_at = date_trunc('minute', created_at) where user_id = ${erinId}`
    await t.db.sql`update listings set sold_out = true where user_id = ${erinId} and id % 3 = 0`
    const walk = async (query: string) => {
      const seen: ListingPage['listings'] = []
      let page = await search(erin, query)
      seen.push(...page.listings)
      while (page.next) {
        page = await search(erin, `${query}&after=${page.next}`)
        seen.push(...page.listings)
      }
      return { seen, total: page.total }
    }
    const price = (listing: ListingPage['listings'][number]) => listing.price
    for (const [query, count] of [
      ['?sort=newest', 60],
      ['?sort=oldest&q=teacup', 30],
      ['?sort=price-low&status=sold', 20],
      ['?sort=price-high&q=saucer&status=ready', 20],
    ] as const) {
      const { seen, total } = await walk(query)
      expect(seen, query).toHaveLength(count)
      expect(new Set(seen.map((listing) => listing.id)).size, query).toBe(count)
      expect(total, query).toBe(count)
      if (query.includes('price-low')) expect(seen.map(price)).toEqual(seen.map(price).sort((a, b) => a - b))
      if (query.includes('price-high')) expect(seen.map(price)).toEqual(seen.map(price).sort((a, b) => b - a))
    }
  })

  it('refuses a bad sort, status or cursor with 400 and the field', async () => {
    for (const query of [
      '?sort=cheapest',
      '?status=draft',
      '?after=-1',
      '?after=1.5.2',
      '?after=99999999999999999.1',
      '?after=1.99999999999',
      '?after=1.3000000000',
      `?q=${'a'.repeat(101)}`,
    ]) {
      const response = await alice.get(`/api/listings/search${query}`)
      expect(response.status, query).toBe(400)
      expect((await readJson(response)).code).toBe('invalid_input')
    }
  })

  it('answers a cursor from the far past or future with the listings beyond it, not an error', async () => {
    for (const sort of ['newest', 'oldest', 'price-low', 'price-high'])
      for (const after of ['9999999999999999.1', '-9999999999999999.1', '0.0']) {
        const response = await alice.get(`/api/listings/search?sort=${sort}&after=${after}`)
        expect(response.status, `${sort} ${after}`).toBe(200)
      }
  })
})

describe('GET /api/listings/ready-ids', () => {
  it("answers every ready listing the search finds, not only the page shown: none live, sold, being deleted or another seller's", async () => {
    const dave = client(t.app)
    const daveId = (await readJson(await dave.post('/api/register', newUser('dave')))).id as number
    const made: number[] = []
    for (let index = 1; index <= 30; index++)
      made.push(
        await create(dave, { title: `Record ${String(index).padStart(2, '0')}`, brand: index % 2 ? 'Motown' : 'Stax' }),
      )
    const [live, sold, deleting] = made.slice(-3) as [number, number, number]
    await placeOnEbay(t.db.sql, live, 'live', '123')
    await t.db.sql`update listings set sold_out = true where id = ${sold}`
    await t.db.sql`update listings set deleting_since = now() where id = ${deleting}`
    await create(bob, { title: 'Record 01', brand: 'Motown' })

    const all = await readJson(await dave.get('/api/listings/ready-ids?sort=oldest'))
    expect(all).toEqual({ ids: made.slice(0, 27), total: 27 })
    const motown = await readJson(await dave.get('/api/listings/ready-ids?q=motown'))
    expect(motown.ids).toEqual(
      made
        .slice(0, 27)
        .filter((_, index) => index % 2 === 0)
        .reverse(),
    )
    expect(motown.total).toBe(14)
    // At most what one bulk post takes, the first in the sort's order; the total says how many wait beyond them.
    expect(await readyListingIds(t.db.sql, daveId, { q: '', sort: 'oldest' }, 5)).toEqual({
      ids: made.slice(0, 5),
      total: 27,
    })
  })

  it('refuses a bad sort or a search too long with 400', async () => {
    for (const query of ['?sort=cheapest', `?q=${'a'.repeat(101)}`]) {
      const response = await alice.get(`/api/listings/ready-ids${query}`)
      expect(response.status, query).toBe(400)
      expect((await readJson(response)).code).toBe('invalid_input')
    }
  })
})

describe("the seller's SKU, the one on their labels and in the CSVs", () => {
  let labeller: ReturnType<typeof client>
  const made: Record<string, number> = {}
  beforeAll(async () => {
    labeller = await registeredClient(t.app, 'labeller')
    made.tote = await create(labeller, { title: 'Canvas tote', sku: 'BAG-7731' })
    made.belt = await create(labeller, { title: 'Leather belt', sku: 'BAG-80' })
    // Without a SKU of the seller's: Snaplist makes SL- and the listing's number.
    made.scarf = await create(labeller, { title: 'Silk scarf' })
  })

  it('finds a listing by its whole SKU or its start, in any case, whether Snaplist made it or the seller typed it', async () => {
    expect(titles(await search(labeller, `?q=SL-${made.scarf}`))).toEqual(['Silk scarf'])
    expect(titles(await search(labeller, `?q=sl-${made.scarf}`))).toEqual(['Silk scarf'])
    expect(titles(await search(labeller, '?q=bag-7731'))).toEqual(['Canvas tote'])
    expect(titles(await search(labeller, '?q=BAG-'))).toEqual(['Leather belt', 'Canvas tote'])
    // The start of a SKU, not a part of it; and never another seller's.
    expect(titles(await search(labeller, '?q=7731'))).toEqual([])
    expect(titles(await search(bob, '?q=BAG-7731'))).toEqual([])
    // Select all ready finds them the same way.
    expect((await readJson(await labeller.get('/api/listings/ready-ids?q=bag-'))).ids).toEqual([made.belt, made.tote])
  })

  it("GET /api/listings/by-sku answers the listing of a label's whole SKU, in any case, and 404 for one none of the seller's has", async () => {
    expect(await readJson(await labeller.get('/api/listings/by-sku?sku=bag-7731'))).toEqual({ id: made.tote })
    expect(await readJson(await labeller.get(`/api/listings/by-sku?sku=SL-${made.scarf}`))).toEqual({ id: made.scarf })
    for (const [who, sku] of [
      [labeller, 'BAG-77'],
      [bob, 'BAG-7731'],
    ] as const) {
      const response = await who.get(`/api/listings/by-sku?sku=${sku}`)
      expect(response.status, sku).toBe(404)
      expect(await readJson(response)).toMatchObject({
        code: 'not_found',
        message: `None of your listings has the SKU ${sku}.`,
      })
    }
    const blank = await labeller.get('/api/listings/by-sku?sku=%20')
    expect(blank.status).toBe(400)
    expect(await readJson(blank)).toMatchObject({ code: 'invalid_input', fields: { sku: expect.any(String) } })
  })
})
