// A double sale in the books, on a 390×844 phone (issue 47, docs/decisions/0056): one piece in stock sells on the eBay
// and the Etsy stand-ins within a second. The sale read second cannot ship: its toast is a warning, not a green "Sold",
// and it is "to cancel": out of What it earned, the Insights and the sales CSV (which says so) until the seller settles
// it. Sorted out (cancelled, or settled with the buyer) keeps it out.
import { expect, test, type Page } from '@playwright/test'
import { csvRecords } from '../helpers/csv.ts'
import { expectAccessible } from './axe.ts'
import { liveOnBoth } from './live-on-both.ts'

test.use({ viewport: { width: 390, height: 844 } })

// The Dashboard asks for the sales to be read when it opens, at most one per 15 s: the test's own read comes after.
const DASHBOARD_REFRESH_DONE_MS = 16_000

async function salesCsv(page: Page) {
  const response = await page.request.get('/api/exports/sales.csv')
  expect(response.status()).toBe(200)
  return csvRecords(await response.text())
}

test('the order that cannot ship is a warning, to cancel, and out of what it earned, the Insights and the CSV', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const title = 'One-off wool peacoat'
  const item = await liveOnBoth(page, title, 1)
  await expect(item.row.getByText('Live on Etsy')).toBeVisible()
  await page.waitForTimeout(DASHBOARD_REFRESH_DONE_MS)
  await item.sellOnEbay()
  await item.sellOnEtsy()
  expect((await page.request.post('/api/sales/refresh')).status()).toBe(202)

  // The open Dashboard hears of both sales on its stream: the second is the warning, never a green Sold.
  const warning = page.locator('.Toastify__toast--warning')
  await expect(warning).toContainText(`Sold twice: ${title}`, { timeout: 90_000 })
  await expect(warning).toContainText('no piece left to send')
  await page.screenshot({ path: 'test-results/sold-twice-toast-phone.png' })
  const alert = item.row.getByRole('alert')
  await expect(alert).toContainText('Sold twice:')
  const extra = /(eBay order|Etsy receipt) [\w-]+/.exec((await alert.innerText()).split('has no piece left')[0]!)![0]
  const extraOn = extra.startsWith('eBay') ? 'eBay' : 'Etsy'
  await expect(page.locator('.Toastify__toast--success').filter({ hasText: `on ${extraOn}` })).toHaveCount(0)

  // What it earned: the sale that shipped, with its cost once; the extra order to cancel, counted nowhere.
  await item.row.getByText('What it earned').click()
  const sales = item.row.getByRole('group', { name: /^Sold 1 on / })
  await expect(sales).toHaveCount(2)
  const toCancel = sales.filter({ hasText: 'To cancel' })
  await expect(toCancel).toHaveCount(1)
  await expect(toCancel).toContainText(`Sold 1 on ${extraOn}`)
  await expect(toCancel).toContainText('not counted until you sort it out')
  await expect(toCancel.getByText('Profit')).toHaveCount(0)
  await expect(sales.filter({ hasText: 'Profit' })).toHaveCount(1)
  await expect(item.row.getByText('−$12.00')).toHaveCount(1)
  await item.row.getByRole('alert').scrollIntoViewIfNeeded()
  await expectAccessible(page, 'a row sold twice, with what it earned open')
  await page.screenshot({ path: 'test-results/sold-twice-earned-phone.png' })

  // The sales CSV: one row counted, the other marked and counted as nothing.
  const rows = await salesCsv(page)
  expect(rows).toHaveLength(2)
  const marked = rows.find((row) => row.Marketplace === extraOn)!
  const counted = rows.find((row) => row.Marketplace !== extraOn)!
  expect(counted).toMatchObject({ Quantity: '1', Sale: '39.50', Cost: '12.00', Status: 'Sold' })
  expect(marked).toMatchObject({ Quantity: '0', Sale: '0.00', Fees: '0.00', Cost: '0.00', Profit: '0.00' })
  expect(marked.Status).toBe('To cancel')

  // The Insights: one item sold, its revenue once, and a word on the sale left out.
  await page.goto('/insights')
  await expect(page.getByRole('button', { name: 'Items sold 1 (open the sales)' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Revenue $39.50 (open the sales)' })).toBeVisible()
  await expect(page.getByText('1 sale sold a piece you no longer had')).toBeVisible()
  await expect(page.getByRole('region', { name: 'By marketplace' })).toContainText('1 to cancel')
  await page.screenshot({ path: 'test-results/sold-twice-insights-phone.png', fullPage: true })

  // Sorted out (the extra order cancelled): the alert goes, and the books stay as they were.
  await page.goto('/')
  await item.row.getByRole('alert').getByRole('button', { name: 'I have sorted it out' }).click()
  await expect(item.row.getByRole('alert')).toHaveCount(0)
  expect((await salesCsv(page)).find((row) => row.Marketplace === extraOn)).toMatchObject({
    Profit: '0.00',
    Status: 'Cancelled',
  })
  await page.goto('/insights')
  await expect(page.getByRole('button', { name: 'Items sold 1 (open the sales)' })).toBeVisible()
  await expect(page.getByText('1 sale sold a piece you no longer had')).toHaveCount(0)
})
