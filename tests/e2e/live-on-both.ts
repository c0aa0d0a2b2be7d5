// One listing live on eBay and Etsy (both stand-ins) for a phone's seller, and what each stand-in holds of it: the
// setting of the sold-once specs (sold-once.spec.ts, sold-on-etsy.spec.ts). Sales are read when the Dashboard opens
// (at most every 15 s) and every minute here (EBAY_ and ETSY_SALES_POLL_MINUTES).
import { expect, type Page } from '@playwright/test'
import { JACKET } from '../helpers/jacket.ts'
import { FAKE_EBAY_PORT, FAKE_ETSY_PORT } from './ports.ts'
import { connectEbay, connectEtsy, createListingThroughApi, listingIdOfSku, signUpThroughApi } from './helpers.ts'

const FAKE_EBAY = `http://127.0.0.1:${FAKE_EBAY_PORT}`
const FAKE_ETSY = `http://127.0.0.1:${FAKE_ETSY_PORT}`
export const today = () => new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

const rowOf = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Your Listings' }).getByRole('listitem').filter({ hasText: title })

/** A seller with both marketplaces connected and one listing of `quantity` live on both; what each stand-in holds of it. */
export async function liveOnBoth(page: Page, title: string, quantity: number) {
  await signUpThroughApi(page)
  const grant = await connectEbay(page)
  await connectEtsy(page)
  const listing = await createListingThroughApi(page, { ...JACKET, title, quantity, cost: 12 })
  const onEbay = await page.request.post(`/api/listings/${listing.id}/post-to-ebay`, {
    data: { aspects: { Type: 'Jacket' }, postalCode: '95125' },
  })
  expect(onEbay.status(), await onEbay.text()).toBe(200)
  const onEtsy = await page.request.post(`/api/listings/${listing.id}/post-to-etsy`, {
    data: { whoMade: 'someone_else', whenMade: '1990s', isSupply: false },
  })
  expect(onEtsy.status(), await onEtsy.text()).toBe(200)
  await page.reload()
  const ebayOffer = async () => {
    const { offers } = (await (
      await page.request.get(`${FAKE_EBAY}/__control/offers?state=${encodeURIComponent(grant)}`)
    ).json()) as {
      offers: {
        sku: string
        status: string
        item: { availability: { shipToLocationAvailability: { quantity: number } } }
      }[]
    }
    const offer = offers.find((candidate) => listingIdOfSku(candidate.sku) === listing.id)!
    return {
      sku: offer.sku,
      live: offer.status === 'PUBLISHED',
      count: offer.item.availability.shipToLocationAvailability.quantity,
    }
  }
  const etsySku = `snaplist-${listing.id}`
  const etsyListing = async () => {
    const { listings } = (await (await page.request.get(`${FAKE_ETSY}/__control/listings?sku=${etsySku}`)).json()) as {
      listings: { state: string; quantity: number }[]
    }
    return listings[0]!
  }
  return {
    row: rowOf(page, title),
    ebayOffer,
    etsyListing,
    /** A buyer buys one, paying `shipping` to have it sent. */
    sellOnEbay: async (shipping = 0) => {
      const sale = await page.request.post(`${FAKE_EBAY}/__control/sell`, {
        data: { state: grant, sku: (await ebayOffer()).sku, quantity: 1, shipping },
      })
      expect(sale.status(), await sale.text()).toBe(200)
      return ((await sale.json()) as { orderId: string }).orderId
    },
    sellOnEtsy: async () => {
      const sale = await page.request.post(`${FAKE_ETSY}/__control/sell`, { data: { sku: etsySku, quantity: 1 } })
      expect(sale.status(), await sale.text()).toBe(200)
      return String(((await sale.json()) as { receipt_id: number }).receipt_id)
    },
    /** The Etsy order is cancelled, the buyer refunded (issue 50). */
    cancelOnEtsy: async (receipt: string) => {
      const cancelled = await page.request.post(`${FAKE_ETSY}/__control/cancel`, {
        data: { receiptId: Number(receipt) },
      })
      expect(cancelled.status(), await cancelled.text()).toBe(200)
    },
  }
}

/** Opens the Dashboard again until the row shows `text`: each opening asks for the sales to be read. */
export async function reloadUntil(page: Page, row: ReturnType<typeof rowOf>, text: string | RegExp) {
  await expect(async () => {
    await page.reload()
    await expect(row.getByText(text).first()).toBeVisible({ timeout: 4000 })
  }).toPass({ timeout: 150_000, intervals: [1000, 4000] })
}

/** Opens the row's "What it earned" and answers the figures shown, as "label: value" lines. */
export async function earnings(row: ReturnType<typeof rowOf>): Promise<string> {
  await row.getByText('What it earned').click()
  const figures = row.getByRole('definition')
  await expect(figures.first()).toBeVisible()
  return (await row.locator('dl').first().innerText()).replace(/\s*\n\s*/g, '|')
}
