// The seller's books on a 390×844 phone (issue 32, decision 0039): Cost & location filled in offline on a listing's
// edit form, synced with the rest of the edit, and read back from the inventory CSV the Account screen downloads.
import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import jsQR from 'jsqr'
import sharp from 'sharp'
import type { Listing } from '../../api/contract/listing.ts'
import { csvRecords } from '../helpers/csv.ts'
import { createListingThroughApi, expectNoSidewaysScroll, registerThroughApi } from './helpers.ts'

test.use({ viewport: { width: 390, height: 844 } })

const serverListing = async (page: Page, id: number): Promise<Listing> =>
  ((await (await page.request.get('/api/listings')).json()) as Listing[]).find((listing) => listing.id === id)!

const rowOf = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Your Listings' }).getByRole('listitem').filter({ hasText: title })

test('Cost & location filled in offline reach the server with the edit, and the inventory CSV has them', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000)
  await registerThroughApi(page.request)
  const listing = await createListingThroughApi(page, { title: 'Pyrex bowl', category: 'home', color: 'white' })
  await page.goto('/')
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.reload()
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)

  await context.setOffline(true)
  await rowOf(page, 'Pyrex bowl').getByRole('link', { name: 'Edit Pyrex bowl' }).click()
  await expect(page.getByRole('heading', { name: 'Edit Listing' })).toBeVisible()
  // Folded away until opened: the form is no longer for a seller who keeps no books.
  await expect(page.getByLabel('Bin or shelf')).toBeHidden()
  await page.getByText('Cost & location').click()
  await page.getByLabel('Cost', { exact: true }).fill('3.50')
  await expect(page.getByLabel('SKU')).toHaveValue(`SL-${listing.id}`)
  await page.getByLabel('SKU').fill('BOWL-1')
  await page.getByLabel('Bin or shelf').fill('Shelf B2')
  await page.getByLabel('Bought on').fill('2026-03-14')
  await page.getByLabel('Bought where').fill('Goodwill, 5th Ave')
  await page.getByLabel('Private notes').fill('Tiny chip under the rim')
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: 'test-results/seller-books-form-page.png' })
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('Saved on this phone — it will sync when you are back online')).toBeVisible()
  expect((await serverListing(page, listing.id)).version).toBe(1)

  await context.setOffline(false)
  await expect.poll(async () => (await serverListing(page, listing.id)).version, { timeout: 30_000 }).toBe(2)
  expect(await serverListing(page, listing.id)).toMatchObject({
    cost: 3.5,
    sku: 'BOWL-1',
    bin: 'Shelf B2',
    boughtAt: '2026-03-14',
    boughtWhere: 'Goodwill, 5th Ave',
    privateNotes: 'Tiny chip under the rim',
  })

  await page.goto('/account')
  const books = page.getByRole('region', { name: 'Your books' })
  await expect(books).toBeVisible()
  await books.scrollIntoViewIfNeeded()
  await page.screenshot({ path: 'test-results/seller-books-account.png' })
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    books.getByRole('link', { name: 'Download inventory CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^snaplist-inventory-\d{4}-\d\d-\d\d\.csv$/)
  const text = await readFile(await download.path(), 'utf8')
  expect(text.startsWith('\uFEFF')).toBe(true)
  expect(csvRecords(text.slice(1))).toEqual([
    {
      SKU: 'BOWL-1',
      Title: 'Pyrex bowl',
      Bin: 'Shelf B2',
      Cost: '3.50',
      Quantity: '1',
      Status: 'Ready',
      'Where live': '',
    },
  ])
  await expect(books.getByRole('link', { name: 'Download sales CSV' })).toHaveAttribute(
    'href',
    /^\/api\/exports\/sales\.csv\?from=\d{4}-01-01&to=\d{4}-\d\d-\d\d$/,
  )
})

test('a filled-in inventory CSV sent back: each change and each line left out shown, then applied', async ({
  page,
}) => {
  await registerThroughApi(page.request)
  const bowl = await createListingThroughApi(page, {
    title: 'Pyrex bowl',
    category: 'home',
    color: 'white',
    sku: 'BOWL-1',
  })
  await createListingThroughApi(page, {
    title: 'Brass lamp',
    category: 'home',
    color: 'yellow',
    sku: 'LAMP-1',
    bin: 'A1',
  })
  await page.goto('/account')
  const books = page.getByRole('region', { name: 'Your books' })
  await books.getByLabel('Choose a CSV file').setInputFiles({
    name: 'inventory.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'SKU,Title,Bin,Cost\nBOWL-1,Pyrex bowl,Shelf B2,3.50\nLAMP-1,Brass lamp,A1,$12\nVASE-9,Vase,,1\n',
    ),
  })
  const changes = books.getByRole('region', { name: 'Changes' })
  await expect(changes.getByRole('heading', { name: '2 listings will change' })).toBeVisible()
  await expect(changes.getByRole('listitem').filter({ hasText: 'Pyrex bowl' })).toContainText(
    'Cost: blank → $3.50Bin: blank → Shelf B2',
  )
  await expect(changes.getByRole('listitem').filter({ hasText: 'Brass lamp' })).toContainText('Cost: blank → $12.00')
  await expect(books.getByRole('region', { name: 'Lines left out' })).toContainText(
    'Line 4: None of your listings has the SKU VASE-9.',
  )
  await expectNoSidewaysScroll(page)
  await books.getByRole('heading', { name: 'Import costs and bins' }).scrollIntoViewIfNeeded()
  await page.screenshot({ path: 'test-results/seller-books-import-preview.png' })
  // Nothing is written until the seller applies it.
  expect(await serverListing(page, bowl.id)).toMatchObject({ cost: null, bin: '' })

  await books.getByRole('button', { name: 'Apply 2 changes' }).click()
  await expect(books.getByRole('status')).toHaveText('Done: 2 listings updated.')
  expect(await serverListing(page, bowl.id)).toMatchObject({ cost: 3.5, bin: 'Shelf B2', version: 2 })
  await page.goto('/')
  await expect(rowOf(page, 'Pyrex bowl')).toBeVisible()
})

test('the Insights add up what sold and what it kept, by month and marketplace, and each figure opens its sales', async ({
  page,
}) => {
  await registerThroughApi(page.request)
  const bowl = await createListingThroughApi(page, { title: 'Pyrex bowl', category: 'home', color: 'white', cost: 4 })
  const lamp = await createListingThroughApi(page, { title: 'Brass lamp', category: 'home', color: 'yellow', cost: 10 })
  await createListingThroughApi(page, { title: 'Wool scarf', category: 'clothing', color: 'red', cost: 2 })
  for (const [listing, sale] of [
    [bowl, { quantity: 1, price: 25, fees: 3, where: 'Poshmark' }],
    [lamp, { quantity: 1, price: 40, where: 'Yard sale' }],
  ] as const) {
    const recorded = await page.request.post(`/api/listings/${listing.id}/sold-elsewhere`, { data: sale })
    expect(recorded.status(), await recorded.text()).toBe(200)
  }
  await page.goto('/account')
  await page.getByRole('region', { name: 'Your books' }).getByRole('link', { name: 'Insights' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible()
  // 25 + 40 taken in; 3 in fees, 4 + 10 in cost: 48 kept. Two sold of the three held before.
  await expect(page.getByRole('button', { name: 'Revenue $65.00 (open the sales)' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Profit $48.00 (open the sales)' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sell-through 67% (open the sales)' })).toBeVisible()
  await expect(page.getByText('Held at cost (1 piece)')).toBeVisible()
  await expect(page.getByText('Nothing live 30 days or more without a sale.')).toBeVisible()
  // The chart draws once its library has loaded, after the figures.
  const chart = page.getByRole('img', { name: /Revenue and profit by month/ })
  await expect(chart).toBeVisible()
  await expect.poll(() => chart.evaluate((canvas) => (canvas as HTMLCanvasElement).width)).toBeGreaterThan(0)
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: 'test-results/insights-phone.png', fullPage: true })

  // A bar opens its month's sales (one month here: its revenue bar is the left of the two).
  const box = (await chart.boundingBox())!
  await page.mouse.click(box.x + box.width * 0.38, box.y + box.height * 0.7)
  const month = new Date().toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' })
  await expect(page.getByRole('region', { name: `Sales of ${month}` }).getByRole('listitem')).toHaveCount(2)

  await page.getByRole('button', { name: 'Profit $48.00 (open the sales)' }).click()
  const sales = page.getByRole('region', { name: 'Every sale of the period' })
  await expect(sales.getByRole('listitem')).toHaveCount(2)
  await expect(sales.getByRole('listitem').filter({ hasText: 'Brass lamp' })).toContainText('$30.00')
  await expect(sales.getByRole('listitem').filter({ hasText: 'Pyrex bowl' })).toContainText('$18.00')

  const byMarketplace = page.getByRole('region', { name: 'By marketplace' })
  await byMarketplace.getByRole('button', { name: 'Elsewhere $65.00 · $48.00 · 2 sold (open the sales)' }).click()
  await expect(page.getByRole('region', { name: 'Sales on Elsewhere' }).getByRole('listitem')).toHaveCount(2)
  await page.getByRole('region', { name: 'Sales on Elsewhere' }).getByRole('link', { name: 'Brass lamp' }).click()
  await expect(page.getByRole('heading', { name: 'Edit Listing' })).toBeVisible()
})

test('labels for the listings chosen: the SKU as a QR code that reads back, title and bin, a sheet on Letter or A4', async ({
  page,
}) => {
  await registerThroughApi(page.request)
  await createListingThroughApi(page, {
    title: 'Pyrex bowl',
    category: 'home',
    color: 'white',
    sku: 'BOWL-1',
    bin: 'B2',
  })
  await createListingThroughApi(page, { title: 'Brass lamp', category: 'home', color: 'yellow', sku: 'LAMP-1' })
  await page.goto('/')
  for (const title of ['Pyrex bowl', 'Brass lamp'])
    await rowOf(page, title)
      .getByRole('checkbox', { name: `Select ${title}` })
      .check()
  await page.getByRole('link', { name: 'Labels' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Labels' })).toBeVisible()
  const sheet = page.getByRole('list', { name: 'Label sheet' })
  await expect(sheet.getByRole('listitem')).toHaveCount(2)
  const bowl = sheet.getByRole('listitem').filter({ hasText: 'BOWL-1' })
  await expect(bowl).toContainText('Pyrex bowl')
  await expect(bowl).toContainText('Bin B2')
  // The QR code reads back as the SKU, as a phone's camera would read it off the label.
  const qr = bowl.getByRole('img', { name: 'QR code of BOWL-1' })
  const { data, info } = await sharp(await qr.screenshot({ scale: 'device' }))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe('BOWL-1')
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: 'test-results/labels-phone.png' })

  // Printed: only the labels, at the label stock's size (2⅝ in on Letter, 63.5 mm on A4, at 96 px an inch), as on a
  // sheet's printable width.
  await page.setViewportSize({ width: 794, height: 1123 })
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('banner')).toBeHidden()
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()
  expect((await bowl.boundingBox())!.width).toBeCloseTo(2.625 * 96, 0)
  await page.emulateMedia({ media: 'screen' })
  await page.getByLabel('Paper').selectOption('a4')
  await page.emulateMedia({ media: 'print' })
  expect((await bowl.boundingBox())!.width).toBeCloseTo((63.5 / 25.4) * 96, 0)
  await page.screenshot({ path: 'test-results/labels-print-a4.png' })
})
