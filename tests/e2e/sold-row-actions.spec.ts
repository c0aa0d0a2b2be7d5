// A sold row on a 390×844 phone (issue 47): it says which marketplace's sale ended it on the other ("Ended on Etsy —
// sold on eBay 2 min ago"); Relist puts another identical piece back up on every marketplace it was on, with the
// quantity the seller types; Sell similar opens New Listing with this one's fields and photos as a new draft, which
// works with no signal like any draft and becomes a listing of its own (its own SKU, on no marketplace yet).
import { expect, test, type Page } from '@playwright/test'
import type { Listing } from '../../api/contract/listing.ts'
import { expectAccessible } from './axe.ts'
import { createListingThroughApi, expectNoSidewaysScroll, registerThroughApi } from './helpers.ts'
import { liveOnBoth, reloadUntil } from './live-on-both.ts'
import { installApp } from './offline-drafts.ts'

test.use({ viewport: { width: 390, height: 844 } })

const rowOf = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Your Listings' }).getByRole('listitem').filter({ hasText: title })

const serverListings = async (page: Page): Promise<Listing[]> =>
  (await (await page.request.get('/api/listings')).json()) as Listing[]

test('a row ended on Etsy by an eBay sale says so; Relist puts 2 more back up on eBay and on Etsy', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const title = 'Harris tweed blazer'
  const item = await liveOnBoth(page, title, 1)
  await item.sellOnEbay()
  await reloadUntil(page, item.row, /Ended on Etsy — sold on eBay (just now|\d+ min ago)/)
  await page.screenshot({ path: 'test-results/sold-row-ended-by-phone.png' })

  await item.row.getByRole('button', { name: `Actions for ${title}` }).click()
  await page.getByRole('menuitem', { name: `Relist: ${title}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Relist' })
  await expect(dialog).toContainText('eBay and Etsy')
  await dialog.getByLabel('How many to put back up').fill('0')
  await dialog.getByRole('button', { name: 'Relist' }).click()
  await expect(dialog.getByText('Quantity must be at least 1')).toBeVisible()
  await dialog.getByLabel('How many to put back up').fill('2')
  await expectNoSidewaysScroll(page)
  await expectAccessible(page, 'the relist dialog')
  await page.screenshot({ path: 'test-results/sold-row-relist-dialog-phone.png' })
  await dialog.getByRole('button', { name: 'Relist' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Putting 2 back up on eBay and Etsy')).toBeVisible()

  await expect(item.row.getByText('Live on eBay')).toBeVisible({ timeout: 60_000 })
  await expect(item.row.getByText('Live on Etsy')).toBeVisible({ timeout: 60_000 })
  await expect(async () => expect(await item.ebayOffer()).toMatchObject({ live: true, count: 2 })).toPass({
    timeout: 30_000,
  })
  await expect(async () => expect(await item.etsyListing()).toMatchObject({ state: 'active', quantity: 2 })).toPass({
    timeout: 30_000,
  })
  await page.screenshot({ path: 'test-results/sold-row-relisted-phone.png' })
})

test('Sell similar opens New Listing with its fields and photos, offline too, and makes a new listing of its own', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  await registerThroughApi(page.request)
  const title = 'Pyrex Butterprint bowl'
  const sold = await createListingThroughApi(page, {
    title,
    category: 'home',
    color: 'white',
    askingPrice: 28,
    cost: 4,
    sku: 'PYREX-7',
    bin: 'Shelf B',
    boughtWhere: 'Estate sale',
    privateNotes: 'Chip on the rim',
  })
  const recorded = await page.request.post(`/api/listings/${sold.id}/sold-elsewhere`, {
    data: { quantity: 1, price: 28 },
  })
  expect(recorded.status()).toBe(200)
  const original = (await serverListings(page)).find((listing) => listing.id === sold.id)!
  await page.goto('/')
  await installApp(page)
  await expect(rowOf(page, title).getByText('Sold', { exact: true })).toBeVisible()

  // No signal: the draft is made from what the Dashboard shows, on the phone.
  await context.setOffline(true)
  await rowOf(page, title)
    .getByRole('button', { name: `Actions for ${title}` })
    .click()
  await page.getByRole('menuitem', { name: `Sell similar: ${title}` }).click()
  await expect(page.getByRole('heading', { name: 'Create New Listing' })).toBeVisible()
  await expect(page.getByLabel('Title')).toHaveValue(title)
  await expect(page.getByLabel('Price', { exact: true })).toHaveValue('28')
  await expect(page.getByLabel('Quantity')).toHaveValue('1')
  await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible()
  await expect(page.getByLabel('SKU')).toHaveValue('')
  await expect(page.getByLabel('Cost')).toHaveValue('4')
  await expect(page.getByLabel('Bought where')).toHaveValue('Estate sale')
  await expect(page.getByLabel('Private notes')).toHaveValue('')
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: 'test-results/sell-similar-form-phone.png', fullPage: true })
  // A reload comes back to the same draft, not another one.
  await page.reload()
  await expect(page.getByLabel('Title')).toHaveValue(title)
  await page.getByRole('button', { name: 'Create Listing' }).click()
  await expect(page.getByText('Saved on this phone — it will sync when you are back online')).toBeVisible()

  await context.setOffline(false)
  await expect(async () => {
    const made = (await serverListings(page)).filter((listing) => listing.title === title && listing.id !== sold.id)
    expect(made).toHaveLength(1)
    expect(made[0]).toMatchObject({
      images: original.images,
      quantity: 1,
      cost: 4,
      bin: 'Shelf B',
      privateNotes: '',
      platformListingId: null,
      platformStatus: null,
      soldAt: null,
      etsyStatus: null,
    })
    expect(made[0]!.sku).toMatch(/^SL-\d+/)
  }).toPass({ timeout: 30_000 })
  await page.goto('/')
  await expect(rowOf(page, title).getByText('Ready')).toBeVisible()
  await expect(rowOf(page, title).getByText('Sold', { exact: true })).toBeVisible()
  await page.screenshot({ path: 'test-results/sell-similar-rows-phone.png' })
})
