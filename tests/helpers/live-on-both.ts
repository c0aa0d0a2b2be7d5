// A seller with eBay and Etsy connected (both stand-ins, one app) and one listing live on both: what the tests of
// selling once everywhere and of what a sale earned start from. Selling takes what the buyer pays to ship it.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect } from 'vitest'
import { SELLER_SALES_JOB } from '../../api/services/ebay/sales.ts'
import { ETSY_SELLER_SALES_JOB } from '../../api/services/etsy/sales.ts'
import { startFakeEbay, type FakeEbay } from '../fakes/ebay.ts'
import { startFakeEtsy, type FakeEtsy } from '../fakes/etsy.ts'
import { cipher, connectEbay, ebayApp, ebayConfigFor, ebaySkus } from './ebay.ts'
import { connectEtsy, etsyOptions } from './etsy.ts'
import { JACKET } from './jacket.ts'
import type { MarketplaceProviders } from '../../api/services/marketplaces/connections.ts'
import {
  newUser,
  readJson,
  registeredClient,
  uploadPhotos,
  type JsonBody,
  type TestApp,
  type TestAppOptions,
} from './test-app.ts'

export interface BothMarketplaces {
  t: TestApp
  ebay: FakeEbay
  etsy: FakeEtsy
  skuOf: (listingId: number) => string
}

/**
 * The eBay and Etsy stand-ins and one app selling on both, opened before a file's tests and closed after them; with
 * the app's Etsy webhook secret (ETSY_WEBHOOK_SECRET) and its PUBLIC_URL when given.
 */
export function bothMarketplacesPerFile({
  etsyWebhookSecret,
  publicUrl,
  more = () => ({}),
}: {
  etsyWebhookSecret?: string
  publicUrl?: string
  /** Another marketplace's part of the app (its provider and settings), for a test of three; read when the app opens. */
  more?: () => Pick<TestAppOptions, 'shopifyConfig'> & { providers?: MarketplaceProviders }
} = {}): BothMarketplaces {
  const opened = {} as BothMarketplaces
  beforeAll(async () => {
    opened.ebay = await startFakeEbay()
    opened.etsy = await startFakeEtsy({ sharedSecret: 'the-shared-secret' })
    const { provider, etsyConfig } = etsyOptions(opened.etsy)
    const { providers, shopifyConfig } = more()
    opened.t = await ebayApp(ebayConfigFor(opened.ebay), {
      marketplaces: { cipher, providers: { etsy: provider, ...providers } },
      etsyConfig: { ...etsyConfig, webhookSecret: etsyWebhookSecret },
      shopifyConfig,
      ...(publicUrl ? { publicUrl } : {}),
    })
    opened.skuOf = await ebaySkus(opened.t)
  })
  afterAll(async () => {
    await opened.t.close()
    await Promise.all([opened.ebay.close(), opened.etsy.close()])
  })
  return opened
}

/** A new seller's listing of `quantity` pieces (and any other fields given), posted to eBay and to Etsy. */
export async function listingLiveOnBoth(
  { t, ebay, etsy, skuOf }: BothMarketplaces,
  name: string,
  quantity: number,
  fields: JsonBody = {},
) {
  const username = `${name}-${randomUUID().slice(0, 8)}`
  const seller = await registeredClient(t.app, username)
  const grant = (await connectEbay(ebay, seller)).grant
  await connectEtsy(etsy, seller)
  const images = await uploadPhotos(seller, 1)
  const title = `Trucker jacket ${randomUUID().slice(0, 8)}`
  const listing = await readJson(
    await seller.post('/api/listings', {
      ...JACKET,
      description: 'Light wash, no stains.',
      keywords: ['denim', 'jacket'],
      title,
      images,
      quantity,
      ...fields,
    }),
  )
  const onEbay = await seller.post(`/api/listings/${listing.id}/post-to-ebay`, {
    aspects: { Type: 'Jacket' },
    postalCode: '95125',
  })
  expect(onEbay.status, await onEbay.clone().text()).toBe(200)
  const answers = { whoMade: 'someone_else', whenMade: '1990s', isSupply: false }
  const onEtsy = await seller.post(`/api/listings/${listing.id}/post-to-etsy`, answers)
  expect(onEtsy.status, await onEtsy.clone().text()).toBe(200)
  const id = listing.id as number
  const sku = skuOf(id)
  const etsyListing = () => [...etsy.shop.listings.values()].find((held) => held.sku === `snaplist-${id}`)!
  const offer = () => [...ebay.inventory(grant).offers.values()].find((entry) => entry.sku === sku)!
  const item = () => ebay.inventory(grant).items.get(sku) as JsonBody
  return {
    seller,
    grant,
    email: newUser(username).email,
    id,
    row: async (): Promise<JsonBody> =>
      ((await readJson(await seller.get('/api/listings'))) as unknown as JsonBody[]).find((entry) => entry.id === id)!,
    etsyListing,
    ebayCount: () => item().availability.shipToLocationAvailability.quantity as number,
    ebayLive: () => offer().status === 'PUBLISHED',
    sellOnEbay: (pieces = 1, shipping = 0) => ebay.sellItem(grant, sku, pieces, shipping),
    sellOnEtsy: (pieces = 1, shipping = 0) => etsy.sell(etsyListing().listing_id, pieces, shipping),
    /** The sales polls of both marketplaces run, and every job they queue. */
    poll: async () => {
      const userId = seller.id
      await t.jobs.send(SELLER_SALES_JOB, { userId })
      await t.jobs.send(ETSY_SELLER_SALES_JOB, { userId })
      await t.settle()
      await t.settle()
    },
  }
}
