// Changes pushed to open screens on a 390×844 phone (issue 30, docs/decisions/0034): the Dashboard open, an item sells
// on the eBay stand-in and the server's sales read finds it; the row turns Sold and a toast says so, with no reload and
// no list asked for again: the change arrives on the app's event stream and updates the cache.
import { expect, test, type Page } from '@playwright/test'
import { FAKE_EBAY_PORT } from './ports.ts'
import { connectEbay, createListingThroughApi, listingIdOfSku, signUpThroughApi } from './helpers.ts'
import { JACKET } from '../helpers/jacket.ts'

test.use({ viewport: { width: 390, height: 844 } })

const FAKE_EBAY = `http://127.0.0.1:${FAKE_EBAY_PORT}`
// The Dashboard asks for a sales read when it opens, at most one per 15 s (REFRESH_INTERVAL_SECONDS), and reads its
// listings again 4 s later: the test's own read is asked for after both, so only the stream can show the sale.
const DASHBOARD_REFRESH_DONE_MS = 16_000

const rowOf = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Your Listings' }).getByRole('listitem').filter({ hasText: title })

/** A listing live on eBay with the Dashboard open on it and its opening refreshes done; sell() sells it on eBay. */
async function liveOnOpenDashboard(page: Page, title: string) {
  await signUpThroughApi(page)
  const grant = await connectEbay(page)
  const listing = await createListingThroughApi(page, { ...JACKET, title })
  const posted = await page.request.post(`/api/listings/${listing.id}/post-to-ebay`, {
    data: { aspects: { Type: 'Jacket' }, postalCode: '95125' },
  })
  expect(posted.status(), await posted.text()).toBe(200)
  await page.reload()
  const opened = Date.now()
  const row = rowOf(page, title)
  await expect(row.getByRole('link', { name: `View on eBay: ${title}` })).toBeVisible()
  await page.waitForTimeout(DASHBOARD_REFRESH_DONE_MS - (Date.now() - opened))
  return {
    row,
    /** Sells it on the eBay stand-in and has the server read the seller's sales (the page's own request, no reload). */
    async sell() {
      const { offers } = (await (
        await page.request.get(`${FAKE_EBAY}/__control/offers?state=${encodeURIComponent(grant)}`)
      ).json()) as { offers: { sku: string }[] }
      const sku = offers.map((offer) => offer.sku).find((candidate) => listingIdOfSku(candidate) === listing.id)
      const sale = await page.request.post(`${FAKE_EBAY}/__control/sell`, { data: { state: grant, sku, quantity: 1 } })
      expect(sale.status(), await sale.text()).toBe(200)
      const refresh = await page.request.post('/api/sales/refresh')
      expect(await refresh.json()).toMatchObject({ queued: ['ebay'] })
    },
  }
}

test('an item sold on eBay turns Sold on the open Dashboard, with a toast, without a reload', async ({ page }) => {
  test.setTimeout(90_000)
  const title = 'Trucker jacket sold live'
  const { row, sell } = await liveOnOpenDashboard(page, title)
  const listReads: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/listings')) listReads.push(request.url())
  })
  const asked = Date.now()
  await sell()

  await expect(row.getByText('Sold', { exact: true })).toBeVisible({ timeout: 15_000 })
  console.log(`From asking for the sales read to the row showing Sold: ${Date.now() - asked} ms`)
  await expect(page.getByText(`Sold: ${title} — $39.50 on eBay`)).toBeVisible()
  await expect(row.getByRole('link', { name: `View on eBay: ${title}` })).toHaveCount(0)
  expect(listReads, 'the sale came on the stream, not from reading the listings again').toEqual([])

  // A reload within the seconds a new stream replays brings the sale again: the row stays Sold, the toast is not
  // shown a second time.
  const streamOpened = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events')
  await page.reload()
  await streamOpened
  await expect(row.getByText('Sold', { exact: true })).toBeVisible()
  const toastAgain = page
    .getByText(`Sold: ${title} — $39.50 on eBay`)
    .waitFor({ timeout: 3_000 })
    .then(
      () => true,
      () => false,
    )
  expect(await toastAgain, 'the sale is toasted once').toBe(false)
})

test('a phone that was offline when the item sold catches up when it is back online', async ({ page, context }) => {
  test.setTimeout(90_000)
  const title = 'Trucker jacket sold offline'
  const { row, sell } = await liveOnOpenDashboard(page, title)
  await context.setOffline(true)
  await sell()
  // The server has applied the sale; the phone, offline, cannot know yet.
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/listings')).json()) as { platformStatus: string }[])[0]?.platformStatus,
      {
        timeout: 15_000,
      },
    )
    .toBe('sold')
  await expect(row.getByRole('link', { name: `View on eBay: ${title}` })).toBeVisible()

  await context.setOffline(false)
  await expect(row.getByText('Sold', { exact: true })).toBeVisible({ timeout: 5_000 })
  await expect(page.getByText(`Sold: ${title} — $39.50 on eBay`)).toBeVisible()
})
