// The Dashboard's first screen on a 390×844 phone (issue 47): a new seller, their email address not yet confirmed, eBay
// and Etsy connected, sells the jeans on eBay while the Dashboard is open; under the banner, the greeting, the search
// and the status filters, the jeans' row (a sold row: its sale, order and earnings lines make it the tallest kind) is
// whole on the screen above the toast that says it sold, and says its size.
import { expect, test, type Page } from '@playwright/test'
import { FAKE_EBAY_PORT } from './ports.ts'
import {
  connectEbay,
  connectEtsy,
  createListingThroughApi,
  expectNoSidewaysScroll,
  listingIdOfSku,
  PASSWORD,
  uniqueName,
} from './helpers.ts'

test.use({ viewport: { width: 390, height: 844 } })

const FAKE_EBAY = `http://127.0.0.1:${FAKE_EBAY_PORT}`
// The Dashboard asks for a sales read when it opens, at most one per 15 s: the sale's read is asked for after that, so
// the sale reaches the open Dashboard on its event stream, with its toast.
const DASHBOARD_REFRESH_DONE_MS = 16_000
const JEANS = "Levi's 501 Original Fit straight leg jeans, medium wash denim"

const rows = (page: Page) => page.getByRole('region', { name: 'Your Listings' }).getByRole('listitem')

test('the row of what just sold is whole on the first screen, above its toast and under the email banner, with its size', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  const username = uniqueName('vintagefinds')
  const registered = await page.request.post('/api/register', {
    data: {
      username,
      email: `${username}.thrift@example.com`,
      firstName: 'Rita',
      lastName: 'Reseller',
      password: PASSWORD,
    },
  })
  expect(registered.status(), await registered.text()).toBe(201)
  await createListingThroughApi(page, { title: 'Pyrex mixing bowl 2 qt', category: 'home', color: 'white', price: 25 })
  const jeans = await createListingThroughApi(page, {
    title: JEANS,
    brand: "Levi's",
    size: 'W32 L30',
    category: 'clothing',
    color: 'blue',
    price: 40,
  })
  await page.goto('/')
  const grant = await connectEbay(page)
  await connectEtsy(page)
  const onEbay = await page.request.post(`/api/listings/${jeans.id}/post-to-ebay`, {
    data: {
      aspects: { Type: 'Jeans', 'Size Type': 'Regular', Department: 'Men', Inseam: '30 in' },
      postalCode: '95125',
    },
  })
  expect(onEbay.status(), await onEbay.text()).toBe(200)
  const onEtsy = await page.request.post(`/api/listings/${jeans.id}/post-to-etsy`, {
    data: { whoMade: 'someone_else', whenMade: '1990s', isSupply: false },
  })
  expect(onEtsy.status(), await onEtsy.text()).toBe(200)

  await page.goto('/')
  const opened = Date.now()
  await expect(
    rows(page)
      .first()
      .getByRole('link', { name: `View on eBay: ${JEANS}` }),
  ).toBeVisible()
  await page.waitForTimeout(DASHBOARD_REFRESH_DONE_MS - (Date.now() - opened))
  const { offers } = (await (
    await page.request.get(`${FAKE_EBAY}/__control/offers?state=${encodeURIComponent(grant)}`)
  ).json()) as { offers: { sku: string }[] }
  const sku = offers.map((offer) => offer.sku).find((candidate) => listingIdOfSku(candidate) === jeans.id)
  const sale = await page.request.post(`${FAKE_EBAY}/__control/sell`, { data: { state: grant, sku, quantity: 1 } })
  expect(sale.status(), await sale.text()).toBe(200)
  expect(await (await page.request.post('/api/sales/refresh')).json()).toEqual({ queued: ['ebay', 'etsy'] })

  const toast = page.getByText(/^Sold: Levi's 501/)
  await expect(toast).toBeVisible({ timeout: 15_000 })
  const first = rows(page).first()
  await expect(first).toContainText(/Sold for \$40\.00 on .* order/)
  await expect(first).toContainText('W32 L30')
  await expect(rows(page).nth(1)).not.toContainText('Size')
  // Everything the Dashboard must show is on this first screen too.
  await expect(page.getByText(/^Confirm your email address/)).toBeVisible()
  await expect(page.getByRole('heading', { name: `Hello, ${username}` })).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'New Listing' })).toBeVisible()
  await expect(page.getByRole('searchbox', { name: 'Search listings' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Sort' })).toBeVisible()
  const filters = page.getByRole('group', { name: 'Filter by status' })
  for (const chip of ['All', 'Draft', 'Ready', 'Live', 'Sold', 'Ended'])
    await expect(filters.getByRole('button', { name: new RegExp(`^${chip} \\d+$`) })).toHaveCount(1)

  const row = (await first.boundingBox())!
  const toastTop = (await page.locator('#toasts .Toastify__toast').boundingBox())!.y
  await page.screenshot({ path: testInfo.outputPath('dashboard-sold-first-screen.png') })
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  expect(row.y + row.height, 'the sold row ends above the toast that says it sold').toBeLessThanOrEqual(toastTop)
  await expectNoSidewaysScroll(page)
})
