// The Dashboard reopened with no signal (issue 26): it shows what the phone last saw (the listings, the counts, the
// marketplaces' state), says it is offline and when it last synced, and never shows a check that could not run as a
// failure. Back online, it is fresh again.
import { expect, test } from '@playwright/test'
import { connectEbay, createListingThroughApi, registerThroughApi } from './helpers.ts'

test('offline after a reload, the Dashboard shows the listings and connections it last saw, and says so', async ({
  page,
  context,
}) => {
  await registerThroughApi(page.request, 'offline')
  await createListingThroughApi(page, { title: 'Brass desk lamp', price: 40, category: 'home', color: 'yellow' })
  await createListingThroughApi(page, { title: 'Pyrex mixing bowl', price: 25, category: 'home', color: 'white' })
  await page.goto('/')
  await connectEbay(page)
  const listings = page.getByRole('region', { name: 'Your Listings' })
  await expect(listings.getByRole('listitem')).toHaveCount(2)
  await expect(page.getByRole('listitem', { name: 'eBay' }).getByText('Connected', { exact: true })).toBeVisible()
  // The service worker controls the page, so the app opens with no network.
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.reload()
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
  await expect(listings.getByRole('listitem')).toHaveCount(2)

  await context.setOffline(true)
  await page.reload()
  await expect(
    page.getByText(/^You are offline\. Showing what this phone last saw, synced at \d{1,2}:\d{2}/),
  ).toBeVisible()
  await expect(listings.getByRole('listitem')).toHaveCount(2)
  await expect(listings.getByRole('listitem').filter({ hasText: 'Brass desk lamp' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'All 2' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Ready 2' })).toBeVisible()
  await expect(page.getByRole('listitem', { name: 'eBay' }).getByText('Connected', { exact: true })).toBeVisible()
  await expect(page.getByText(/Failed to check/)).toHaveCount(0)
  await expect(page.getByText(/could not be loaded/)).toHaveCount(0)
  // Posting needs the marketplace: the row's Post says so offline, and the Dashboard stays.
  await listings.getByRole('button', { name: 'Post to eBay: Brass desk lamp' }).click()
  await expect(page.getByText('Posting to eBay needs a connection: try again once you are back online.')).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Post to eBay' })).toHaveCount(0)
  await expect(listings.getByRole('listitem')).toHaveCount(2)

  await context.setOffline(false)
  await expect(page.getByText(/^You are offline/)).toBeHidden()
  await createListingThroughApi(page, { title: 'Leather boots', price: 90, category: 'clothing', color: 'brown' })
  await page.reload()
  await expect(listings.getByRole('listitem')).toHaveCount(3)
})
