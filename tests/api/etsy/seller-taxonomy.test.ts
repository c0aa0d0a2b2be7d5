// Etsy's seller taxonomy is the same for every seller (issue 46 G3): the install downloads it once a day, kept in
// Postgres, however many category searches and Post to Etsy checks ask for it, in however many API processes; a check
// then asks Etsy only for the seller's own shop set-up. And a seller's searches and checks count as their lookups.
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../api/app.ts'
import { createLocalAnalyzer } from '../../../api/services/listings/analyzer/local.ts'
import { createLocalStorage } from '../../../api/services/listings/local-storage.ts'
import { startFakeEtsy, type FakeEtsy } from '../../fakes/etsy.ts'
import { connectEtsy, etsyApp, etsyAppDeps } from '../../helpers/etsy.ts'
import { JACKET } from '../../helpers/jacket.ts'
import { client, readJson, registeredClient, TEST_ORIGIN, uploadPhotos, type TestApp } from '../../helpers/test-app.ts'

let fake: FakeEtsy
beforeAll(async () => {
  fake = await startFakeEtsy({ sharedSecret: 'the-shared-secret' })
})
afterAll(() => fake.close())

type Seller = Awaited<ReturnType<typeof registeredClient>>

async function shopOwner(t: TestApp): Promise<{ seller: Seller; listingId: number }> {
  const seller = await registeredClient(t.app, `shop-${randomUUID().slice(0, 8)}`)
  await connectEtsy(fake, seller)
  const images = await uploadPhotos(seller, 1)
  const listing = await readJson(await seller.post('/api/listings', { ...JACKET, title: 'Levi’s 501 jeans', images }))
  return { seller, listingId: listing.id as number }
}

const downloads = () => fake.calls.filter((call) => call === 'getSellerTaxonomyNodes').length

describe('Etsy’s seller taxonomy', () => {
  let t: TestApp
  let owner: Awaited<ReturnType<typeof shopOwner>>
  beforeAll(async () => {
    t = await etsyApp(fake)
    owner = await shopOwner(t)
  })
  afterAll(() => t.close())

  it('is downloaded once for many searches and checks, by any API process on the database', async () => {
    const db = await t.connectAgain()
    const photosDir = await mkdtemp(path.join(os.tmpdir(), 'snaplist-second-'))
    // Another API process: its own app and connections, nothing shared with the first but the database.
    const other = createApp({
      sql: db.sql,
      config: { publicUrl: undefined, appUrl: TEST_ORIGIN, https: false, trustProxy: false },
      storage: createLocalStorage(photosDir),
      analyzer: createLocalAnalyzer(),
      ...etsyAppDeps(fake),
    })
    try {
      const { seller, listingId } = owner
      const before = downloads()
      const elsewhere = Object.assign(client(other), { cookie: seller.cookie })
      for (const [app, words] of [
        [seller, ['jeans', 'shirt', 'audio', 'kitchen']],
        [elsewhere, ['tees', 'dining', 'collectibles', 'home']],
      ] as const) {
        for (const word of words) expect((await app.get(`/api/etsy/categories?q=${word}`)).status).toBe(200)
        const check = await readJson(await app.get(`/api/listings/${listingId}/etsy-requirements`))
        expect(check.taxonomy).toEqual({ id: 12, name: 'Clothing › Jeans' })
      }
      expect(await readJson(await elsewhere.get('/api/etsy/categories?q=kitch'))).toEqual({
        categories: [{ id: 31, name: 'Home & Living › Kitchen & Dining' }],
      })
      expect(downloads() - before).toBe(1)
    } finally {
      await db.close()
      await rm(photosDir, { recursive: true, force: true })
    }
  })

  it('leaves a check asking Etsy only for the seller’s own shop set-up', async () => {
    const { seller, listingId } = owner
    expect((await seller.get('/api/etsy/categories?q=jeans')).status).toBe(200)
    const before = fake.calls.length
    expect((await seller.get(`/api/listings/${listingId}/etsy-requirements`)).status).toBe(200)
    expect(fake.calls.slice(before).sort()).toEqual([
      'getShopReadinessStateDefinitions',
      'getShopReturnPolicies',
      'getShopShippingProfiles',
    ])
  })
})

describe('a seller’s Etsy searches and checks', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await etsyApp(fake, { lookupLimits: { perMinute: 3, perDay: 100, installPerDay: 1000 } })
  })
  afterAll(() => t.close())

  it('count as their lookups: past the limit they are refused with 429 and what to do, asking Etsy nothing', async () => {
    const { seller, listingId } = await shopOwner(t)
    expect((await seller.get('/api/etsy/categories?q=jeans')).status).toBe(200)
    expect((await seller.get(`/api/listings/${listingId}/etsy-requirements`)).status).toBe(200)
    expect((await seller.get('/api/etsy/categories?q=shirt')).status).toBe(200)
    const before = fake.calls.length
    for (const refused of [
      await seller.get('/api/etsy/categories?q=audio'),
      await seller.get(`/api/listings/${listingId}/etsy-requirements`),
    ]) {
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(await readJson(refused)).toMatchObject({
        code: 'lookup_limit_reached',
        message: expect.stringMatching(/try again in/),
      })
    }
    expect(fake.calls.slice(before)).toEqual([])
  })
})
