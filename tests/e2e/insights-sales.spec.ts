// The Insights on a 390×844 phone (issue 47): a figure opens the sales behind it below the figures, the months and the
// marketplaces, out of sight; the opened list comes into view and takes the focus, so a screen reader is there too,
// each time a figure is opened.
import { expect, test, type Page } from '@playwright/test'
import { createListingThroughApi, registerThroughApi } from './helpers.ts'

test.use({ viewport: { width: 390, height: 844 } })

/** Whether the focus is in the element (the opened list or something in it). */
const holdsFocus = (page: Page, name: string) =>
  page.getByRole('region', { name }).evaluate((region) => region.contains(document.activeElement))

test('a figure opens its sales in view, with the focus on them', async ({ page }, testInfo) => {
  await registerThroughApi(page.request)
  const bowl = await createListingThroughApi(page, { title: 'Pyrex bowl', category: 'home', color: 'white', cost: 4 })
  const lamp = await createListingThroughApi(page, { title: 'Brass lamp', category: 'home', color: 'yellow', cost: 10 })
  for (const [listing, sale] of [
    [bowl, { quantity: 1, price: 25, fees: 3, where: 'Poshmark' }],
    [lamp, { quantity: 1, price: 40, where: 'Yard sale' }],
  ] as const) {
    const recorded = await page.request.post(`/api/listings/${listing.id}/sold-elsewhere`, { data: sale })
    expect(recorded.status(), await recorded.text()).toBe(200)
  }
  await page.goto('/insights')
  const profit = page.getByRole('button', { name: 'Profit $48.00 (open the sales)' })
  await profit.click()
  const sales = page.getByRole('region', { name: 'Every sale of the period' })
  await expect(sales.getByRole('listitem')).toHaveCount(2)
  await expect(sales.getByRole('heading', { name: 'Every sale of the period' })).toBeInViewport()
  expect(await holdsFocus(page, 'Every sale of the period')).toBe(true)
  await page.screenshot({ path: testInfo.outputPath('insights-sales-opened.png') })

  // Back up to the figures, and another opens in view in its turn.
  await page.evaluate(() => window.scrollTo(0, 0))
  const byMarketplace = page.getByRole('region', { name: 'By marketplace' })
  await byMarketplace.getByRole('button', { name: /^Elsewhere / }).click()
  const elsewhere = page.getByRole('region', { name: 'Sales on Elsewhere' })
  await expect(elsewhere.getByRole('heading', { name: 'Sales on Elsewhere' })).toBeInViewport()
  expect(await holdsFocus(page, 'Sales on Elsewhere')).toBe(true)
  // The same figure again, from the top: back in view.
  await page.evaluate(() => window.scrollTo(0, 0))
  await byMarketplace.getByRole('button', { name: /^Elsewhere / }).click()
  await expect(elsewhere.getByRole('heading', { name: 'Sales on Elsewhere' })).toBeInViewport()
})
