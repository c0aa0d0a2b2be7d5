// Offers & markdowns on a phone (issue 51, docs/decisions/0075): reached from Account, the rules checked where they are
// typed and saved, "What changes tomorrow" with nothing due yet, the whole screen within the phone's width; and a
// listing's floor on its edit screen from its cost, the fees and the rules, with the floor the seller types winning, and
// its markdowns paused; the offer rule (decision 0076) checked, saved and read back, and the offers so far.
import { expect, test } from '@playwright/test'
import { JACKET } from '../helpers/jacket.ts'
import { createListingThroughApi, signUpThroughApi } from './helpers.ts'

test.use({ viewport: { width: 390, height: 844 } })

test('the seller sets a minimum profit and a ladder, and sees a listing’s floor from its cost', async ({ page }) => {
  await signUpThroughApi(page)
  const listing = await createListingThroughApi(page, { ...JACKET, cost: 12 })

  await page.goto('/account')
  await page.getByRole('link', { name: 'Offers & markdowns' }).click()
  await expect(page.getByRole('heading', { name: 'Offers & markdowns', level: 1 })).toBeVisible()

  await page.getByLabel('Shipping you pay on a sale ($)').fill('1')
  await page.getByRole('switch', { name: 'Lower prices of listings that sit' }).click()
  await page.getByLabel('First cut (%)').fill('80')
  await page.getByRole('button', { name: 'Save rules' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'The first cut must be at most 50%' })).toBeVisible()
  await page.getByLabel('First cut (%)').fill('10')
  await page.getByRole('button', { name: 'Save rules' }).click()
  await expect(page.getByText('Rules saved.')).toBeVisible()

  const tomorrow = page.getByRole('region', { name: 'What changes tomorrow' })
  await expect(tomorrow.getByText('No price changes in the next run.')).toBeVisible()
  await expect(tomorrow.getByRole('button', { name: 'Apply now' })).toBeDisabled()
  await expect(page.getByRole('region', { name: 'Markdowns so far' }).getByText('None yet.')).toBeVisible()
  // Readable on the phone: nothing wider than its screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

  // $12 cost, $1 shipping and $5 profit: eBay's 13.6% + $0.40 makes it $21.30, above Etsy's.
  await page.goto(`/list-item?edit=${listing.id}`)
  const floor = page.getByRole('region', { name: 'Floor' })
  await expect(floor.getByText('$21.30: cost, fees, shipping and your minimum profit.')).toBeVisible()
  await floor.getByLabel('Your own floor ($)').fill('25')
  await floor.getByRole('button', { name: 'Set' }).click()
  await expect(floor.getByText('$25.00, the floor you typed.')).toBeVisible()
  const leaveOut = floor.getByRole('switch', { name: 'Leave out of markdowns' })
  await leaveOut.click()
  await expect(leaveOut).toBeChecked()
  await page.reload()
  await expect(
    page.getByRole('region', { name: 'Floor' }).getByRole('switch', { name: 'Leave out of markdowns' }),
  ).toBeChecked()
})

test('the seller sets offers to watchers, checked where typed, and sees the offers so far', async ({ page }) => {
  await signUpThroughApi(page)
  await page.goto('/pricing')
  await expect(page.getByRole('heading', { name: 'Offers & markdowns', level: 1 })).toBeVisible()

  await page.getByRole('switch', { name: 'Send offers to watchers on eBay' }).click()
  await page.getByLabel('Offer discount (%)').fill('4')
  await page.getByRole('button', { name: 'Save rules' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'The discount must be at least 5%' })).toBeVisible()
  await page.getByLabel('Offer discount (%)').fill('15')
  await page.getByLabel('Category').selectOption('clothing')
  await page.getByLabel('Title has one of (comma between)').fill('denim, jacket')
  await page.getByLabel('Message to watchers').fill('Thanks for watching: 15% off for two days.')
  await page.getByRole('button', { name: 'Save rules' }).click()
  await expect(page.getByText('Rules saved.')).toBeVisible()

  await page.reload()
  await expect(page.getByRole('switch', { name: 'Send offers to watchers on eBay' })).toBeChecked()
  await expect(page.getByLabel('Offer discount (%)')).toHaveValue('15')
  await expect(page.getByLabel('Title has one of (comma between)')).toHaveValue('denim, jacket')
  const history = page.getByRole('region', { name: 'Offers to watchers' })
  await expect(history.getByText('None yet.')).toBeVisible()
  await expect(history.getByText('Revenue')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})
