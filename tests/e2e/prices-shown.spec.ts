// The price a listing sells at is the seller's Price wherever a price is shown (issue 26): the Preview, the Post to
// eBay dialog and the admin's table; the retail and used figures are named for what they are. And on a phone a toast
// never covers the controls of the dialog it is raised over.
import { expect, test, type Locator, type Page } from '@playwright/test'
import { ADMIN, connectEbay, createListingThroughApi, signInThroughUi, signUpThroughApi } from './helpers.ts'

test.use({ viewport: { width: 390, height: 844 } })
test.setTimeout(90_000)

const SHOES = {
  title: "Nike Air Max 90 Men's Shoes White Size 10",
  category: 'other',
  color: 'white',
  size: '10',
  askingPrice: 39.99,
  price: 70,
  medianUsedPrice: 68,
}

/** The two boxes on screen share no pixel: neither hides any of the other. */
async function apart(one: Locator, other: Locator) {
  const [a, b] = [await one.boundingBox(), await other.boundingBox()]
  if (!a || !b) return true
  return a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y
}

async function openDashboard(page: Page) {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: /^Hello, / })).toBeVisible()
}

test("the seller's Price is the price the Preview, the Post dialog and the admin's table show", async ({
  page,
  browser,
}) => {
  const seller = await signUpThroughApi(page)
  await connectEbay(page)
  await createListingThroughApi(page, { ...SHOES, title: `${SHOES.title} ${seller}` })
  await openDashboard(page)

  const title = `${SHOES.title} ${seller}`
  await page.getByRole('button', { name: `Actions for ${title}` }).click()
  await page.getByRole('menuitem', { name: `Preview ${title}` }).click()
  const preview = page.getByRole('dialog')
  await expect(preview.getByRole('term').filter({ hasText: /^Price$/ })).toBeVisible()
  await expect(preview.getByRole('definition').filter({ hasText: /^\$39\.99$/ })).toBeVisible()
  // The reference figures say what they are: never a "New price" that looks like what the item sells for.
  await expect(preview.getByText('New price', { exact: true })).toHaveCount(0)
  await expect(preview.getByRole('term').filter({ hasText: 'Retail price (new), for reference' })).toBeVisible()
  await expect(preview.getByRole('term').filter({ hasText: 'Median used price, for reference' })).toBeVisible()
  await preview.getByRole('button', { name: 'Close', exact: true }).click()

  await page.getByRole('button', { name: `Post to eBay: ${title}` }).click()
  const post = page.getByRole('dialog', { name: 'Post to eBay' })
  await expect(post.getByLabel('Price', { exact: true })).toHaveValue('39.99')
  await expect(post.getByText('Price: $39.99')).toBeVisible()
  // The seller has set the Price: the estimates are no help here any more.
  await expect(post.getByText(/For reference/)).toHaveCount(0)
  await expect(post.getByText('$70')).toHaveCount(0)
  // eBay's shoe categories ask for the US Shoe Size: the seller's Size 10 answers it.
  await expect(post.getByRole('listitem').filter({ hasText: 'US Shoe Size: 10' })).toBeVisible()
  await expect(post.getByLabel('US Shoe Size (missing)')).toHaveCount(0)

  for (const missing of await post.getByLabel(/\(missing\)$/).all()) {
    if (await missing.evaluate((element) => element.tagName === 'SELECT')) await missing.selectOption({ index: 1 })
    else await missing.fill('Nike')
  }
  await post.getByLabel('Ships from (ZIP code)').fill('95125')
  await post.getByRole('button', { name: 'Post to eBay', exact: true }).click()
  await expect(post.getByRole('link', { name: 'View on eBay' })).toBeVisible()
  // The success toast shows, and the dialog's controls stay in sight: the toast lies over none of them.
  const toast = page.getByRole('alert').filter({ hasText: 'Success' })
  // Where it comes to rest, once it has slid in.
  await expect(toast).toBeInViewport({ ratio: 1 })
  for (const control of [
    post.getByRole('button', { name: 'Close', exact: true }),
    post.getByRole('button', { name: 'Close dialog' }),
    post.getByRole('link', { name: 'View on eBay' }),
  ]) {
    expect(await apart(toast, control), `the toast covers ${await control.textContent()}`).toBe(true)
  }
  await post.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(post).toBeHidden()

  const admin = await browser.newPage({ viewport: { width: 390, height: 844 } })
  await signInThroughUi(admin, ADMIN.username)
  await admin.goto('/admin?tab=listings')
  const row = admin.getByRole('row', { name: new RegExp(seller) })
  await expect(row).toContainText('$39.99')
  await expect(row).not.toContainText('$70')
  await admin.close()
})
