// Etsy's answers on a 390×844 phone (issue 47): Etsy lets a shop sell what someone else made only when it is vintage
// (at least 20 years old) or a craft supply, so "Another company or person" with a recent "When was it made?" is warned
// about and refused (by the server too), and "When was it made?" is asked for each item: the last item's answer is
// never carried over to the next.
import { expect, test, type Page } from '@playwright/test'
import { connectEtsy, createListingThroughApi, expectNoSidewaysScroll, signUpThroughApi } from './helpers.ts'

test.use({ viewport: { width: 390, height: 844 } })

const CLOTHING = { size: 'M', sizeType: 'Regular', department: 'Women', color: 'brown', category: 'clothing' }
const CARDIGAN = {
  ...CLOTHING,
  brand: 'Pendleton',
  title: 'Vintage wool cardigan',
  type: 'Vintage',
  price: 60,
  askingPrice: 38,
}
const FLEECE = { ...CLOTHING, brand: 'Patagonia', title: 'Patagonia Better Sweater fleece', price: 40, askingPrice: 45 }

/** Etsy's vintage line this year: made in this year less 20 or earlier. */
const VINTAGE_YEAR = new Date().getFullYear() - 20

async function openPostToEtsy(page: Page, title: string) {
  const row = page.getByRole('region', { name: 'Your Listings' }).getByRole('listitem').filter({ hasText: title })
  await row.getByRole('button', { name: `Actions for ${title}` }).click()
  await page.getByRole('menuitem', { name: `Post to Etsy: ${title}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Post to Etsy' })
  await expect(dialog.getByLabel('When was it made?')).toBeVisible()
  return dialog
}

test('a recent item someone else made is refused for Etsy, and When was it made is asked for every item', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000)
  await signUpThroughApi(page)
  await connectEtsy(page)
  await createListingThroughApi(page, CARDIGAN)
  const fleece = await createListingThroughApi(page, FLEECE)
  await page.reload()

  // The Vintage cardigan: someone else made it, but when is the seller's to say.
  const first = await openPostToEtsy(page, CARDIGAN.title)
  await expect(first.getByLabel('Who made it?')).toHaveValue('someone_else')
  await expect(first.getByLabel('When was it made?')).toHaveValue('')
  await expect(first.getByText(`Vintage on Etsy means made in ${VINTAGE_YEAR} or earlier.`)).toBeVisible()
  await first.getByLabel('When was it made?').selectOption({ label: '1990s' })
  await first.getByLabel('What is it?').selectOption({ label: 'A finished product' })
  await first.getByRole('button', { name: 'Post to Etsy' }).click()
  await expect(first.getByText('Your listing is live on Etsy.')).toBeVisible()
  await first.getByRole('button', { name: 'Close', exact: true }).click()

  // The modern fleece: who made it and what it is are proposed again, when it was made is not.
  const next = await openPostToEtsy(page, FLEECE.title)
  await expect(next.getByLabel('Who made it?')).toHaveValue('someone_else')
  await expect(next.getByLabel('What is it?')).toHaveValue('false')
  await expect(next.getByLabel('When was it made?')).toHaveValue('')
  await expect(next.getByText('Still to answer for Etsy: when it was made.')).toBeVisible()
  await expect(next.getByRole('button', { name: 'Post to Etsy' })).toBeDisabled()

  // Made 2020–2025 by someone else, a finished product: Etsy does not allow it, and the dialog says so before posting.
  await next.getByLabel('When was it made?').selectOption({ label: '2020–2025' })
  const warning = next.getByRole('alert').filter({ hasText: 'Etsy allows' })
  await expect(warning).toContainText(
    `Etsy allows items someone else made only when they are vintage (made in ${VINTAGE_YEAR} or earlier) or craft supplies.`,
  )
  await expect(next.getByRole('button', { name: 'Post to Etsy' })).toBeDisabled()
  await warning.scrollIntoViewIfNeeded()
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: testInfo.outputPath('etsy-not-vintage.png') })

  // The server refuses it too, in words a seller understands.
  const refused = await page.request.post(`/api/listings/${fleece.id}/post-to-etsy`, {
    data: { whoMade: 'someone_else', whenMade: '2020_2025', isSupply: false },
  })
  expect(refused.status()).toBe(400)
  const body = (await refused.json()) as { code: string; message: string; fields: Record<string, string> }
  expect(body.code).toBe('etsy_not_allowed')
  expect(body.message).toContain(`made in ${VINTAGE_YEAR} or earlier`)
  expect(body.fields.whenMade).toBeTruthy()

  // Made by the seller: Etsy's handmade, any year; the warning goes and the post can go.
  await next.getByLabel('Who made it?').selectOption({ label: 'I did' })
  await expect(warning).toHaveCount(0)
  await expect(next.getByRole('button', { name: 'Post to Etsy' })).toBeEnabled()
})
