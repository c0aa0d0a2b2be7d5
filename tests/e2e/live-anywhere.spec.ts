// One listing, many places (issue 48, docs/decisions/0060), on a 390×844 phone: a listing live only on Etsy reads Live
// ("Live on Etsy"), counts and filters as Live, and still offers Post to eBay; one posted to eBay too is "Live on eBay ·
// Etsy": the badge says Live on a line that stays one line, the eBay badge and the Etsy line say where.
import { expect, test } from '@playwright/test'
import { JACKET } from '../helpers/jacket.ts'
import {
  connectEbay,
  connectEtsy,
  createListingThroughApi,
  expectNoSidewaysScroll,
  signUpThroughApi,
} from './helpers.ts'

test.use({ viewport: { width: 390, height: 844 } })

test('a listing live only on Etsy reads Live, filters as Live, and can go to eBay too', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  await signUpThroughApi(page)
  await connectEbay(page)
  await connectEtsy(page)
  const title = 'Corduroy chore coat'
  const listing = await createListingThroughApi(page, { ...JACKET, title })
  await createListingThroughApi(page, { ...JACKET, title: 'Plain canvas tote' })
  const onEtsy = await page.request.post(`/api/listings/${listing.id}/post-to-etsy`, {
    data: { whoMade: 'someone_else', whenMade: '1990s', isSupply: false },
  })
  expect(onEtsy.status(), await onEtsy.text()).toBe(200)
  await page.reload()

  const region = page.getByRole('region', { name: 'Your Listings' })
  const row = region.getByRole('listitem').filter({ hasText: title })
  await expect(row).toContainText('Live on Etsy')
  await expect(row.getByRole('button', { name: `Post to eBay: ${title}` })).toBeVisible()

  const filters = page.getByRole('group', { name: 'Filter by status' })
  await expect(filters.getByRole('button', { name: 'Live 1' })).toBeVisible()
  await expect(filters.getByRole('button', { name: 'Ready 1' })).toBeVisible()
  await filters.getByRole('button', { name: 'Live 1' }).click()
  await expect(region.getByRole('listitem')).toHaveCount(1)
  await expect(row).toBeVisible()
  await filters.getByRole('button', { name: 'Ready 1' }).click()
  await expect(region.getByRole('listitem')).toHaveCount(1)
  await expect(row).toHaveCount(0)

  // Posted to eBay as well (tests/e2e/listing-to-ebay.spec.ts walks the dialog): live on both, its status one line.
  const onEbay = await page.request.post(`/api/listings/${listing.id}/post-to-ebay`, {
    data: { aspects: { Type: 'Jacket' }, postalCode: '95125' },
  })
  expect(onEbay.status(), await onEbay.text()).toBe(200)
  await filters.getByRole('button', { name: /^All / }).click()
  await page.reload()
  await expect(row).toContainText('Live on eBay · Etsy')
  await expect(row.getByText('eBay', { exact: true })).toBeVisible()
  await expect(row.getByRole('status').filter({ hasText: 'Live on Etsy' })).toBeVisible()
  await expect(filters.getByRole('button', { name: 'Live 1' })).toBeVisible()
  // The sales read on opening has landed and the rows were read again: measured after, not while they move.
  await expect(region.getByRole('button', { name: 'Check sales' })).toBeVisible()
  const badge = row.getByText('Live on eBay · Etsy')
  // The price itself, not the first of the row's texts holding a dollar sign.
  const price = row.getByText(/^\$\d[\d,]*\.\d\d$/)
  const [badgeBox, priceBox] = [(await badge.boundingBox())!, (await price.boundingBox())!]
  expect(Math.abs(badgeBox.y - priceBox.y), 'the badge and the price on one line').toBeLessThan(8)
  expect(badgeBox.height, 'the badge is one line').toBeLessThan(30)
  await page.screenshot({ path: testInfo.outputPath('live-on-both-row.png') })
  await expectNoSidewaysScroll(page)
})
