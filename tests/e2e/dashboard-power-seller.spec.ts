// A power seller's Dashboard on the phone (issue 31): 2,000 listings, seeded in SQL before the server starts. The
// first screen shows a page with the counts of all of them; scrolling brings the next pages in order; the status
// chips, the search and the sort ask the server; offline, the phone shows what it last saw.
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { openDatabase } from '../../api/db/client.ts'
import { vacuumListings } from '../../api/db/listing-search.ts'
import { migrate } from '../../api/db/migrate.ts'
import { hashPassword } from '../../api/services/accounts/passwords.ts'
import { newDataDir } from '../helpers/data-template.ts'
import { copyListing } from '../helpers/many-listings.ts'
import { SERVER_TEST_TIMEOUT_MS, startServer, type ServerProcess } from '../helpers/server-process.ts'
import { PASSWORD } from './helpers.ts'

const LISTINGS = 2000
let app: ServerProcess

/** A seller and their listings, written into the data folder the server will open. */
async function seedPowerSeller(dataDir: string) {
  const db = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') })
  try {
    await migrate(db.sql)
    const [user] = await db.sql<{ id: number }[]>`
      insert into users (username, email, first_name, last_name, password_hash, email_verified)
      values ('power', 'power@example.com', 'Pat', 'Power', ${await hashPassword(PASSWORD)}, true) returning id`
    const [model] = await db.sql<{ id: number }[]>`
      insert into listings (user_id, title, brand, description, price, category, color, keywords, images)
      values (${user!.id}, 'Vintage denim jacket, lot 0', 'Levi''s', 'Stonewash, brass buttons.', 45, 'clothing', 'blue',
        ${['denim', 'jacket']}, ${[]}) returning id`
    await copyListing(db.sql, model!.id, LISTINGS - 1)
    await vacuumListings(db.sql)
  } finally {
    await db.close()
  }
}

test.beforeAll(async () => {
  test.setTimeout(SERVER_TEST_TIMEOUT_MS * 2)
  const dataDir = await newDataDir()
  await seedPowerSeller(dataDir)
  app = await startServer({ DATA_DIR: dataDir, REGISTRATION_LIMIT: '100' })
})
test.afterAll(() => void app?.server.kill('SIGTERM'))

test('scrolling, filtering and searching 2,000 listings a page at a time; offline, the last screen stays', async ({
  page,
  context,
}) => {
  test.setTimeout(SERVER_TEST_TIMEOUT_MS * 2)
  const signIn = await page.request.post(`${app.origin}/api/login`, {
    data: { username: 'power', password: PASSWORD },
    headers: { origin: app.origin },
  })
  expect(signIn.status()).toBe(200)
  const pages: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/listings/search')) pages.push(request.url())
  })
  await page.goto(`${app.origin}/`)
  const listings = page.getByRole('region', { name: 'Your Listings' })
  const rows = listings.getByRole('listitem')
  await expect(rows).toHaveCount(24)
  await expect(rows.first()).toContainText('Vintage denim jacket, lot 0')
  await expect(page.getByRole('button', { name: 'All 2000' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sold 285' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Ended 156' })).toBeVisible()
  await expect(page.getByText('Showing 24 of 2000 listings')).toBeVisible()

  // Scrolling to the end brings the next page, then the one after, newest first and none twice.
  for (const shown of [48, 72]) {
    await page.getByRole('button', { name: 'Show more listings' }).scrollIntoViewIfNeeded()
    await expect(rows).toHaveCount(shown)
  }
  await expect(rows.nth(71)).toContainText('lot 71')
  expect(pages.some((url) => url.includes('after='))).toBe(true)
  await page.screenshot({ path: test.info().outputPath('power-seller-scrolled.png') })

  await page.getByRole('button', { name: 'Sold 285' }).click()
  await expect(page.getByText('Showing 24 of 285 listings')).toBeVisible()
  await expect(rows.first()).toContainText('lot 7')
  await expect(rows.first().getByText('Sold', { exact: true })).toBeVisible()

  await page.getByRole('button', { name: /^All/ }).click()
  await page.getByRole('searchbox', { name: 'Search listings' }).fill('skillet')
  await expect(page.getByText('Showing 24 of 167 listings')).toBeVisible()
  await expect(rows.first()).toContainText('Cast iron skillet, lot 6')
  await page.getByRole('searchbox', { name: 'Search listings' }).fill('lot 1234')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('Trail running shoes, lot 1234')
  await page.screenshot({ path: test.info().outputPath('power-seller-search.png') })

  await page.getByRole('searchbox', { name: 'Search listings' }).fill('')
  await page.getByRole('combobox', { name: 'Sort' }).selectOption({ label: 'Price: high to low' })
  await expect(rows.first()).toContainText('$199')

  // What the phone saw last is there offline (the first page of the view, with the counts).
  await page.evaluate(() => navigator.serviceWorker.ready)
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByText(/^You are offline\. Showing what this phone last saw/)).toBeVisible()
  await expect(rows).toHaveCount(24)
  await expect(page.getByRole('button', { name: 'All 2000' })).toBeVisible()
  await context.setOffline(false)
})
