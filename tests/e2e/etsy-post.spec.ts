// Post to Etsy from a listing row on the phone (issue 29), beside Post to eBay in the row's menu (decision 0063): before a
// shop is connected the dialog offers to connect one, then it asks
// what Etsy needs (a Vintage listing proposes someone else; when it was made is the seller's to say for every item),
// says Etsy's fee, posts, and the row says Live on Etsy with its link; the seller's answers are proposed again for the
// next listing, all but when it was made (issue 47).
import { expect, test, type Page } from '@playwright/test'
import { connectEtsy, createListingThroughApi, expectNoSidewaysScroll, signUpThroughApi } from './helpers.ts'
import { FAKE_ETSY_PORT } from './ports.ts'

const FAKE_ETSY = `http://127.0.0.1:${FAKE_ETSY_PORT}`

const FEE = 'Etsy charges USD 0.20 per listing published or renewed; listings expire after four months.'
// What a listing needs beside its title and prices.
const CLOTHING = {
  brand: 'Pendleton',
  size: 'M',
  sizeType: 'Regular',
  department: 'Women',
  color: 'brown',
  category: 'clothing',
}
const VINTAGE = { ...CLOTHING, title: 'Vintage wool cardigan', type: 'Vintage', price: 60, askingPrice: 38 }
const TEES = { ...CLOTHING, title: 'Band tee bundle', price: 20, askingPrice: 12 }

const rowOf = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Your Listings' }).getByRole('listitem').filter({ hasText: title })

async function openRowMenu(page: Page, title: string) {
  await rowOf(page, title)
    .getByRole('button', { name: `Actions for ${title}` })
    .click()
  await expect(page.getByRole('menuitem', { name: `Preview ${title}` })).toBeVisible()
}

/** Screenshots of the dialog at the size of a common phone, when asked for (ETSY_SHOTS=1), to look at by eye. */
async function shot(page: Page, name: string) {
  if (!process.env.ETSY_SHOTS) return
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false })
}

test('Post to Etsy sits beside Post to eBay, and before a shop is connected its dialog offers to connect one', async ({
  page,
}) => {
  await signUpThroughApi(page)
  await createListingThroughApi(page, TEES)
  await page.reload()
  await openRowMenu(page, TEES.title)
  await expect(page.getByRole('menuitem')).toHaveText([
    'Preview',
    'Post to eBay',
    'Post to Etsy',
    'Post to Shopify',
    'Sell similar',
    'Sold elsewhere…',
    'Delete',
  ])
  await page.getByRole('menuitem', { name: `Post to Etsy: ${TEES.title}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Post to Etsy' })
  await expect(dialog.getByText('Etsy is not connected')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Connect with Etsy' })).toBeVisible()
  await expect(dialog.getByText(/Testing/)).toHaveCount(0)
})

test('post a Vintage listing to Etsy from its row: what Etsy needs, the fee, then Live on Etsy with its link', async ({
  page,
}) => {
  await signUpThroughApi(page)
  await connectEtsy(page)
  await createListingThroughApi(page, VINTAGE)
  await createListingThroughApi(page, TEES)
  await page.reload()

  await openRowMenu(page, VINTAGE.title)
  await page.getByRole('menuitem', { name: `Post to Etsy: ${VINTAGE.title}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Post to Etsy' })
  await expect(dialog.getByText(VINTAGE.title)).toBeVisible()
  await expect(dialog.getByText('Price: $38.00')).toBeVisible()
  await expect(dialog.getByText('Quantity: 1')).toBeVisible()
  await expect(dialog.getByText(FEE)).toBeVisible()
  await expect(dialog.getByText('Etsy category: Clothing')).toBeVisible()
  // Vintage: someone else made it; when, at least 20 years ago, the seller says.
  await expect(dialog.getByLabel('Who made it?')).toHaveValue('someone_else')
  await expect(dialog.getByLabel('When was it made?')).toHaveValue('')
  await expect(dialog.getByLabel('Shipping profile')).toHaveValue('5001')
  await expect(dialog.getByLabel('Processing profile').locator('option:checked')).toHaveText('Ready to ship, 1–3 days')
  await expect(
    dialog.getByText('Still to answer for Etsy: when it was made, whether it is a finished product or a supply.'),
  ).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Post to Etsy' })).toBeDisabled()
  await shot(page, 'etsy-dialog-asks')
  await dialog.getByText(FEE).scrollIntoViewIfNeeded()
  await shot(page, 'etsy-dialog-fee')
  await expectNoSidewaysScroll(page)

  await dialog.getByLabel('When was it made?').selectOption({ label: '1970s' })
  await dialog.getByLabel('What is it?').selectOption({ label: 'A finished product' })
  await dialog.getByRole('button', { name: 'Post to Etsy' }).click()
  await expect(dialog.getByText('Your listing is live on Etsy.')).toBeVisible()
  await expect(dialog.getByRole('link', { name: 'View on Etsy' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.etsy\.com\/listing\/\d+$/,
  )
  await shot(page, 'etsy-dialog-posted')
  await dialog.getByRole('button', { name: 'Close', exact: true }).click()

  const row = rowOf(page, VINTAGE.title)
  // Live (issue 48): the row's status and its Etsy line both say so.
  await expect(row.getByText('Live on Etsy')).toHaveCount(2)
  await expect(row.getByRole('status').filter({ hasText: 'Live on Etsy' })).toBeVisible()
  await expect(row.getByRole('link', { name: `View on Etsy: ${VINTAGE.title}` })).toHaveAttribute(
    'href',
    /^https:\/\/www\.etsy\.com\/listing\/\d+$/,
  )
  // eBay's side of the row is as it was: not on eBay, so Post to eBay is still offered.
  await expect(row.getByRole('button', { name: `Post to eBay: ${VINTAGE.title}` })).toBeVisible()
  // On Etsy now: its menu offers End on Etsy where Post to Etsy was, eBay's Post still beside it (decision 0063).
  await openRowMenu(page, VINTAGE.title)
  await expect(page.getByRole('menuitem')).toHaveText([
    'Preview',
    'Post to eBay',
    'Post to Shopify',
    'End on Etsy',
    'Sell similar',
    'Sold elsewhere…',
    'Delete',
  ])
  await page.keyboard.press('Escape')

  // The next listing proposes the seller's answers again; when this one was made is asked again.
  await openRowMenu(page, TEES.title)
  await page.getByRole('menuitem', { name: `Post to Etsy: ${TEES.title}` }).click()
  const next = page.getByRole('dialog', { name: 'Post to Etsy' })
  await expect(next.getByLabel('Who made it?')).toHaveValue('someone_else')
  await expect(next.getByLabel('What is it?')).toHaveValue('false')
  await expect(next.getByLabel('When was it made?')).toHaveValue('')
  await expect(next.getByRole('button', { name: 'Post to Etsy' })).toBeDisabled()
  await next.getByLabel('When was it made?').selectOption({ label: '1990s' })
  await expect(next.getByRole('button', { name: 'Post to Etsy' })).toBeEnabled()

  // Its category is found by typing what it is, with Etsy's path, and goes to Etsy.
  await next.getByRole('button', { name: 'Change' }).click()
  await next.getByLabel('Find an Etsy category').fill('tees')
  await next.getByRole('button', { name: 'Clothing › Shirts & Tees' }).click()
  await expect(next.getByText('Etsy category: Clothing › Shirts & Tees')).toBeVisible()
  await next.getByRole('button', { name: 'Post to Etsy' }).click()
  await expect(next.getByText('Your listing is live on Etsy.')).toBeVisible()
  const { listings } = (await (
    await page.request.get(`${FAKE_ETSY}/__control/listings?title=${encodeURIComponent(TEES.title)}`)
  ).json()) as { listings: { taxonomy_id: number }[] }
  expect(listings.map((held) => held.taxonomy_id)).toContain(11)
})
