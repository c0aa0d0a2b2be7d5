// The tax year on a 390×844 phone (issue 52): from the Insights to the Tax year, an expense with a photo of its receipt,
// a drive from two odometer readings at the rate the seller sets, and the summary by Schedule C's lines showing the same
// figures as GET /api/tax-years/{year}, its CSV, and its print layout; a category's total opens its expenses, a sales
// figure its sales. The haul screen offers to log the drive to the haul. An expense added with no signal waits on the
// phone and is saved once when signal returns; a drive logged wrong is changed.
import { expect, test, type Locator } from '@playwright/test'
import type { ExpensesPage } from '../../api/contract/expenses.ts'
import type { TaxYear } from '../../api/contract/tax-year.ts'
import type { TripsPage } from '../../api/contract/trips.ts'
import { csvRecords } from '../helpers/csv.ts'
import { solidJpeg } from '../helpers/images.ts'
import { createListingThroughApi, signUpThroughApi } from './helpers.ts'

test.use({ viewport: { width: 390, height: 844 } })

/** As a person writes it: -$18.65 for a loss. */
const dollars = (cents: number) =>
  `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`

test('an expense with its receipt and a drive: the year adds up the same on the screen, in the CSV and in print', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  const year = new Date().getFullYear()
  await signUpThroughApi(page, 'taxyear')
  const bowls = await createListingThroughApi(page, {
    title: 'Pyrex bowls',
    category: 'home',
    color: 'white',
    cost: 4,
    quantity: 2,
    boughtAt: `${year}-01-05`,
  })
  const sold = await page.request.post(`/api/listings/${bowls.id}/sold-elsewhere`, {
    data: { quantity: 1, price: 25, fees: 3, where: 'Flea market' },
  })
  expect(sold.status(), await sold.text()).toBe(200)

  await page.goto('/insights')
  await page.getByRole('link', { name: 'Tax year' }).click()
  await expect(page.getByRole('heading', { name: 'Tax year' })).toBeVisible()

  // An expense, with the receipt photographed.
  await page.getByRole('tab', { name: 'Expenses' }).click()
  const form = page.getByRole('form', { name: 'Add an expense' })
  await form.getByRole('button', { name: 'Add expense' }).click()
  await expect(form.getByText('Amount is required')).toBeVisible()
  // Typed wrong at first (32.45), changed below.
  await form.getByLabel('Amount').fill('32.45')
  await form.getByLabel('Category').selectOption('packaging')
  await form.getByLabel('Where').fill('Uline')
  await form.getByLabel('Photo of the receipt').setInputFiles({
    name: 'receipt.jpg',
    mimeType: 'image/jpeg',
    buffer: await solidJpeg({ r: 240, g: 240, b: 230 }),
  })
  await form.getByRole('button', { name: 'Add expense' }).click()
  const expenses = page.getByRole('region', { name: 'Expenses' })
  await expect(expenses.getByRole('heading', { name: `Expenses, ${year}: $32.45` })).toBeVisible()
  // The typo mended: the form opens on the expense, the receipt stays with it.
  await expenses.getByRole('button', { name: /^Change the expense of \$32\.45/ }).click()
  const change = page.getByRole('form', { name: 'Change the expense' })
  await expect(change.getByLabel('Where')).toHaveValue('Uline')
  await expect(change.getByLabel('Category')).toHaveValue('packaging')
  await change.getByLabel('Amount').fill('23.45')
  await change.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('form', { name: 'Add an expense' })).toBeVisible()
  await expect(expenses.getByRole('heading', { name: `Expenses, ${year}: $23.45` })).toBeVisible()
  await expect(
    expenses.getByRole('listitem').filter({ hasText: 'Uline' }).getByRole('link', { name: 'Receipt' }),
  ).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('tax-year-expenses.png'), fullPage: true })

  // A drive from the odometer, at the rate the seller sets.
  await page.getByRole('tab', { name: 'Mileage' }).click()
  const drive = page.getByRole('form', { name: 'Log a drive' })
  await drive.getByLabel('Purpose').fill('Estate sales')
  await drive.getByLabel('Odometer at the start').fill('1000')
  await drive.getByLabel('Odometer at the end').fill('1018.2')
  await drive.getByRole('button', { name: 'Add drive' }).click()
  const mileage = page.getByRole('region', { name: 'Mileage' })
  await expect(mileage.getByText('Estate sales · 18.2 mi')).toBeVisible()
  await mileage.getByLabel(/^Your rate for/).fill('72.5')
  await mileage.getByRole('button', { name: 'Set rate' }).click()
  // 18.2 miles at 72.5¢ = $13.195, rounded once.
  await expect(mileage.getByText('18.2 mi at 72.5¢ a mile: $13.20')).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('tax-year-mileage.png'), fullPage: true })

  // The summary: every Schedule C line as the API and the CSV have it.
  await page.getByRole('tab', { name: 'Summary' }).click()
  const summary = (await (await page.request.get(`/api/tax-years/${year}`)).json()) as TaxYear
  expect(summary.grossReceiptsCents).toBe(2500)
  expect(summary.netProfitCents).toBe(2500 - 400 - 1320 - 2345 - 300)
  // The byte order mark (for Excel) is the file's, not the first column's name.
  const csvText = await (await page.request.get(`/api/exports/tax-year/${year}.csv`)).text()
  const csv = csvRecords(csvText.replace(/^\uFEFF/, ''))
  const scheduleC = page.getByRole('region', { name: 'Schedule C' })
  for (const row of summary.scheduleC) {
    await expect(scheduleC.getByRole('listitem').filter({ hasText: row.label })).toContainText(dollars(row.cents))
    expect(csv.find((record) => record.Section === 'Schedule C' && record.Item === row.label)?.Amount).toBe(
      (row.cents / 100).toFixed(2),
    )
  }
  await page.screenshot({ path: testInfo.outputPath('tax-year-summary.png'), fullPage: true })

  // Printed (the browser's Save as PDF): the same lines, without the screen's controls.
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('link', { name: 'Download CSV' })).toBeHidden()
  await expect(scheduleC.getByRole('listitem').filter({ hasText: 'Net profit' })).toContainText(
    dollars(summary.netProfitCents),
  )
  await page.screenshot({ path: testInfo.outputPath('tax-year-print.png'), fullPage: true })
  await page.emulateMedia({ media: 'screen' })

  // A category's total opens its expenses.
  await page.getByRole('button', { name: /Packaging \(open the expenses\)/ }).click()
  await expect(page.getByRole('region', { name: 'Expenses' }).getByLabel('Category')).toHaveValue('packaging')
})

test('the haul screen offers to log the drive, which is kept with the haul', async ({ page }) => {
  const year = new Date().getFullYear()
  await signUpThroughApi(page, 'haulmiles')
  await page.goto('/haul')
  await page.getByRole('link', { name: 'Log the drive for this haul' }).click()
  await expect(page.getByRole('tab', { name: 'Mileage' })).toHaveAttribute('aria-selected', 'true')
  const drive = page.getByRole('form', { name: 'Log a drive' })
  await expect(drive.getByText('For the haul you were photographing.')).toBeVisible()
  await drive.getByLabel('Purpose').fill('Goodwill outlet')
  await drive.getByLabel('Miles').fill('12.4')
  await drive.getByRole('button', { name: 'Add drive' }).click()
  await expect(page.getByRole('region', { name: 'Mileage' }).getByText('· for a haul')).toBeVisible()
  const trips = (await (await page.request.get(`/api/trips?year=${year}`)).json()) as TripsPage
  expect(trips.trips).toEqual([expect.objectContaining({ milesTenths: 124, haulId: expect.any(String) })])
})

/** A sum as the screen writes it ("$1,043.50"), in cents. */
const centsOf = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100)

/** The amount each listed sale ends with: its part of the figure opened. */
const partsOf = (sales: Locator) =>
  sales.getByRole('listitem').evaluateAll((rows) => rows.map((row) => row.lastElementChild?.textContent ?? ''))

test('a sales figure of the year opens the sales behind it, and they add up to it', async ({ page }, testInfo) => {
  const year = new Date().getFullYear()
  await signUpThroughApi(page, 'taxsales')
  const lamps = await createListingThroughApi(page, {
    title: 'Brass lamp',
    category: 'home',
    color: 'white',
    cost: 6,
    quantity: 3,
    boughtAt: `${year}-01-05`,
  })
  for (const data of [
    { quantity: 1, price: 25, fees: 3.1, where: 'Flea market' },
    { quantity: 2, price: 18.45, fees: 2.05, where: 'Yard sale' },
  ]) {
    const sold = await page.request.post(`/api/listings/${lamps.id}/sold-elsewhere`, { data })
    expect(sold.status(), await sold.text()).toBe(200)
  }
  await page.goto('/tax-year')
  const marketplaces = page.getByRole('region', { name: 'Sales by marketplace' })
  const gross = marketplaces.getByRole('button', { name: /Gross receipts \(3 sold\)/ })
  // 25 + 2 × 18.45.
  await expect(gross).toContainText('$61.90')
  await gross.click()
  const grossSales = page.getByRole('region', { name: 'Gross receipts on Elsewhere' })
  await expect(grossSales.getByRole('listitem')).toHaveCount(2)
  const parts = await partsOf(grossSales)
  expect(parts.reduce((sum, part) => sum + centsOf(part), 0)).toBe(6190)
  await expect(grossSales).toBeFocused()
  await page.screenshot({ path: testInfo.outputPath('tax-year-sales-behind.png') })

  // The fees, and Schedule C's cost of goods: each opens its sales, whose parts add up to the figure shown.
  for (const [figure, title] of [
    [marketplaces.getByRole('button', { name: /^Fees/ }), 'Fees on Elsewhere'],
    [
      page.getByRole('region', { name: 'Schedule C' }).getByRole('button', { name: /Cost of goods sold/ }),
      'The sales behind line 4, Cost of goods sold',
    ],
  ] as const) {
    const shown = centsOf((await figure.locator('span.tabular-nums').textContent())!)
    await figure.click()
    const sales = page.getByRole('region', { name: title })
    await expect(sales.getByRole('listitem')).toHaveCount(2)
    expect((await partsOf(sales)).reduce((sum, part) => sum + centsOf(part), 0)).toBe(shown)
  }
  // 3.10 + 2.05 in fees, three lamps at 6.00.
  const summary = (await (await page.request.get(`/api/tax-years/${year}`)).json()) as TaxYear
  expect([summary.feesCents, summary.cogs.cogsCents]).toEqual([515, 1800])
})

test('a drive logged with the wrong miles is changed, and the deduction with it', async ({ page }, testInfo) => {
  const year = new Date().getFullYear()
  await signUpThroughApi(page, 'tripfix')
  await page.goto('/tax-year')
  await page.getByRole('tab', { name: 'Mileage' }).click()
  const mileage = page.getByRole('region', { name: 'Mileage' })
  await mileage.getByLabel(/^Your rate for/).fill('70')
  await mileage.getByRole('button', { name: 'Set rate' }).click()
  await expect(mileage.getByText(/at 70¢ a mile: \$0\.00/)).toBeVisible()
  // 120 miles typed for 12.
  const drive = page.getByRole('form', { name: 'Log a drive' })
  await drive.getByLabel('Purpose').fill('Thrift stores')
  await drive.getByLabel('Miles').fill('120')
  await drive.getByRole('button', { name: 'Add drive' }).click()
  await expect(mileage.getByText('120.0 mi at 70¢ a mile: $84.00')).toBeVisible()

  await mileage.getByRole('button', { name: /^Change the drive of 120\.0 mi/ }).click()
  const change = page.getByRole('form', { name: 'Change the drive' })
  await expect(change.getByLabel('Purpose')).toHaveValue('Thrift stores')
  await expect(change.getByLabel('Miles')).toHaveValue('120.0')
  await change.getByLabel('Miles').fill('12')
  await change.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('form', { name: 'Log a drive' })).toBeVisible()
  await expect(mileage.getByText('12.0 mi at 70¢ a mile: $8.40')).toBeVisible()
  await expect(mileage.getByText('Thrift stores · 12.0 mi')).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('tax-year-drive-changed.png'), fullPage: true })
  const trips = (await (await page.request.get(`/api/trips?year=${year}`)).json()) as TripsPage
  expect(trips.trips.map((trip) => trip.milesTenths)).toEqual([120])
  expect(trips.deductionCents).toBe(840)
})

test('an expense with its receipt added with no signal waits on the phone, then is saved once', async ({
  page,
  context,
}, testInfo) => {
  const year = new Date().getFullYear()
  await signUpThroughApi(page, 'offlinereceipt')
  // The app as a phone that has it keeps it: its service worker in charge of the page.
  await page.goto('/tax-year')
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.reload()
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
  await page.getByRole('tab', { name: 'Expenses' }).click()
  const expenses = page.getByRole('region', { name: 'Expenses' })
  await expect(expenses.getByText('No expenses found.')).toBeVisible()

  await context.setOffline(true)
  const form = page.getByRole('form', { name: 'Add an expense' })
  await form.getByLabel('Amount').fill('14.20')
  await form.getByLabel('Category').selectOption('supplies')
  await form.getByLabel('Where').fill('Dollar Tree')
  await form.getByLabel('Photo of the receipt').setInputFiles({
    name: 'receipt.jpg',
    mimeType: 'image/jpeg',
    buffer: await solidJpeg({ r: 250, g: 248, b: 240 }),
  })
  await form.getByRole('button', { name: 'Add expense' }).click()
  const waiting = expenses.getByRole('list', { name: 'Not synced yet' })
  await expect(waiting.getByRole('listitem')).toContainText('Supplies · $14.20')
  await expect(waiting.getByRole('listitem')).toContainText('Dollar Tree · receipt')
  await expect(waiting.getByText('Waiting to sync')).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('tax-year-expense-offline.png'), fullPage: true })
  const serverExpenses = async () =>
    ((await (await page.request.get(`/api/expenses?year=${year}`)).json()) as ExpensesPage).expenses
  expect(await serverExpenses()).toEqual([])

  // Signal again: the outbox sends it, and it shows among the expenses kept, its receipt with it.
  await context.setOffline(false)
  await expect(waiting).toBeHidden()
  await expect(expenses.getByRole('heading', { name: `Expenses, ${year}: $14.20` })).toBeVisible()
  await expect(
    expenses.getByRole('listitem').filter({ hasText: 'Dollar Tree' }).getByRole('link', { name: 'Receipt' }),
  ).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('tax-year-expense-synced.png'), fullPage: true })
  const saved = await serverExpenses()
  expect(saved).toEqual([expect.objectContaining({ amountCents: 1420, place: 'Dollar Tree' })])
  expect(saved[0]!.receiptUrl).toBeTruthy()
  // Nothing left to send: a reload shows the one expense, and nothing waiting.
  await page.reload()
  await page.getByRole('tab', { name: 'Expenses' }).click()
  await expect(expenses.getByRole('listitem')).toHaveCount(1)
  expect(await serverExpenses()).toHaveLength(1)
})
