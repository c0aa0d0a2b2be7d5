// One bulk post to eBay and Etsy on a 390×844 phone (decision 0064): ten listings chosen, one 'Post 10', each
// marketplace's section checking them and asking once for all (eBay's ZIP code; Etsy's who made, when and what), one
// confirmation, then each listing live once on each. Every tap is counted: about as few as eBay alone took (4).
import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectAccessible } from './axe.ts'
import {
  connectEbay,
  connectEtsy,
  createListingThroughApi,
  expectNoSidewaysScroll,
  listingIdOfSku,
  signUpThroughApi,
} from './helpers.ts'
import { FAKE_EBAY_PORT, FAKE_ETSY_PORT } from './ports.ts'

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
const TITLES = Array.from(
  { length: 10 },
  (_, index) => `Band tee ${index + 1} ${Math.random().toString(36).slice(2, 7)}`,
)

/** The seller's taps, each a person's: a tap, a choice from a list, a field typed in. */
function counter() {
  let taps = 0
  return {
    tap: async (target: Locator) => {
      taps++
      await target.click()
    },
    choose: async (target: Locator, label: string) => {
      taps++
      await target.selectOption({ label })
    },
    type: async (target: Locator, text: string) => {
      taps++
      await target.fill(text)
    },
    get count() {
      return taps
    },
  }
}

async function liveOnEbay(page: Page, grant: string): Promise<number[]> {
  const reply = await page.request.get(
    `http://127.0.0.1:${FAKE_EBAY_PORT}/__control/listings?state=${encodeURIComponent(grant)}`,
  )
  return ((await reply.json()) as { listings: { sku: string }[] }).listings.map((listing) =>
    listingIdOfSku(listing.sku),
  )
}
async function liveOnEtsy(page: Page, title: string): Promise<string[]> {
  const reply = await page.request.get(
    `http://127.0.0.1:${FAKE_ETSY_PORT}/__control/listings?title=${encodeURIComponent(title)}`,
  )
  return ((await reply.json()) as { listings: { state: string }[] }).listings.map((listing) => listing.state)
}

test.use({ viewport: { width: 390, height: 844 } })

test('ten listings posted to eBay and Etsy in one go, what each asks said once for all', async ({ page }) => {
  test.setTimeout(120_000)
  await signUpThroughApi(page)
  const grant = await connectEbay(page)
  await connectEtsy(page)
  const tees = []
  for (const title of TITLES) tees.push(await createListingThroughApi(page, { ...TEE, title }))
  await page.reload()

  const seller = counter()
  const listings = page.getByRole('region', { name: 'Your Listings' })
  await seller.tap(listings.getByRole('button', { name: 'Select all ready (10)' }))
  await seller.tap(listings.getByRole('button', { name: 'Post 10', exact: true }))

  const dialog = page.getByRole('dialog', { name: 'Post many' })
  const ebay = dialog.getByRole('region', { name: 'eBay' })
  const etsy = dialog.getByRole('region', { name: 'Etsy' })
  await expect(dialog.getByRole('checkbox', { name: 'eBay' })).toBeChecked()
  await expect(dialog.getByRole('checkbox', { name: 'Etsy' })).toBeChecked()
  await expect(ebay.getByText('10 can go as they are')).toBeVisible({ timeout: 20_000 })
  await expect(etsy.getByText('10 can go as they are')).toBeVisible({ timeout: 20_000 })
  await page.screenshot({ path: test.info().outputPath('bulk-everywhere-check.png') })
  const post = dialog.getByRole('button', { name: 'Post 10 to eBay and Etsy' })
  await expect(post).toBeDisabled()

  // Once for all: where eBay ships from, and what Etsy asks.
  await seller.type(ebay.getByLabel('Ships from (ZIP code)'), '95125')
  await seller.choose(etsy.getByLabel('Who made them?'), 'Another company or person')
  await seller.choose(etsy.getByLabel('When were they made?'), '1990s')
  await seller.choose(etsy.getByLabel('What are they?'), 'A finished product')
  await expect(etsy.getByText('Etsy charges USD 0.20 per listing')).toBeVisible()
  await post.scrollIntoViewIfNeeded()
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: test.info().outputPath('bulk-everywhere-answered.png') })
  await expectAccessible(page, 'the Post many dialog, answered for eBay and Etsy')
  await seller.tap(post)

  await expect(dialog.getByText('10 of 10 posted to eBay')).toBeVisible({ timeout: 60_000 })
  await expect(dialog.getByText('10 of 10 posted to Etsy')).toBeVisible({ timeout: 60_000 })
  await page.screenshot({ path: test.info().outputPath('bulk-everywhere-summary.png') })
  for (const title of TITLES.slice(0, 2)) {
    const row = dialog.getByRole('listitem', { name: title })
    await expect(row.getByRole('link', { name: `View on eBay: ${title}` })).toHaveAttribute(
      'href',
      /^https:\/\/sandbox\.ebay\.com\/itm\/\d{12}$/,
    )
    await expect(row.getByRole('link', { name: `View on Etsy: ${title}` })).toHaveAttribute(
      'href',
      /^https:\/\/www\.etsy\.com\/listing\/\d+/,
    )
  }
  await expectNoSidewaysScroll(page)
  await expectAccessible(page, 'the Post many summary for eBay and Etsy')

  // Each listing is on eBay once and on Etsy once.
  expect((await liveOnEbay(page, grant)).sort((a, b) => a - b)).toEqual(tees.map((tee) => tee.id).sort((a, b) => a - b))
  for (const title of TITLES) expect(await liveOnEtsy(page, title)).toEqual(['active'])

  // eBay alone took 4 taps (select all, Post, the ZIP code, confirm); Etsy's three answers are asked once, not per item.
  console.log(`Taps to post 10 listings to eBay and Etsy: ${seller.count}`)
  expect(seller.count).toBe(7)
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(dialog).toBeHidden()
  await expect(listings.getByText(/Live on eBay · Etsy/).first()).toBeVisible()
})
