// Every marketplace an equal on the screens (issue 48 step 6), on a 390×844 phone with eBay, Etsy and Shopify all
// connected: a listing live on one marketplace alone reads Live (on it), counts and filters as Live and as Live on it;
// its row's menu offers the other two's Post to and its own End on, in the same places whichever it is; and one bulk
// post puts the chosen listings on all three, after which each is Live on eBay · Etsy · Shopify.
import { expect, test, type Page } from '@playwright/test'
import type { Platform } from '../../api/contract/marketplace-paths.ts'
import { JACKET } from '../helpers/jacket.ts'
import {
  connectEbay,
  connectEtsy,
  createListingThroughApi,
  expectNoSidewaysScroll,
  signUpThroughApi,
} from './helpers.ts'

test.use({ viewport: { width: 390, height: 844 } })

const NAMES: Record<Platform, string> = { ebay: 'eBay', etsy: 'Etsy', shopify: 'Shopify' }
/** The listing live on each marketplace alone, and how it is posted there (each Post dialog has its own spec). */
const ALONE: Record<Platform, { title: string; data?: Record<string, unknown> }> = {
  ebay: { title: 'Wool peacoat', data: { aspects: { Type: 'Jacket' }, postalCode: '95125' } },
  etsy: { title: 'Corduroy chore coat', data: { whoMade: 'someone_else', whenMade: '1990s', isSupply: false } },
  shopify: { title: 'Canvas field jacket' },
}
// Tees: eBay's category for them asks nothing a listing lacks, so the bulk post takes both as they are.
const READY = ['Band tee black', 'Band tee grey']

/** The seller installs Snaplist on their store from the Connect dialog, as shopify.spec.ts does step by step. */
async function connectShopify(page: Page) {
  const card = page.getByRole('listitem', { name: 'Shopify' })
  await card.getByRole('button', { name: 'Connect Shopify' }).click()
  const connect = page.getByRole('dialog', { name: 'Connect Shopify' })
  await connect.getByRole('textbox', { name: 'Your Shopify store' }).fill('ritas-vintage')
  await connect.getByRole('button', { name: 'Connect with Shopify' }).click()
  await page.getByRole('link', { name: 'Install' }).click()
  await expect(page.getByRole('heading', { name: 'Connected Marketplaces' })).toBeVisible({ timeout: 15_000 })
  await expect(card.getByText('Connected', { exact: true })).toBeVisible()
}

test('eBay, Etsy and Shopify alike: live on one alone reads and filters Live, the same menu, one bulk post to all three', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000)
  await signUpThroughApi(page)
  await connectEbay(page)
  await connectEtsy(page)
  await connectShopify(page)
  for (const [marketplace, { title, data }] of Object.entries(ALONE)) {
    const listing = await createListingThroughApi(page, { ...JACKET, title })
    const posted = await page.request.post(`/api/listings/${listing.id}/post-to-${marketplace}`, data ? { data } : {})
    expect(posted.status(), await posted.text()).toBe(200)
  }
  for (const title of READY) await createListingThroughApi(page, { ...JACKET, title, size: 'L', price: 12 })
  await page.reload()

  const region = page.getByRole('region', { name: 'Your Listings' })
  const rowOf = (title: string) => region.getByRole('listitem').filter({ hasText: title })
  // The badge, not a marketplace's line under it that can say the same.
  const badgeOf = (title: string) =>
    rowOf(title)
      .getByText(/^(Live|Ended|Ready)( on .*)?$/)
      .and(page.locator(':not([role="status"])'))
  const filters = page.getByRole('group', { name: 'Filter by status' })
  await expect(filters.getByRole('button', { name: 'Live 3' })).toBeVisible()
  await expect(filters.getByRole('button', { name: 'Ready 2' })).toBeVisible()

  const alone = Object.entries(ALONE) as [Platform, { title: string }][]
  for (const [marketplace, { title }] of alone) {
    await expect(badgeOf(title)).toHaveText(`Live on ${NAMES[marketplace]}`)
    await expect(rowOf(title).getByRole('link', { name: `View on ${NAMES[marketplace]}: ${title}` })).toBeVisible()
  }
  await rowOf(ALONE.shopify.title).scrollIntoViewIfNeeded()
  await page.screenshot({ path: testInfo.outputPath('live-on-one-rows.png') })

  for (const [marketplace, { title }] of alone) {
    const name = NAMES[marketplace]
    const chip = filters.getByRole('button', { name: `Live on ${name} 1` })
    await chip.click()
    await expect(page).toHaveURL(new RegExp(`status=live-on-${marketplace}`))
    await expect(region.getByRole('listitem')).toHaveCount(1)
    await expect(rowOf(title)).toBeVisible()
    // The chosen chip shows, whole and clear of the strip's faded end, also on landing at that filter.
    await expect(chip).toBeInViewport({ ratio: 0.95 })
    await page.reload()
    await expect(chip).toHaveAttribute('aria-pressed', 'true')
    await expect(chip).toBeInViewport({ ratio: 0.95 })
    await page.screenshot({ path: testInfo.outputPath(`filter-live-on-${marketplace}.png`) })
    await expectNoSidewaysScroll(page)

    // The other two's Post to, then its own End on: the same list, in the same places, whichever it is live on.
    await rowOf(title)
      .getByRole('button', { name: `Actions for ${title}` })
      .click()
    const others = (Object.keys(NAMES) as Platform[]).filter((other) => other !== marketplace)
    await expect(page.getByRole('menuitem')).toHaveText([
      'Preview',
      ...others.map((other) => `Post to ${NAMES[other]}`),
      `End on ${name}`,
      'Sell similar',
      'Sold elsewhere…',
      'Delete',
    ])
    await page.screenshot({ path: testInfo.outputPath(`menu-live-on-${marketplace}.png`) })
    await page.keyboard.press('Escape')
    await expect(page.getByRole('menu')).toBeHidden()
  }
  await filters.getByRole('button', { name: 'Live 3' }).click()
  await expect(region.getByRole('listitem')).toHaveCount(3)
  for (const { title } of Object.values(ALONE)) await expect(badgeOf(title)).toHaveText(/^Live on /)

  // A listing ready everywhere offers Post to each of the three.
  await filters.getByRole('button', { name: 'Ready 2' }).click()
  await rowOf(READY[0]!)
    .getByRole('button', { name: `Actions for ${READY[0]}` })
    .click()
  await expect(page.getByRole('menuitem')).toHaveText([
    'Preview',
    'Post to eBay',
    'Post to Etsy',
    'Post to Shopify',
    'Sell similar',
    'Sold elsewhere…',
    'Delete',
  ])
  await page.screenshot({ path: testInfo.outputPath('menu-ready.png') })
  await page.keyboard.press('Escape')

  // One bulk post: the selection to every connected marketplace, what each asks said once for all.
  await region.getByRole('button', { name: 'Select all ready (2)' }).click()
  await region.getByRole('button', { name: 'Post 2', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Post many' })
  for (const name of Object.values(NAMES)) {
    await expect(dialog.getByRole('checkbox', { name })).toBeChecked()
    await expect(dialog.getByRole('region', { name }).getByText('2 can go as they are')).toBeVisible({
      timeout: 20_000,
    })
  }
  // eBay's ZIP code was given with the first eBay post and is asked once per seller: eBay asks nothing here.
  await expect(dialog.getByRole('region', { name: 'eBay' }).getByLabel('Ships from (ZIP code)')).toHaveCount(0)
  const etsy = dialog.getByRole('region', { name: 'Etsy' })
  await etsy.getByLabel('Who made them?').selectOption({ label: 'Another company or person' })
  await etsy.getByLabel('When were they made?').selectOption({ label: '1990s' })
  await etsy.getByLabel('What are they?').selectOption({ label: 'A finished product' })
  const post = dialog.getByRole('button', { name: 'Post 2 to eBay, Etsy and Shopify' })
  await post.scrollIntoViewIfNeeded()
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: testInfo.outputPath('bulk-post-three.png') })
  await post.click()
  for (const name of Object.values(NAMES))
    await expect(dialog.getByText(`2 of 2 posted to ${name}`)).toBeVisible({ timeout: 60_000 })
  await page.screenshot({ path: testInfo.outputPath('bulk-post-three-summary.png') })
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(dialog).toBeHidden()

  await filters.getByRole('button', { name: /^All / }).click()
  for (const title of READY) await expect(badgeOf(title)).toHaveText('Live on eBay · Etsy · Shopify')
  await expect(filters.getByRole('button', { name: 'Live 5' })).toBeVisible()
  for (const name of Object.values(NAMES))
    await expect(filters.getByRole('button', { name: `Live on ${name} 3` })).toBeVisible()
  await rowOf(READY[0]!).scrollIntoViewIfNeeded()
  await page.screenshot({ path: testInfo.outputPath('live-on-three-row.png') })
  // Each marketplace's View sits on its own line's words, as eBay's beside its pill: none takes a line to itself.
  for (const name of ['Etsy', 'Shopify']) {
    const said = await rowOf(READY[0]!)
      .getByRole('status')
      .filter({ hasText: `Live on ${name}` })
      .boundingBox()
    const view = await rowOf(READY[0]!)
      .getByRole('link', { name: `View on ${name}: ${READY[0]}` })
      .boundingBox()
    const middle = (box: typeof said) => box!.y + box!.height / 2
    expect(Math.abs(middle(said) - middle(view)), `View on ${name} beside its words`).toBeLessThan(6)
  }
  await expectNoSidewaysScroll(page)
})
