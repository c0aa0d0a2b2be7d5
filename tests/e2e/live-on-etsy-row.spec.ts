// Every marketplace an equal on the row (issue 48 step 6, decision 0063), on a 390×844 phone: a listing ended on eBay
// and live on Etsy reads Live (on Etsy), not Ended; the Live on Etsy filter finds it and Live on eBay does not; its menu
// offers End on Etsy beside eBay's Relist, in the marketplaces' order above Delete, and End on Etsy ends it on Etsy
// (the stand-in's listing goes inactive) and the row reads Ended.
import { expect, test } from '@playwright/test'
import { JACKET } from '../helpers/jacket.ts'
import {
  connectEbay,
  connectEtsy,
  createListingThroughApi,
  expectNoSidewaysScroll,
  signUpThroughApi,
} from './helpers.ts'
import { FAKE_ETSY_PORT } from './ports.ts'

test.use({ viewport: { width: 390, height: 844 } })

const FAKE_ETSY = `http://127.0.0.1:${FAKE_ETSY_PORT}`

test('ended on eBay and live on Etsy: Live, found by Live on Etsy, and End on Etsy ends it there', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  await signUpThroughApi(page)
  await connectEbay(page)
  await connectEtsy(page)
  const title = 'Corduroy chore coat'
  const listing = await createListingThroughApi(page, { ...JACKET, title })
  await createListingThroughApi(page, { ...JACKET, title: 'Plain canvas tote' })
  for (const [action, data] of [
    ['post-to-ebay', { aspects: { Type: 'Jacket' }, postalCode: '95125' }],
    ['post-to-etsy', { whoMade: 'someone_else', whenMade: '1990s', isSupply: false }],
    ['end-on-ebay', undefined],
  ] as const) {
    const done = await page.request.post(`/api/listings/${listing.id}/${action}`, data ? { data } : {})
    expect(done.status(), await done.text()).toBe(200)
  }
  await page.reload()

  const region = page.getByRole('region', { name: 'Your Listings' })
  const row = region.getByRole('listitem').filter({ hasText: title })
  // The badge, not the Etsy line under it that says the same.
  const badge = row.getByText(/^(Live|Ended|Ready)( on .*)?$/).and(page.locator(':not([role="status"])'))
  await expect(badge).toHaveText('Live on Etsy')

  const filters = page.getByRole('group', { name: 'Filter by status' })
  await expect(filters.getByRole('button', { name: 'Live 1' })).toBeVisible()
  await expect(filters.getByRole('button', { name: 'Live on eBay 0' })).toBeVisible()
  await filters.getByRole('button', { name: 'Live on Etsy 1' }).click()
  await expect(page).toHaveURL(/status=live-on-etsy/)
  await expect(region.getByRole('listitem')).toHaveCount(1)
  await expect(row).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('live-on-etsy-filter.png') })
  await expectNoSidewaysScroll(page)

  await row.getByRole('button', { name: `Actions for ${title}` }).click()
  await expect(page.getByRole('menuitem')).toHaveText([
    'Preview',
    'Post to Shopify',
    'End on Etsy',
    'Relist on eBay',
    'Sell similar',
    'Sold elsewhere…',
    'Delete',
  ])
  await page.screenshot({ path: testInfo.outputPath('live-on-etsy-menu.png') })
  await page.getByRole('menuitem', { name: `End on Etsy: ${title}` }).click()
  const confirm = page.getByRole('dialog', { name: 'End this listing on Etsy?' })
  await expect(confirm).toContainText(`“${title}” will no longer be for sale on Etsy.`)
  await confirm.getByRole('button', { name: 'End on Etsy' }).click()
  await expect(page.getByText('Ended on Etsy.').first()).toBeVisible()

  const held = await page.request.get(`${FAKE_ETSY}/__control/listings?sku=snaplist-${listing.id}`)
  expect(((await held.json()) as { listings: { state: string }[] }).listings.map((one) => one.state)).toEqual([
    'inactive',
  ])
  // Live nowhere now: Live on Etsy keeps no row, and under All it reads Ended.
  await expect(filters.getByRole('button', { name: 'Live on Etsy 0' })).toBeVisible()
  await expect(row).toHaveCount(0)
  await filters.getByRole('button', { name: /^All / }).click()
  await expect(badge).toHaveText('Ended')
  await row.getByRole('button', { name: `Actions for ${title}` }).click()
  await expect(page.getByRole('menuitem')).toHaveText([
    'Preview',
    'Post to Shopify',
    'Relist on eBay',
    'Relist on Etsy',
    'Sell similar',
    'Sold elsewhere…',
    'Delete',
  ])
  await page.keyboard.press('Escape')
  await page.screenshot({ path: testInfo.outputPath('ended-everywhere-row.png') })
})
