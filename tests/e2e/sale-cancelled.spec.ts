// Back in stock everywhere, on a 390×844 phone (issue 50, docs/decisions/0065, 0070): the last piece sells on Etsy
// and ends on eBay; the Etsy order is cancelled on the stand-in, and the row reads live again on eBay with its piece,
// its sale line saying the sale was cancelled.
// It waits for the seller's sales to be read again (at most every 15 s), so it runs in npm run test:all.
import { expect, test } from '@playwright/test'
import { liveOnBoth, reloadUntil } from './live-on-both.ts'

test.use({ viewport: { width: 390, height: 844 } })

test('a sale cancelled on Etsy puts the row back live on eBay and Etsy', async ({ page }) => {
  test.setTimeout(300_000)
  const item = await liveOnBoth(page, 'Denim jacket sold then cancelled', 1)
  const receipt = await item.sellOnEtsy()
  await reloadUntil(page, item.row, 'Sold on Etsy')
  await expect(async () => expect((await item.ebayOffer()).live).toBe(false)).toPass({ timeout: 60_000 })

  await item.cancelOnEtsy(receipt)
  await reloadUntil(page, item.row, 'Live on eBay')
  await expect(item.row.getByText('Sold on Etsy', { exact: true })).toHaveCount(0)
  // The sale line says it came back, not "Sold for … · 1 left" as if it stood.
  await expect(item.row.getByText(/^Sale cancelled: sold for .* back in stock, 1 left$/)).toBeVisible()
  await expect(async () => expect(await item.ebayOffer()).toMatchObject({ live: true, count: 1 })).toPass({
    timeout: 60_000,
  })
  expect(await item.etsyListing()).toMatchObject({ state: 'active', quantity: 1 })
})
