// What the reseller's walkthrough found (issue 26, items 3, 4 and two parts of 10), on a 390×844 phone against the
// eBay stand-in: deleting a live listing ends it on eBay, more than 50 ready listings post in one tap, an ended row
// says it is ended, and connecting eBay from a listing's Post to eBay dialog comes back to that dialog.
import { expect, test, type Page } from '@playwright/test'
import { connectEbay, createListingThroughApi, signUpThroughApi } from './helpers.ts'
import { FAKE_EBAY_PORT } from './ports.ts'
import { JACKET } from '../helpers/jacket.ts'

test.use({ viewport: { width: 390, height: 844 } })

const FAKE_EBAY = `http://127.0.0.1:${FAKE_EBAY_PORT}`

const rowOf = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Your Listings' }).getByRole('listitem').filter({ hasText: title })

async function liveListing(page: Page, title: string) {
  const listing = await createListingThroughApi(page, { ...JACKET, title })
  const posted = await page.request.post(`/api/listings/${listing.id}/post-to-ebay`, {
    data: { aspects: { Type: 'Jacket' }, postalCode: '95125' },
  })
  expect(posted.status(), await posted.text()).toBe(200)
  await page.reload()
  return listing
}

const offerStatus = async (page: Page, grant: string) =>
  (
    (await (await page.request.get(`${FAKE_EBAY}/__control/offers?state=${grant}`)).json()) as {
      offers: { status: string }[]
    }
  ).offers[0]?.status

test('deleting a listing live on eBay says so, and ends it on eBay', async ({ page }) => {
  await signUpThroughApi(page)
  const grant = await connectEbay(page)
  const title = 'Trucker jacket to delete'
  await liveListing(page, title)
  const row = rowOf(page, title)
  await expect(row.getByRole('link', { name: `View on eBay: ${title}` })).toBeVisible()

  await row.getByRole('button', { name: `Actions for ${title}` }).click()
  await page.getByRole('menuitem', { name: `Delete ${title}` }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete this listing?' })
  await expect(confirm).toContainText(`“${title}” is live on eBay. Deleting ends it on eBay first`)
  await expect(confirm).toContainText('If it sells on eBay before it has ended, it stays here as sold')
  await confirm.getByRole('button', { name: 'End on eBay and delete' }).click()

  await expect(page.getByText('Listing deleted successfully')).toBeVisible()
  await expect(page.getByText('It is being ended on eBay first.')).toBeVisible()
  await expect(row).toHaveCount(0)
  await expect.poll(() => offerStatus(page, grant), { timeout: 20_000 }).toBe('UNPUBLISHED')
})

test('an ended row says Ended on eBay, not Up to date', async ({ page }) => {
  await signUpThroughApi(page)
  await connectEbay(page)
  const title = 'Trucker jacket revised, then ended'
  const listing = await liveListing(page, title)
  const current = (await (await page.request.get('/api/listings')).json()) as {
    id: number
    version: number
    images: string[]
  }[]
  const { version, images } = current.find((entry) => entry.id === listing.id)!
  const edited = await page.request.patch(`/api/listings/${listing.id}`, {
    data: { ...JACKET, title, images, askingPrice: 35, version },
  })
  expect(edited.status(), await edited.text()).toBe(200)
  await page.reload()
  const row = rowOf(page, title)
  await expect(row.getByText('Up to date on eBay')).toBeVisible({ timeout: 20_000 })

  await row.getByRole('button', { name: `Actions for ${title}` }).click()
  await page.getByRole('menuitem', { name: `End on eBay: ${title}` }).click()
  await page
    .getByRole('dialog', { name: 'End this listing on eBay?' })
    .getByRole('button', { name: 'End on eBay' })
    .click()
  await expect(row.getByText('Ended', { exact: true })).toBeVisible()
  await expect(row.getByText('Ended on eBay')).toBeVisible()
  await expect(row.getByText('Up to date on eBay')).toHaveCount(0)
})

test("Connect with eBay in a listing's Post to eBay dialog comes back to that dialog", async ({ page }) => {
  test.setTimeout(60_000)
  await signUpThroughApi(page)
  await createListingThroughApi(page, { ...JACKET, title: 'Another listing' })
  const listing = await createListingThroughApi(page, JACKET)
  await page.reload()
  await page.getByRole('button', { name: `Post to eBay: ${listing.title}` }).click()
  let dialog = page.getByRole('dialog', { name: 'Post to eBay' })
  await expect(dialog.getByText('eBay is not connected')).toBeVisible()
  await dialog.getByRole('button', { name: 'Connect with eBay' }).click()
  await page.getByRole('link', { name: 'Agree' }).click()

  // eBay's callback screen, then the Dashboard with the dialog open again.
  dialog = page.getByRole('dialog', { name: 'Post to eBay' })
  await expect(dialog.getByText(listing.title)).toBeVisible({ timeout: 30_000 })
  await expect(dialog.getByText('eBay is not connected')).toHaveCount(0)
  await expect(dialog.getByRole('button', { name: 'Post to eBay' })).toBeVisible()
  // Once: a reload of the Dashboard later opens nothing.
  await page.reload()
  await expect(page.getByRole('region', { name: 'Your Listings' })).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Post to eBay' })).toHaveCount(0)
})

// The Dashboard shows 24 rows at first: 'Select all ready' takes every ready listing the server finds, loaded or not.
test('more than 50 ready listings post in one tap, with progress', async ({ page }) => {
  test.setTimeout(180_000)
  await signUpThroughApi(page)
  const grant = await connectEbay(page)
  // One photo for all of them: uploading 55 would be most of the test's time.
  await createListingThroughApi(page, { ...JACKET, title: 'Tee 1' })
  const [first] = (await (await page.request.get('/api/listings')).json()) as { images: string[] }[]
  for (let index = 2; index <= 55; index += 1) {
    const made = await page.request.post('/api/listings', {
      data: { ...JACKET, description: 'Light wash.', title: `Tee ${index}`, images: first!.images },
    })
    expect(made.status()).toBe(201)
  }
  await page.reload()
  const listings = page.getByRole('region', { name: 'Your Listings' })
  await listings.getByRole('button', { name: 'Select all ready (55)' }).click()
  await expect(listings.getByText('55 selected')).toBeVisible()
  await expect(listings.getByRole('listitem')).toHaveCount(24)
  await expect(listings.getByText(/Post at most/)).toHaveCount(0)
  await listings.getByRole('button', { name: 'Post 55', exact: true }).click()

  const dialog = page.getByRole('dialog', { name: 'Post many' })
  await expect(dialog.getByText(/^55 can go as they are/)).toBeVisible({ timeout: 60_000 })
  await dialog.getByLabel('Ships from (ZIP code)').fill('95125')
  await dialog.getByRole('button', { name: 'Post 55 to eBay' }).click()
  await expect(dialog.getByText(/^Posting to eBay: \d+ of 55 done…$/)).toBeVisible()
  // They go one after another; the first few are enough to see all 55 were taken.
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`${FAKE_EBAY}/__control/listings?state=${grant}`)).json()) as {
            listings: unknown[]
          }
        ).listings.length,
      { timeout: 60_000 },
    )
    .toBeGreaterThanOrEqual(3)
})
