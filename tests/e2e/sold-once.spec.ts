// An item sells once, everywhere, on a 390×844 phone (issue 29, docs/decisions/0033): one listing live on eBay and
// Etsy; a sale on eBay ends it on Etsy and the row reads Sold, with where and for how much; a sale recorded as made
// elsewhere ends it on both. A sale on Etsy, and two marketplaces selling the last piece: sold-on-etsy.spec.ts.
import { expect, test } from '@playwright/test'
import { earnings, liveOnBoth, reloadUntil, today } from './live-on-both.ts'

test.use({ viewport: { width: 390, height: 844 } })

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
