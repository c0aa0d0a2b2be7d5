// Import from Shopify (issue 49, docs/decisions/0078): the store's products become listings, each live on Shopify (its
// place the product), photos copied from Shopify's image host only; importing again adds nothing; a product without a
// photo, of several variants or with none in stock is skipped with why; Shopify busy is waited out (THROTTLED is the
// same error, admin-api.test.ts); a killed import resumes; the
// import is the seller's alone, and a marketplace without an import is 404.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTokenCipher } from '../../../api/services/crypto.ts'
import { startFakeShopify, type FakeShopify } from '../../fakes/shopify.ts'
import { addProduct } from '../../fakes/shopify-store.ts'
import { connectShopify, shopifyAppOptions } from '../../helpers/shopify.ts'
import { createTestApp, readJson, registeredClient, type JsonBody, type TestApp } from '../../helpers/test-app.ts'

let fake: FakeShopify
let t: TestApp
beforeAll(async () => {
  // Shopify's bucket refilled fast: the imports here follow one another, and their waits are shortened.
  fake = await startFakeShopify({ bucket: { restoreRate: 20_000 } })
  const { shopifyConfig, providers } = shopifyAppOptions(fake)
  t = await createTestApp({
    publicUrl: 'https://snaplist.test',
    shopifyConfig,
    marketplaces: { cipher: createTokenCipher('a test secret that is long enough to use'), providers },
  })
})
afterAll(async () => {
  await t.close()
  await fake.close()
})
beforeEach(() => {
  fake.store.products.clear()
  fake.control.fail = null
})

const image = (name: string) => ({
  id: fake.store.nextId(),
  originalSource: `${fake.url}/s/files/${name}.jpg`,
  alt: null,
})

/** A seller with the store connected, and their rows and import status. */
async function seller(name: string) {
  const client = await registeredClient(t.app, name)
  await connectShopify(fake, client)
  const rows = async () => (await readJson(await client.get('/api/listings'))) as unknown as JsonBody[]
  const status = async () => readJson(await client.get('/api/shopify/import'))
  const importNow = async () => {
    const started = await client.post('/api/shopify/import')
    await t.settle()
    await t.settle()
    return started.status
  }
  return { client, rows, status, importNow }
}

const shopifyPlace = (row: JsonBody) => (row.places as JsonBody[]).find((place) => place.marketplace === 'shopify')

describe('importing from Shopify', () => {
  it('makes a listing of each product, its photos copied and its place the product; again, nothing more', async () => {
    const jacket = addProduct(fake.store, {
      title: 'Denim trucker jacket',
      descriptionHtml: '<p>Light wash &amp; <b>no stains</b>.</p>',
      vendor: "Levi's",
      productType: 'Jackets',
      tags: ['denim', 'vintage'],
      price: '39.50',
      sku: 'JKT-1',
      available: 2,
      media: [image('jacket-front'), image('jacket-back')],
    })
    const lamp = addProduct(fake.store, { title: 'Brass lamp', status: 'DRAFT', media: [image('lamp')] })
    const { rows, status, importNow } = await seller('shopify-import-both')
    expect(await importNow()).toBe(202)
    expect(await status()).toMatchObject({ status: 'done', imported: 2, total: 2, skipped: 0, skippedReasons: [] })
    const listings = await rows()
    expect(listings).toHaveLength(2)
    const fromJacket = listings.find((row) => row.title === 'Denim trucker jacket')!
    expect(fromJacket).toMatchObject({
      description: 'Light wash & no stains.',
      brand: "Levi's",
      category: 'clothing',
      keywords: ['denim', 'vintage'],
      askingPrice: 39.5,
      quantity: 2,
      sku: 'JKT-1',
      packageWeightOz: 24,
    })
    expect(fromJacket.images).toHaveLength(2)
    for (const url of fromJacket.images as string[]) expect(url).toMatch(/^\/files\//)
    expect(shopifyPlace(fromJacket)).toMatchObject({
      state: 'live',
      externalId: `gid://shopify/Product/${jacket.id}`,
    })
    const fromLamp = listings.find((row) => row.title === 'Brass lamp')!
    expect(shopifyPlace(fromLamp)).toMatchObject({ state: 'ended', externalId: `gid://shopify/Product/${lamp.id}` })

    // Again: every page read, nothing made twice.
    expect(await importNow()).toBe(202)
    expect(await status()).toMatchObject({ status: 'done', imported: 2 })
    expect(await rows()).toHaveLength(2)
  })

  it('skips, with why, a product without a photo, one of several variants and one none is left of', async () => {
    addProduct(fake.store, { title: 'Blue mug' })
    addProduct(fake.store, { title: 'Tee in three sizes', variantCount: 3, media: [image('tee')] })
    addProduct(fake.store, { title: 'Sold-out vase', available: 0, media: [image('vase')] })
    addProduct(fake.store, {
      title: 'Elsewhere photo',
      media: [{ id: 1, originalSource: 'https://example.com/a.jpg', alt: null }],
    })
    addProduct(fake.store, { title: 'Good book', productType: 'Books', media: [image('book')] })
    const { rows, status, importNow } = await seller('shopify-import-skips')
    await importNow()
    const done = await status()
    // The store's count is the total: "Imported 1 of 5", the four it could not bring said with why.
    expect(done).toMatchObject({ status: 'done', imported: 1, total: 5, skipped: 4 })
    expect(done.skippedReasons).toEqual([
      'Blue mug: it has no photo Snaplist could copy',
      'Tee in three sizes: it has several variants (a Snaplist listing is one item)',
      'Sold-out vase: none is left in stock',
      'Elsewhere photo: it has no photo Snaplist could copy',
    ])
    expect((await rows()).map((row) => row.title)).toEqual(['Good book'])
  })

  it('reads every page, waits out Shopify busy, and resumes a killed import making nothing twice', async () => {
    for (let n = 0; n < 26; n += 1) addProduct(fake.store, { title: `Item ${n}`, media: [image(`item-${n}`)] })
    const { rows, status, client } = await seller('shopify-import-busy')
    fake.control.fail = { status: 429, times: 1, retryAfter: 1 }
    expect((await client.post('/api/shopify/import')).status).toBe(202)
    await t.settle()
    await t.settle()
    expect(await status()).toMatchObject({ status: 'done', imported: 26, total: 26, skipped: 0, message: null })
    expect(await rows()).toHaveLength(26)
    expect(fake.calls.filter((call) => call === 'products').length).toBeGreaterThanOrEqual(2)

    // A process killed on its first page left the import running, untouched for minutes: the next tap resumes it.
    await t.db.sql`update marketplace_imports set status = 'running', cursor = null, pages = 0,
      updated_at = now() - interval '1 hour' where marketplace = 'shopify'
        and user_id = (select user_id from listings where title = 'Item 0')`
    expect((await client.post('/api/shopify/import')).status).toBe(202)
    await t.settle()
    await t.settle()
    expect(await status()).toMatchObject({ status: 'done', imported: 26 })
    expect(await rows()).toHaveLength(26)
  })

  it('is the seller’s alone, needs a connected store, and is 404 where a marketplace has no import', async () => {
    const imports = async () => (await t.db.sql`select count(*)::int as n from marketplace_imports`)[0]!.n as number
    const before = await imports()
    const stranger = await registeredClient(t.app, 'shopify-import-none')
    expect(await readJson(await stranger.get('/api/shopify/import'))).toMatchObject({
      status: 'none',
      imported: 0,
      total: null,
    })
    expect((await stranger.post('/api/shopify/import')).status).toBe(404)
    expect((await stranger.post('/api/etsy/import')).status).toBe(404)
    expect((await stranger.get('/api/nowhere/import')).status).toBe(400)
    expect(await imports()).toBe(before)
  })
})
