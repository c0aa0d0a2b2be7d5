// The tax year on a 390×844 phone (issue 52): from the Insights to the Tax year, an expense with a photo of its receipt,
// a drive from two odometer readings at the rate the seller sets, and the summary by Schedule C's lines showing the same
// figures as GET /api/tax-years/{year}, its CSV, and its print layout; a category's total opens its expenses. The haul
// screen offers to log the drive to the haul.
import { expect, test } from '@playwright/test'
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
