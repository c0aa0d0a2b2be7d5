// "It sold: find the bag" on a 390×844 phone (issue 47): the SKU printed on a label (and in the CSVs) finds its listing
// in the Dashboard's search, typed whole or its start in any case, and Scan label reads the label's QR code with the
// camera (Chromium's fake camera filming a label's QR code as the label sheet encodes it, tests/helpers/barcodes.ts)
// and opens the listing. The scanner's code loads on the first tap, not with the Dashboard.
import { expect, test, type Page } from '@playwright/test'
import { chromiumFilmingLabel } from '../helpers/barcodes.ts'
import { createListingThroughApi, registerThroughApi } from './helpers.ts'

const LABEL_SKU = 'BAG-7731'
test.use({
  viewport: { width: 390, height: 844 },
  permissions: ['camera'],
  launchOptions: chromiumFilmingLabel(LABEL_SKU),
})

const rows = (page: Page) => page.getByRole('region', { name: 'Your Listings' }).getByRole('listitem')
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search listings' })

test('the SKU on a label finds its listing, typed whole or its start, in any case', async ({ page }) => {
  await registerThroughApi(page.request)
  const scarf = await createListingThroughApi(page, { title: 'Silk scarf', category: 'clothing', color: 'red' })
  await createListingThroughApi(page, { title: 'Canvas tote', category: 'clothing', color: 'white', sku: LABEL_SKU })
  await createListingThroughApi(page, { title: 'Brass lamp', category: 'home', color: 'yellow' })
  await page.goto('/')
  await expect(rows(page)).toHaveCount(3)

  // The SKU Snaplist made (SL- and the listing's number), as the label and the CSVs print it.
  await searchBox(page).fill(`SL-${scarf.id}`)
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).first()).toContainText('Silk scarf')
  await searchBox(page).fill(`sl-${scarf.id}`)
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).first()).toContainText('Silk scarf')
  // The seller's own, by its start.
  await searchBox(page).fill('bag-77')
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).first()).toContainText('Canvas tote')
  await expect(page).toHaveURL(/q=bag-77/)
})

test('Scan label reads the label’s QR code and opens its listing; the scanner loads on the first tap', async ({
  page,
}, testInfo) => {
  await registerThroughApi(page.request)
  const tote = await createListingThroughApi(page, {
    title: 'Canvas tote',
    category: 'clothing',
    color: 'white',
    sku: LABEL_SKU,
    bin: 'B2',
  })
  await createListingThroughApi(page, { title: 'Brass lamp', category: 'home', color: 'yellow' })
  const scripts: string[] = []
  page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(request.url())))
  await page.goto('/')
  await expect(rows(page)).toHaveCount(2)
  await page.waitForLoadState('networkidle')
  expect(
    scripts.filter((url) => /ScanDialog|barcode-decoder/.test(url)),
    'the scanner is not loaded yet',
  ).toEqual([])

  await page.getByRole('button', { name: 'Scan label' }).click()
  await expect(page.getByRole('heading', { name: 'Edit Listing' })).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/list-item\\?.*\\bedit=${tote.id}(&|$)`))
  await expect(page.getByLabel('Title')).toHaveValue('Canvas tote')
  await page.screenshot({ path: testInfo.outputPath('scanned-label-opens-listing.png') })
  await page.goBack()
  await expect(rows(page)).toHaveCount(2)
})

test('a label none of the seller’s listings has: the search shows its SKU and says so', async ({ page }, testInfo) => {
  await registerThroughApi(page.request)
  await createListingThroughApi(page, { title: 'Brass lamp', category: 'home', color: 'yellow' })
  await page.goto('/')
  await expect(rows(page)).toHaveCount(1)
  await page.getByRole('button', { name: 'Scan label' }).click()
  await expect(page.getByText(`None of your listings has the SKU ${LABEL_SKU}.`)).toBeVisible()
  await expect(searchBox(page)).toHaveValue(LABEL_SKU)
  await expect(page.getByText('No listings match.')).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('scanned-label-unknown.png') })
})
