// The seller's books end to end on a phone (issue 32's "done when"): a haul's receipt spread over its items, the items
// listed, one sold on eBay and one on Etsy (both stand-ins), and the Insights showing the profit of each and of the
// month with the marketplaces' own fees, read from eBay's Finances API and Etsy's ledger once the sales are in.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import type { SaleEarnings } from '../../api/contract/sale-earnings.ts'
import { takenAtJpeg } from '../helpers/images.ts'
import { FAKE_EBAY_PORT, FAKE_ETSY_PORT } from './ports.ts'
import { connectEbay, connectEtsy, listingIdOfSku, signUpThroughApi } from './helpers.ts'

test.use({ viewport: { width: 390, height: 844 } })

const FAKE_EBAY = `http://127.0.0.1:${FAKE_EBAY_PORT}`
const FAKE_ETSY = `http://127.0.0.1:${FAKE_ETSY_PORT}`

interface ServerListing {
  id: number
  title: string
  cost: number | null
}
const serverListings = async (page: Page): Promise<ServerListing[]> =>
  (await (await page.request.get('/api/listings')).json()) as ServerListing[]

const salesOf = async (page: Page, id: number): Promise<SaleEarnings[]> =>
  ((await (await page.request.get(`/api/listings/${id}/sales`)).json()) as { sales: SaleEarnings[] }).sales

test('a haul bought for $20, two of its items sold on eBay and Etsy: the Insights show the profit after their fees', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000)
  await signUpThroughApi(page)
  const grant = await connectEbay(page)
  await connectEtsy(page)

  // Two items, photographed ten minutes apart, from the library.
  const dir = testInfo.outputPath('haul')
  mkdirSync(dir, { recursive: true })
  const times = ['10:00:00', '10:10:00']
  const files = times.map((_, index) => path.join(dir, `IMG_${index}.jpg`))
  for (const [index, file] of files.entries())
    writeFileSync(file, await takenAtJpeg(`2026:11:28 ${times[index]}`, { r: 200, g: 80 * index, b: 40 }))
  await page.goto('/haul')
  await page.getByLabel(/^Add from your photo library/).setInputFiles(files)
  await expect(page.getByText('2 of 2 ready')).toBeVisible({ timeout: 30_000 })
  await page.getByText('Receipt: what you paid').click()
  await page.getByLabel('Paid in all').fill('20')
  await page.getByRole('button', { name: 'Spread over 2 items' }).click()
  await expect(page.getByText('Costs entered: $20.00 over 2 items.')).toBeVisible()
  await page.getByRole('button', { name: 'Create all 2 ready' }).click()
  await page
    .getByRole('dialog', { name: 'Create 2 listings?' })
    .getByRole('button', { name: 'Create 2 listings' })
    .click()
  await expect
    .poll(async () => (await serverListings(page)).map((listing) => listing.cost), { timeout: 30_000 })
    .toEqual([10, 10])
  const [first, second] = await serverListings(page)

  const onEbay = await page.request.post(`/api/listings/${first!.id}/post-to-ebay`, {
    data: { aspects: { Type: 'Jeans' }, postalCode: '95125' },
  })
  expect(onEbay.status(), await onEbay.text()).toBe(200)
  const onEtsy = await page.request.post(`/api/listings/${second!.id}/post-to-etsy`, {
    data: { whoMade: 'someone_else', whenMade: '1990s', isSupply: false },
  })
  expect(onEtsy.status(), await onEtsy.text()).toBe(200)

  // A buyer on each marketplace, each paying $6 to ship.
  const { offers } = (await (
    await page.request.get(`${FAKE_EBAY}/__control/offers?state=${encodeURIComponent(grant)}`)
  ).json()) as { offers: { sku: string }[] }
  const sku = offers.find((offer) => listingIdOfSku(offer.sku) === first!.id)!.sku
  const soldOnEbay = await page.request.post(`${FAKE_EBAY}/__control/sell`, {
    data: { state: grant, sku, quantity: 1, shipping: 6 },
  })
  expect(soldOnEbay.status(), await soldOnEbay.text()).toBe(200)
  const soldOnEtsy = await page.request.post(`${FAKE_ETSY}/__control/sell`, {
    data: { sku: `snaplist-${second!.id}`, quantity: 1, shipping: 6 },
  })
  expect(soldOnEtsy.status(), await soldOnEtsy.text()).toBe(200)

  // The Dashboard opening reads the sales; the marketplaces' fees are read after each sale.
  await expect(async () => {
    await page.goto('/')
    const sales = [...(await salesOf(page, first!.id)), ...(await salesOf(page, second!.id))]
    expect(sales.map((sale) => sale.feesState)).toEqual(['read', 'read'])
  }).toPass({ timeout: 120_000, intervals: [2000, 5000] })
  const [ebaySale] = await salesOf(page, first!.id)
  const [etsySale] = await salesOf(page, second!.id)
  expect(ebaySale!.feeLines.map((fee) => fee.type)).toContain('FINAL_VALUE_FEE')
  expect(etsySale!.feeLines.map((fee) => fee.type)).toEqual([
    'transaction',
    'shipping_transaction',
    'payment_processing',
  ])
  const dollars = (value: number) => `$${value.toFixed(2)}`
  const profit = ebaySale!.profit! + etsySale!.profit!

  await page.goto('/insights')
  await expect(page.getByRole('button', { name: `Profit ${dollars(profit)} (open the sales)` })).toBeVisible()
  // Every fee is the marketplace's own: none is an estimate any more.
  await expect(page.getByText(/have their fees estimated/)).toHaveCount(0)
  const month = new Date().toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' })
  await expect(
    page.getByRole('region', { name: 'By month' }).getByRole('button', { name: new RegExp(`^${month} `) }),
  ).toContainText(dollars(profit))
  await page.getByRole('button', { name: `Profit ${dollars(profit)} (open the sales)` }).click()
  const sales = page.getByRole('region', { name: 'Every sale of the period' })
  // The haul's two items have the AI's same title: each sale is found by the listing it links to.
  const saleOf = (id: number) =>
    sales.getByRole('listitem').filter({ has: page.locator(`a[href="/list-item?edit=${id}"]`) })
  await expect(saleOf(first!.id)).toContainText(`eBay · ${dollars(ebaySale!.sale! + 6)} in`)
  await expect(saleOf(first!.id)).toContainText(dollars(ebaySale!.profit!))
  await expect(saleOf(second!.id)).toContainText(`Etsy · ${dollars(etsySale!.sale! + 6)} in`)
  await expect(saleOf(second!.id)).toContainText(dollars(etsySale!.profit!))
  await page.screenshot({ path: 'test-results/books-walkthrough-insights.png', fullPage: true })
})
