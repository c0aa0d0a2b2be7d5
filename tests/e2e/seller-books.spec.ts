// The seller's books on a 390×844 phone (issue 32, decision 0039): Cost & location filled in offline on a listing's
// edit form, synced with the rest of the edit, and read back from the inventory CSV the Account screen downloads.
import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
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
