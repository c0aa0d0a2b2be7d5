// A live eBay listing's life on a 390×844 phone, against the eBay stand-in: a change reaches eBay and the row says
// so, End on eBay (confirmed) and Relist from the row's menu, and a sale on eBay showing as Sold with its price, date
// and order number once Snaplist has read the seller's orders (every minute here: EBAY_SALES_POLL_MINUTES).
import { expect, test, type Page } from '@playwright/test'
import { FAKE_EBAY_PORT } from './ports.ts'
import { connectEbay, createListingThroughApi, listingIdOfSku, signUpThroughApi } from './helpers.ts'
import { JACKET } from '../helpers/jacket.ts'

test.use({ viewport: { width: 390, height: 844 } })

const FAKE_EBAY = `http://127.0.0.1:${FAKE_EBAY_PORT}`

async function liveListing(page: Page, title: string) {
  const listing = await createListingThroughApi(page, { ...JACKET, title })
  const posted = await page.request.post(`/api/listings/${listing.id}/post-to-ebay`, {
    data: { aspects: { Type: 'Jacket' }, postalCode: '95125' },
  })
  expect(posted.status(), await posted.text()).toBe(200)
  await page.reload()
  return listing
}

const rowOf = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Your Listings' }).getByRole('listitem').filter({ hasText: title })

test('a change to a live listing reaches eBay, and the row says it is up to date', async ({ page }) => {
  await signUpThroughApi(page)
  const grant = await connectEbay(page)
  const listing = await liveListing(page, 'Trucker jacket to revise')
  const current = (await (await page.request.get('/api/listings')).json()) as {
    id: number
    version: number
    images: string[]
  }[]
  const { version, images } = current.find((entry) => entry.id === listing.id)!

  const edited = await page.request.patch(`/api/listings/${listing.id}`, {
    data: { ...JACKET, images, title: 'Trucker jacket, revised', askingPrice: 35, version },
  })
  expect(edited.status(), await edited.text()).toBe(200)
  await page.reload()
  const row = rowOf(page, 'Trucker jacket, revised')
  await expect(row.getByText(/Updating on eBay…|Up to date on eBay/)).toBeVisible()
  await expect(row.getByText('Up to date on eBay')).toBeVisible({ timeout: 20_000 })
  await expect(row.getByText('$35.00')).toBeVisible()
  const { offers } = (await (await page.request.get(`${FAKE_EBAY}/__control/offers?state=${grant}`)).json()) as {
    offers: { item: { product: { title: string } }; pricingSummary: { price: { value: string } } }[]
  }
  expect(offers[0]).toMatchObject({
    item: { product: { title: 'Trucker jacket, revised' } },
    pricingSummary: { price: { value: '35.00' } },
  })
})

test('End on eBay asks first, then ends it; Relist puts it back up', async ({ page }) => {
  await signUpThroughApi(page)
  const grant = await connectEbay(page)
  const title = 'Trucker jacket to end'
  await liveListing(page, title)
  const row = rowOf(page, title)
  await expect(row.getByRole('link', { name: `View on eBay: ${title}` })).toBeVisible()

  await row.getByRole('button', { name: `Actions for ${title}` }).click()
  await page.getByRole('menuitem', { name: `End on eBay: ${title}` }).click()
  const confirm = page.getByRole('dialog', { name: 'End this listing on eBay?' })
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(row.getByRole('link', { name: `View on eBay: ${title}` })).toBeVisible()

  await row.getByRole('button', { name: `Actions for ${title}` }).click()
  await page.getByRole('menuitem', { name: `End on eBay: ${title}` }).click()
  await confirm.getByRole('button', { name: 'End on eBay' }).click()
  await expect(page.getByText('Your listing has ended on eBay.')).toBeVisible()
  await expect(row.getByText('Ended', { exact: true })).toBeVisible()
  await expect(row.getByRole('link', { name: `View on eBay: ${title}` })).toHaveCount(0)
  const statusOnEbay = async () =>
    (
      (await (await page.request.get(`${FAKE_EBAY}/__control/offers?state=${grant}`)).json()) as {
        offers: { status: string }[]
      }
    ).offers[0]!.status
  expect(await statusOnEbay()).toBe('UNPUBLISHED')

  await row.getByRole('button', { name: `Actions for ${title}` }).click()
  await page.getByRole('menuitem', { name: `Relist on eBay: ${title}` }).click()
  await expect(page.getByText(/Your listing is live on eBay again/)).toBeVisible()
  await expect(row.getByRole('link', { name: `View on eBay: ${title}` })).toBeVisible()
  expect(await statusOnEbay()).toBe('PUBLISHED')
})

test('an item sold on eBay shows as Sold with its price, date and order number', async ({ page }) => {
  test.setTimeout(180_000)
  await signUpThroughApi(page)
  const grant = await connectEbay(page)
  const title = 'Trucker jacket that sells'
  const listing = await liveListing(page, title)
  const { offers } = (await (
    await page.request.get(`${FAKE_EBAY}/__control/offers?state=${encodeURIComponent(grant)}`)
  ).json()) as { offers: { sku: string }[] }
  const sku = offers.map((offer) => offer.sku).find((candidate) => listingIdOfSku(candidate) === listing.id)
  const sale = await page.request.post(`${FAKE_EBAY}/__control/sell`, { data: { state: grant, sku, quantity: 1 } })
  expect(sale.status(), await sale.text()).toBe(200)
  const { orderId } = (await sale.json()) as { orderId: string }

  const row = rowOf(page, title)
  const soldOn = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })
  await expect(async () => {
    await page.reload()
    await expect(row.getByText('Sold', { exact: true })).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 150_000, intervals: [5000] })
  await expect(row.getByText(`Sold for $39.50 on ${soldOn} · eBay order ${orderId}`)).toBeVisible()
  await expect(row.getByRole('link', { name: `View on eBay: ${title}` })).toHaveCount(0)
})
