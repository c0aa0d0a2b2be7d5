// An item sells once, everywhere, on a 390×844 phone (issue 29, docs/decisions/0033): one listing live on eBay and
// Etsy (both stand-ins); a sale on either ends it on the other and the row reads Sold, with where and for how much; 1
// of 3 sold on Etsy leaves 2 on eBay; a sale recorded as made elsewhere ends it on both; two marketplaces selling the
// last piece is shown until the seller says it is sorted out. Sales are read when the Dashboard opens (at most every
// 15 s) and every minute here (EBAY_ and ETSY_SALES_POLL_MINUTES).
import { expect, test, type Page } from '@playwright/test'
import { JACKET } from '../helpers/jacket.ts'
import { FAKE_EBAY_PORT, FAKE_ETSY_PORT } from './ports.ts'
import { connectEbay, connectEtsy, createListingThroughApi, listingIdOfSku, signUpThroughApi } from './helpers.ts'

test.use({ viewport: { width: 390, height: 844 } })

const FAKE_EBAY = `http://127.0.0.1:${FAKE_EBAY_PORT}`
const FAKE_ETSY = `http://127.0.0.1:${FAKE_ETSY_PORT}`
const today = () => new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

const rowOf = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Your Listings' }).getByRole('listitem').filter({ hasText: title })

/** A seller with both marketplaces connected and one listing of `quantity` live on both; what each stand-in holds of it. */
async function liveOnBoth(page: Page, title: string, quantity: number) {
  await signUpThroughApi(page)
  const grant = await connectEbay(page)
  await connectEtsy(page)
  const listing = await createListingThroughApi(page, { ...JACKET, title, quantity, cost: 12 })
  const onEbay = await page.request.post(`/api/listings/${listing.id}/post-to-ebay`, {
    data: { aspects: { Type: 'Jacket' }, postalCode: '95125' },
  })
  expect(onEbay.status(), await onEbay.text()).toBe(200)
  const onEtsy = await page.request.post(`/api/listings/${listing.id}/post-to-etsy`, {
    data: { whoMade: 'someone_else', whenMade: '2010_2019', isSupply: false },
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
  }
}

/** Opens the Dashboard again until the row shows `text`: each opening asks for the sales to be read. */
async function reloadUntil(page: Page, row: ReturnType<typeof rowOf>, text: string | RegExp) {
  await expect(async () => {
    await page.reload()
    await expect(row.getByText(text).first()).toBeVisible({ timeout: 4000 })
  }).toPass({ timeout: 150_000, intervals: [1000, 4000] })
}

/** Opens the row's "What it earned" and answers the figures shown, as "label: value" lines. */
async function earnings(row: ReturnType<typeof rowOf>): Promise<string> {
  await row.getByText('What it earned').click()
  const figures = row.getByRole('definition')
  await expect(figures.first()).toBeVisible()
  return (await row.locator('dl').first().innerText()).replace(/\s*\n\s*/g, '|')
}

test('a sale on eBay ends the item on Etsy, the row reads Sold, and it says what the sale earned after eBay’s fees', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const item = await liveOnBoth(page, 'Trucker jacket sold on eBay', 1)
  await expect(item.row.getByText('Live on Etsy')).toBeVisible()
  const orderId = await item.sellOnEbay(6)
  await reloadUntil(page, item.row, `Sold for $39.50 on ${today()} · eBay order ${orderId}`)
  await expect(item.row.getByText('Sold', { exact: true })).toBeVisible()
  await reloadUntil(page, item.row, 'Ended on Etsy')
  expect((await item.etsyListing()).state).toBe('inactive')
  // eBay's own fees, read from its Finances API: 13.6% of 39.50 + 6 shipping, and 0.40 an order.
  await expect(async () => {
    await page.reload()
    expect(await earnings(item.row)).toBe(
      'Sold 1 on eBay|$39.50|Shipping paid|$6.00|Fees, as reported so far|−$6.59|Cost|−$12.00|Profit|$26.91',
    )
  }).toPass({ timeout: 60_000, intervals: [1000, 3000] })
  await page.screenshot({ path: 'test-results/sale-earnings-phone.png' })
})

test('a sale on Etsy ends the item on eBay', async ({ page }) => {
  test.setTimeout(240_000)
  const item = await liveOnBoth(page, 'Trucker jacket sold on Etsy', 1)
  const receipt = await item.sellOnEtsy()
  await reloadUntil(page, item.row, `Sold for $39.50 on ${today()} · Etsy receipt ${receipt}`)
  await expect(item.row.getByText('Sold on Etsy', { exact: true })).toBeVisible()
  await expect(async () => expect((await item.ebayOffer()).live).toBe(false)).toPass({ timeout: 60_000 })
  await expect(item.row.getByRole('link', { name: /View on eBay/ })).toHaveCount(0)
})

test('1 of 3 sold on Etsy leaves 2 on eBay', async ({ page }) => {
  test.setTimeout(240_000)
  const item = await liveOnBoth(page, 'Three band tees', 3)
  await item.sellOnEtsy()
  await reloadUntil(page, item.row, /· 2 left/)
  await expect(item.row.getByText('Live on eBay')).toBeVisible()
  await expect(async () => expect(await item.ebayOffer()).toMatchObject({ live: true, count: 2 })).toPass({
    timeout: 60_000,
  })
  expect(await item.etsyListing()).toMatchObject({ state: 'active', quantity: 2 })
})

test('sold elsewhere, from the row’s menu, ends it on eBay and Etsy', async ({ page }) => {
  test.setTimeout(240_000)
  const title = 'Denim jacket sold at a flea market'
  const item = await liveOnBoth(page, title, 1)
  await item.row.getByRole('button', { name: `Actions for ${title}` }).click()
  await page.getByRole('menuitem', { name: `Sold elsewhere: ${title}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Sold elsewhere' })
  await dialog.getByLabel('How many sold').fill('2')
  await dialog.getByLabel('Sold for, each (optional)').fill('30')
  await dialog.getByLabel('Fees, in all (optional)').fill('2.50')
  await dialog.getByLabel('Where (optional)').fill('Poshmark')
  await dialog.getByRole('button', { name: 'Record the sale' }).click()
  await expect(dialog.getByText('Only 1 piece left')).toBeVisible()
  await dialog.getByLabel('How many sold').fill('1')
  await dialog.getByRole('button', { name: 'Record the sale' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Recorded as sold. Snaplist takes it down wherever it is listed.')).toBeVisible()
  await expect(item.row.getByText(`Sold for $30.00 on ${today()} · sold at Poshmark`)).toBeVisible()
  expect(await earnings(item.row)).toBe(
    'Sold 1 on Poshmark|$30.00|Fees, as you entered them|−$2.50|Cost|−$12.00|Profit|$15.50',
  )
  await expect(item.row.getByText('Ended on Etsy')).toBeVisible({ timeout: 30_000 })
  await expect(async () => expect((await item.ebayOffer()).live).toBe(false)).toPass({ timeout: 30_000 })
  expect((await item.etsyListing()).state).toBe('inactive')
})

test('the last piece sold on eBay and on Etsy at once is shown, with both orders, until sorted out', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const item = await liveOnBoth(page, 'One-off leather satchel', 1)
  const orderId = await item.sellOnEbay()
  const receipt = await item.sellOnEtsy()
  await reloadUntil(page, item.row, /Sold twice:/)
  const alert = item.row.getByRole('alert')
  await expect(alert).toContainText(`eBay order ${orderId}`)
  await expect(alert).toContainText(`Etsy receipt ${receipt}`)
  await expect(alert).toContainText('settle it with the buyer')
  await alert.getByRole('button', { name: 'I have sorted it out' }).click()
  await expect(item.row.getByRole('alert')).toHaveCount(0)
  await page.reload()
  await expect(item.row.getByText('Sold', { exact: true })).toBeVisible()
  await expect(item.row.getByRole('alert')).toHaveCount(0)
})
