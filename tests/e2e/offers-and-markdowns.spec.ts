// Offers & markdowns on a phone (issue 51, docs/decisions/0075): reached from Account, the rules checked where they are
// typed and saved, "What changes tomorrow" with nothing due yet, the whole screen within the phone's width; and a
// listing's floor on its edit screen from its cost, the fees and the rules, with the floor the seller types winning, and
// its markdowns paused; the offer rule (decision 0076) checked, saved and read back, and the offers so far; stale items
// named on the Dashboard and what the markdowns sold (decision 0080).
import { expect, test } from '@playwright/test'
import type { MarkdownRun, PriceRulesView, StaleListings } from '../../api/contract/price-rules.ts'
import { JACKET } from '../helpers/jacket.ts'
import { createListingThroughApi, expectNoSidewaysScroll, signUpThroughApi } from './helpers.ts'

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

// Being live 30 days and what a markdown sold need a month to pass: the server's answers are played here, in the
// shapes the API tests check (tests/api/pricing/stale.test.ts, markdown-results.test.ts).
test('the Dashboard names stale items, and the markdowns’ history says what they sold', async ({ page }) => {
  await signUpThroughApi(page)
  const listing = await createListingThroughApi(page, { ...JACKET, title: 'Trucker jacket, light wash' })
  const stale: StaleListings = {
    afterDays: 30,
    count: 12,
    more: false,
    listings: [
      { id: listing.id as number, title: 'Trucker jacket, light wash', price: 39.5, daysLive: 64 },
      { id: 2, title: 'Pyrex mixing bowl, butterprint', price: 24, daysLive: 51 },
      { id: 3, title: 'Brass desk lamp', price: 45, daysLive: 40 },
    ],
  }
  await page.route('**/api/price-rules/stale', (route) => route.fulfill({ json: stale }))
  await page.goto('/')
  const notice = page.getByRole('region', { name: '12 items with no sale in 30 days' })
  await expect(notice.getByRole('link', { name: 'Brass desk lamp' })).toBeVisible()
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: 'test-results/dashboard-stale-phone.png' })
  await notice.getByRole('link', { name: 'Trucker jacket, light wash' }).click()
  await expect(page).toHaveURL(new RegExp(`/list-item\\?edit=${listing.id}$`))
  await page.goBack()

  const change = (toCents: number) => ({
    listingId: listing.id as number,
    title: 'Trucker jacket, light wash',
    step: 1,
    fromCents: 3950,
    toCents,
    floorCents: 2940,
    atFloor: false,
  })
  const runs: MarkdownRun[] = [
    { id: 2, ranAt: '2026-12-07T06:00:00Z', undoneAt: null, changes: [change(3555)], sold: 1, revenueCents: 3555 },
    { id: 1, ranAt: '2026-12-06T06:00:00Z', undoneAt: null, changes: [change(3160)], sold: 0, revenueCents: 0 },
  ]
  await page.route('**/api/price-rules', async (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({
          json: {
            ...((await (await route.fetch()).json()) as PriceRulesView),
            runs,
            results: { sold: 1, revenueCents: 3555 },
          },
        })
      : route.continue(),
  )
  await page.getByRole('region', { name: '12 items with no sale in 30 days' }).getByRole('link').last().click()
  const history = page.getByRole('region', { name: 'Markdowns so far' })
  await expect(history.getByText('1 sold · $35.55')).toBeVisible()
  await expect(history.getByText('None sold at these prices yet')).toBeVisible()
  await expect(history.getByRole('definition').nth(2)).toHaveText('$35.55')
  await expectNoSidewaysScroll(page)
  await history.scrollIntoViewIfNeeded()
  await page.screenshot({ path: 'test-results/pricing-history-phone.png' })
})
