// Post many to eBay (issue 18, docs/product.md §17) against the eBay stand-in: five listings chosen on a 390×844 phone,
// the one without a Brand named before anything is sent, four live on eBay once each, the summary with View on eBay
// links, the fifth given its Brand in the Post to eBay dialog from there; and on the desktop, a request whose replies are lost and a reload midway: sent again, nothing posted twice.
import { expect, test, type Page } from '@playwright/test'
import { expectAccessible } from './axe.ts'
import {
  connectEbay,
  createListingThroughApi,
  expectNoSidewaysScroll,
  listingIdOfSku,
  signUpThroughApi,
} from './helpers.ts'
import { FAKE_EBAY_PORT } from './ports.ts'

const TEE = {
  brand: 'Hanes',
  size: 'L',
  sizeType: 'Regular',
  department: 'Men',
  color: 'black',
  price: 12,
  quantity: 1,
  category: 'clothing',
  description: 'Soft, no holes.',
}

/** The Snaplist listing of each listing live on eBay for this seller, one entry per listing eBay made (a listing posted twice shows twice). */
async function liveListingIds(page: Page, grant: string): Promise<number[]> {
  const reply = await page.request.get(
    `http://127.0.0.1:${FAKE_EBAY_PORT}/__control/listings?state=${encodeURIComponent(grant)}`,
  )
  return ((await reply.json()) as { listings: { sku: string }[] }).listings
    .map((listing) => listingIdOfSku(listing.sku))
    .sort((a, b) => a - b)
}
const idsOf = (listings: { id: number }[]) => listings.map((listing) => listing.id).sort((a, b) => a - b)

const VIEW_ON_EBAY = /^https:\/\/sandbox\.ebay\.com\/itm\/\d{12}$/

test.describe('on a 390×844 phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'the phone screen')
  test.use({ viewport: { width: 390, height: 844 } })

  test('five listings, one without a Brand: the dialog names it, four go live once each, the summary links to eBay', async ({
    page,
  }) => {
    test.setTimeout(60_000)
    await signUpThroughApi(page)
    const grant = await connectEbay(page)
    const tees = []
    for (const title of ['Band tee 1', 'Band tee 2', 'Plain tee without a brand', 'Band tee 3', 'Band tee 4']) {
      tees.push(
        await createListingThroughApi(page, { ...TEE, title, ...(title.startsWith('Plain') ? { brand: '' } : {}) }),
      )
    }
    const plain = tees[2]!
    const branded = tees.filter((tee) => tee !== plain)

    await page.reload()
    const listings = page.getByRole('region', { name: 'Your Listings' })
    await listings.getByRole('button', { name: 'Select all ready (5)' }).click()
    await expect(listings.getByText('5 selected')).toBeVisible()
    await expect(listings.getByRole('checkbox', { name: 'Select Plain tee without a brand' })).toBeChecked()
    await expectNoSidewaysScroll(page)
    await page.screenshot({ path: '/tmp/bulk-selected.png' })
    await listings.getByRole('button', { name: 'Post 5', exact: true }).click()

    const dialog = page.getByRole('dialog', { name: 'Post many' })
    await expect(dialog.getByText('4 can go as they are · 1 needs something')).toBeVisible()
    await expect(dialog.getByRole('listitem', { name: 'Plain tee without a brand' })).toContainText(
      'Needs something: Brand',
    )
    for (const tee of branded)
      await expect(dialog.getByRole('listitem', { name: tee.title })).toContainText('Can go as it is')
    await expect(dialog.getByRole('button', { name: 'Add details for eBay: Plain tee without a brand' })).toBeVisible()
    // A first-time seller says once where the items ship from.
    await dialog.getByLabel('Ships from (ZIP code)').fill('95125')
    await expectNoSidewaysScroll(page)
    await page.screenshot({ path: '/tmp/bulk-check.png' })
    await expectAccessible(page, 'the Post many to eBay dialog, checked')

    await dialog.getByRole('button', { name: 'Post 4 to eBay' }).click()
    await expect(dialog.getByText(/^Posting to eBay: \d of 4 done…$|^4 of 5 posted to eBay$/)).toBeVisible()
    await page.screenshot({ path: '/tmp/bulk-progress.png' })
    await expect(dialog.getByText('4 of 5 posted to eBay')).toBeVisible({ timeout: 20_000 })
    for (const tee of branded) {
      const row = dialog.getByRole('listitem', { name: tee.title })
      await expect(row).toContainText('Live on eBay')
      await expect(row.getByRole('link', { name: `View on eBay: ${tee.title}` })).toHaveAttribute('href', VIEW_ON_EBAY)
    }
    await expect(dialog.getByRole('listitem', { name: plain.title })).toContainText(
      'Not posted to eBay: left out, needs Brand',
    )
    await expectNoSidewaysScroll(page)
    await page.screenshot({ path: '/tmp/bulk-summary.png' })
    await expectAccessible(page, 'the Post many to eBay summary')

    // Each of the four is on eBay once; the one without a Brand is not.
    expect(await liveListingIds(page, grant)).toEqual(idsOf(branded))

    // The one left out opens in the Post to eBay dialog, which takes its Brand and posts it; then back to the summary.
    await dialog.getByRole('button', { name: 'Add details for eBay: Plain tee without a brand' }).click()
    const single = page.getByRole('dialog', { name: 'Post to eBay' })
    await single.getByLabel('Brand (missing)').fill('Gildan')
    await single.getByRole('button', { name: 'Post to eBay' }).click()
    await expect(single.getByRole('link', { name: 'View on eBay' })).toHaveAttribute('href', VIEW_ON_EBAY)
    await single.getByRole('button', { name: 'Close', exact: true }).click()
    await expect(dialog.getByText('5 of 5 posted to eBay')).toBeVisible()
    await expect(dialog.getByRole('listitem', { name: plain.title })).toContainText('Live on eBay')
    expect(await liveListingIds(page, grant)).toEqual(idsOf(tees))

    // The rows show the eBay badge instead of Post to eBay.
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect(dialog).toBeHidden()
    for (const tee of branded) {
      await expect(listings.getByRole('link', { name: `View on eBay: ${tee.title}` })).toHaveAttribute(
        'href',
        VIEW_ON_EBAY,
      )
      await expect(listings.getByRole('button', { name: `Post to eBay: ${tee.title}` })).toHaveCount(0)
    }
    await expect(listings.getByRole('link', { name: 'View on eBay: Plain tee without a brand' })).toBeVisible()
    await expect(listings.getByRole('button', { name: /^Select all ready/ })).toHaveCount(0)
  })
})

test.describe('on the desktop', () => {
  test.skip(({ isMobile }) => isMobile, 'the desktop screen')

  test('replies lost and a reload midway: the request is sent again with the same clientId and nothing is posted twice', async ({
    page,
  }) => {
    test.setTimeout(60_000)
    await signUpThroughApi(page)
    const grant = await connectEbay(page)
    const tees = [
      await createListingThroughApi(page, { ...TEE, title: 'Band tee A' }),
      await createListingThroughApi(page, { ...TEE, title: 'Band tee B' }),
    ]
    await page.reload()
    const listings = page.getByRole('region', { name: 'Your Listings' })
    for (const tee of tees) await listings.getByRole('checkbox', { name: `Select ${tee.title}` }).check()
    await listings.getByRole('button', { name: 'Post 2', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Post many' })
    await expect(dialog.getByText('2 can go as they are')).toBeVisible()
    await dialog.getByLabel('Ships from (ZIP code)').fill('95125')

    // Every request reaches Snaplist, every reply is lost on the way back.
    const sent: string[] = []
    await page.route('**/api/bulk-posts', async (route) => {
      sent.push((route.request().postDataJSON() as { clientId: string }).clientId)
      await route.fetch()
      await route.abort('connectionreset')
    })
    await dialog.getByRole('button', { name: 'Post 2 to eBay' }).click()
    await expect(
      dialog.getByText('Snaplist did not answer. Try again: listings already posted are not posted twice.'),
    ).toBeVisible({ timeout: 15_000 })
    await page.screenshot({ path: '/tmp/bulk-no-answer.png' })
    expect(sent.length).toBeGreaterThan(1)
    expect(new Set(sent).size).toBe(1)
    await page.unroute('**/api/bulk-posts')

    // Reloaded, the Dashboard reopens the request and sends it again: the same one.
    let resent: string | undefined
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/bulk-posts'))
        resent = (request.postDataJSON() as { clientId: string }).clientId
    })
    await page.reload()
    await expect(dialog.getByText('2 of 2 posted to eBay')).toBeVisible({ timeout: 20_000 })
    expect(resent).toBe(sent[0])
    for (const tee of tees)
      await expect(dialog.getByRole('link', { name: `View on eBay: ${tee.title}` })).toHaveAttribute(
        'href',
        VIEW_ON_EBAY,
      )
    expect(await liveListingIds(page, grant)).toEqual(idsOf(tees))

    // Closed, it is done with: the next visit opens the Dashboard alone.
    await dialog.getByRole('button', { name: 'Done' }).click()
    await page.reload()
    await expect(listings.getByRole('link', { name: 'View on eBay: Band tee A' })).toBeVisible()
    await expect(dialog).toHaveCount(0)
  })
})
