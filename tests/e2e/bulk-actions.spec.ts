// Bulk actions on a 390×844 phone (issue 31, docs/decisions/0038) against the eBay stand-in: three listings chosen (two
// live on eBay, one ready), their prices lowered by 10% with a $36 floor; the dialog shows the progress and the end
// (which listings the floor held, by name: issue 47), the rows show the new prices, and eBay has them. Offline,
// Change N… is disabled and says why.
import { expect, test, type Page } from '@playwright/test'
import { expectAccessible } from './axe.ts'
import { connectEbay, createListingThroughApi, expectNoSidewaysScroll, signUpThroughApi } from './helpers.ts'
import { FAKE_EBAY_PORT } from './ports.ts'
import { JACKET } from '../helpers/jacket.ts'

test.use({ viewport: { width: 390, height: 844 } })

const rowOf = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Your Listings' }).getByRole('listitem').filter({ hasText: title })

test('three listings lowered by 10% never below $36: progress, the new prices on the rows and on eBay', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000)
  await signUpThroughApi(page)
  const grant = await connectEbay(page)
  const jackets = [
    { ...JACKET, title: 'Trucker jacket A', askingPrice: 39.5 },
    { ...JACKET, title: 'Trucker jacket B', askingPrice: 50 },
    { ...JACKET, title: 'Trucker jacket C', askingPrice: 20 },
  ]
  const made = []
  for (const jacket of jackets) made.push(await createListingThroughApi(page, jacket))
  for (const listing of made.slice(0, 2)) {
    const posted = await page.request.post(`/api/listings/${listing.id}/post-to-ebay`, {
      data: { aspects: { Type: 'Jacket' }, postalCode: '95125' },
    })
    expect(posted.status(), await posted.text()).toBe(200)
  }
  await page.reload()
  const listings = page.getByRole('region', { name: 'Your Listings' })
  for (const jacket of jackets) await listings.getByRole('checkbox', { name: `Select ${jacket.title}` }).check()

  // Offline: the server makes the changes, so the button waits for the connection and says so.
  await context.setOffline(true)
  await expect(listings.getByRole('button', { name: 'Change 3…' })).toBeDisabled()
  await expect(
    listings.getByText('Posting or changing many listings at once, and labels, need a connection.'),
  ).toBeVisible()
  await context.setOffline(false)

  await listings.getByRole('button', { name: 'Change 3…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change 3 listings' })
  await expect(dialog.getByLabel('What to do')).toHaveValue('price')
  await dialog.getByLabel('Change', { exact: true }).selectOption('percent-down')
  await dialog.getByLabel('By (%)').fill('10')
  await dialog.getByLabel('Floor price ($)').fill('36')
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: '/tmp/bulk-action-form.png' })
  await expectAccessible(page, 'the bulk action dialog')
  await dialog.getByRole('button', { name: 'Change price: 3' }).click()

  const progress = page.getByRole('dialog', { name: 'Changing your listings' })
  // It may be done before the first look: either way it counts up to 3.
  await expect(progress.getByText(/^(Changing prices|Done): \d of 3$/)).toBeVisible()
  await expect(progress.getByText('Done: 3 of 3')).toBeVisible({ timeout: 20_000 })
  // The floor held two of them (A stopped at it, C already below it): the seller is told which (issue 47).
  await expect(progress.getByText('1 changed · 2 held at their floor.')).toBeVisible()
  const held = progress.getByRole('list', { name: 'Held at their floor' })
  await expect(held.getByRole('listitem')).toHaveText([
    'Trucker jacket ALowered only to the floor',
    'Trucker jacket CAt or below the floor already: left as it was',
  ])
  await page.screenshot({ path: '/tmp/bulk-action-done.png' })
  await progress.getByRole('button', { name: 'Close', exact: true }).click()

  // $39.50 less 10% stops at the $36 floor, $50 goes to $45, $20 is already below the floor.
  await expect(rowOf(page, 'Trucker jacket A')).toContainText('$36.00')
  await expect(rowOf(page, 'Trucker jacket B')).toContainText('$45.00')
  await expect(rowOf(page, 'Trucker jacket C')).toContainText('$20.00')
  await page.screenshot({ path: '/tmp/bulk-action-rows.png' })

  const { offers } = (await (
    await page.request.get(`http://127.0.0.1:${FAKE_EBAY_PORT}/__control/offers?state=${encodeURIComponent(grant)}`)
  ).json()) as { offers: { pricingSummary: { price: { value: string } } }[] }
  expect(offers.map((offer) => offer.pricingSummary.price.value).sort()).toEqual(['36.00', '45.00'])
})
