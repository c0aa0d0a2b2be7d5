// A sale on Etsy, on a 390×844 phone (issue 29, docs/decisions/0033): it ends the item on eBay; 1 of 3 sold leaves 2
// on eBay; eBay and Etsy selling the last piece at once is shown until the seller says it is sorted out. Each waits
// for the seller's sales to be read again (at most every 15 s), so they run in npm run test:all, not in npm test's
// walks (decision 0049).
import { expect, test } from '@playwright/test'
import { liveOnBoth, reloadUntil, today } from './live-on-both.ts'

test.use({ viewport: { width: 390, height: 844 } })

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
