// Import from eBay while eBay is not answering, on a 390×844 phone (issue 47, docs/decisions/0037): the card says so in
// words and offers Retry rather than "Importing… Imported 0" with nothing else; once eBay answers again, Retry goes on
// and the listings arrive.
import { expect, test } from '@playwright/test'
import { FAKE_EBAY_PORT } from './ports.ts'
import { connectEbay, signUpThroughApi } from './helpers.ts'

test.use({ viewport: { width: 390, height: 844 } })

const FAKE_EBAY = `http://127.0.0.1:${FAKE_EBAY_PORT}`

test('eBay not answering: the import says so and offers Retry, which brings the listings once eBay is back', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000)
  await signUpThroughApi(page)
  const grant = await connectEbay(page)
  const seeded = await page.request.post(`${FAKE_EBAY}/__control/seed-live`, {
    data: { state: grant, inventory: 2, trading: 1, pictures: 1 },
  })
  expect(seeded.status()).toBe(200)
  // eBay is down for this seller's calls, every API.
  expect((await page.request.put(`${FAKE_EBAY}/__control/trouble`, { data: { state: grant, status: 503 } })).ok()).toBe(
    true,
  )

  await page.goto('/')
  const card = page.getByLabel('Import from eBay', { exact: true }).first()
  const start = page.getByRole('button', { name: 'Import from eBay' })
  await start.scrollIntoViewIfNeeded()
  await start.click()
  await expect(card.getByText("eBay isn't answering; we'll keep trying.")).toBeVisible({ timeout: 20_000 })
  const retry = card.getByRole('button', { name: 'Retry now' })
  await expect(retry).toBeEnabled()
  await card.scrollIntoViewIfNeeded()
  await page.screenshot({ path: testInfo.outputPath('import-ebay-down.png') })
  // What the phone reads says it too, for any screen that asks.
  const status = (await (await page.request.get('/api/ebay/import')).json()) as { status: string; message: string }
  expect(status).toMatchObject({ status: 'running', message: "eBay isn't answering; we'll keep trying." })

  // eBay answers again: Retry goes on at once, and the listings arrive.
  await page.request.put(`${FAKE_EBAY}/__control/trouble`, { data: { state: grant, status: null } })
  await retry.click()
  await expect(card.getByRole('status').filter({ hasText: /^Imported/ })).toHaveText('Imported 3 of 3', {
    timeout: 30_000,
  })
  await expect(card.getByText(/^Done\./)).toBeVisible()
  await expect(card.getByText("eBay isn't answering")).toHaveCount(0)
  await page.screenshot({ path: testInfo.outputPath('import-after-retry.png') })
})
