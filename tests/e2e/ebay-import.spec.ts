// Import from eBay on a 390×844 phone (issue 31, docs/decisions/0037): a seller whose eBay account already has live
// listings (the stand-in's, of both kinds) taps Import from eBay, watches "Imported N of M" climb to the end, and finds
// the imported rows on the Dashboard, the ones made on ebay.com saying that only price and quantity reach eBay.
import { expect, test } from '@playwright/test'
import { FAKE_EBAY_PORT } from './ports.ts'
import { connectEbay, signUpThroughApi } from './helpers.ts'

test.use({ viewport: { width: 390, height: 844 } })

const FAKE_EBAY = `http://127.0.0.1:${FAKE_EBAY_PORT}`

test('imports live eBay listings with progress, then shows them on the Dashboard', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  await signUpThroughApi(page)
  const grant = await connectEbay(page)
  const seeded = await page.request.post(`${FAKE_EBAY}/__control/seed-live`, {
    data: { state: grant, inventory: 30, trading: 30, pictures: 1 },
  })
  expect(seeded.status()).toBe(200)
  await page.goto('/')
  const card = page.getByLabel('Import from eBay', { exact: true }).first()
  const button = page.getByRole('button', { name: 'Import from eBay' })
  await button.scrollIntoViewIfNeeded()
  await button.click()
  const progress = page.getByRole('status').filter({ hasText: /^Imported \d+ of 60/ })
  await expect(progress).toBeVisible()
  // Part of the way: the count climbs while the seller watches.
  await expect(progress).toHaveText(/^Imported ([1-9]|[1-5]\d) of 60…$/, { timeout: 30_000 })
  await page.screenshot({ path: testInfo.outputPath('import-under-way.png') })
  await expect(progress).toHaveText('Imported 60 of 60', { timeout: 60_000 })
  await expect(card.getByText(/^Done\./)).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('import-done.png') })

  // Every one of them is on the Dashboard, live on eBay; the newest first (the ebay.com ones, read last).
  await page.getByRole('searchbox', { name: 'Search listings' }).scrollIntoViewIfNeeded()
  await expect(page.getByRole('button', { name: 'Live 60' })).toBeVisible()
  const listings = page.getByRole('region', { name: 'Your Listings' })
  const blanket = listings.getByRole('listitem').filter({ hasText: 'Pendleton wool blanket no.' }).first()
  await blanket.scrollIntoViewIfNeeded()
  await expect(blanket).toContainText('Live on eBay')
  await expect(blanket).toContainText('$64.00')
  await expect(blanket).toContainText('Made on ebay.com: Snaplist changes its price and quantity there, nothing else')
  await page.screenshot({ path: testInfo.outputPath('imported-rows.png') })
  // One made with the Inventory API, found by the search.
  await page.getByRole('searchbox', { name: 'Search listings' }).fill('trucker jacket')
  const jacket = listings.getByRole('listitem').filter({ hasText: "Levi's trucker jacket no." }).first()
  await expect(jacket).toContainText('Live on eBay')
  await expect(jacket).toContainText('$39.50')
  await expect(jacket).not.toContainText('Made on ebay.com')
})
