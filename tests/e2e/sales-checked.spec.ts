// When were the sales last checked? (issue 47) On a 390×844 phone with eBay and Etsy connected and no push set up, the
// Dashboard says when each marketplace's sales were last read, and pulling the Dashboard down from its top (or Check
// sales) reads them now: an item sold on eBay shows Sold within seconds, not at the next poll.
import { expect, test, type Page } from '@playwright/test'
import { FAKE_EBAY_PORT } from './ports.ts'
import { JACKET } from '../helpers/jacket.ts'
import { connectEbay, connectEtsy, createListingThroughApi, listingIdOfSku, signUpThroughApi } from './helpers.ts'

test.use({ viewport: { width: 390, height: 844 } })

const FAKE_EBAY = `http://127.0.0.1:${FAKE_EBAY_PORT}`
// A seller's sales are read at most once per 15 s whoever asks (REFRESH_INTERVAL_SECONDS): the Dashboard asked when
// it opened, so the pull is made after that.
const DASHBOARD_REFRESH_DONE_MS = 16_000
const TITLE = 'Corduroy jacket, sold by a pull'

const rowOf = (page: Page) =>
  page.getByRole('region', { name: 'Your Listings' }).getByRole('listitem').filter({ hasText: TITLE })

/** Draws the page down from its top with a finger, as a phone's pull to refresh, and lets go. */
async function pullDown(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: 195, y }] })
  await touch('touchStart', 300)
  for (let y = 320; y <= 520; y += 20) await touch('touchMove', y)
  await expect(page.getByText('Release to check sales')).toBeVisible()
  await touch('touchEnd', 520)
}

test('the Dashboard says when each marketplace’s sales were last read, and a pull down reads them now', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  await signUpThroughApi(page)
  const grant = await connectEbay(page)
  await connectEtsy(page)
  const listing = await createListingThroughApi(page, { ...JACKET, title: TITLE })
  const posted = await page.request.post(`/api/listings/${listing.id}/post-to-ebay`, {
    data: { aspects: { Type: 'Jacket' }, postalCode: '95125' },
  })
  expect(posted.status(), await posted.text()).toBe(200)

  await page.goto('/')
  const opened = Date.now()
  const checked = page.getByText(/^eBay sales checked (just now|\d+ min ago) · Etsy (just now|\d+ min ago)$/)
  await expect(checked).toBeVisible({ timeout: 20_000 })
  await expect(checked).toHaveText('eBay sales checked just now · Etsy just now')
  await page.screenshot({ path: testInfo.outputPath('sales-checked.png') })

  await page.waitForTimeout(DASHBOARD_REFRESH_DONE_MS - (Date.now() - opened))
  const { offers } = (await (
    await page.request.get(`${FAKE_EBAY}/__control/offers?state=${encodeURIComponent(grant)}`)
  ).json()) as { offers: { sku: string }[] }
  const sku = offers.map((offer) => offer.sku).find((candidate) => listingIdOfSku(candidate) === listing.id)
  const sale = await page.request.post(`${FAKE_EBAY}/__control/sell`, { data: { state: grant, sku, quantity: 1 } })
  expect(sale.status(), await sale.text()).toBe(200)

  // What each ask had queued: one ask reads every connected marketplace.
  const asked: string[][] = []
  page.on('response', async (response) => {
    if (response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/sales/refresh')
      asked.push(((await response.json()) as { queued: string[] }).queued)
  })
  const pulled = Date.now()
  await pullDown(page)
  await expect(page.getByText('Checking sales…')).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('pulled-checking-sales.png') })
  // The poll would read it within a minute: the pull has it read within seconds.
  await expect(rowOf(page).getByText('Sold', { exact: true })).toBeVisible({ timeout: 15_000 })
  console.log(`[measured] pull to the row showing Sold: ${((Date.now() - pulled) / 1000).toFixed(1)} s`)
  expect(asked).toEqual([['ebay', 'etsy']])
  await expect(page.getByText('Checking sales…')).toBeHidden()
  await expect(checked).toHaveText('eBay sales checked just now · Etsy just now')

  // The same without the gesture, for whoever does not pull: Check sales.
  asked.length = 0
  await page.getByRole('button', { name: 'Check sales' }).click()
  await expect.poll(() => asked.length).toBe(1)
  await expect(page.getByRole('button', { name: 'Check sales' })).toBeEnabled()
  await page.screenshot({ path: testInfo.outputPath('sold-after-pull.png') })
})
