// A barcode in the aisle (issue 33, decision 0046), on a 390×844 phone whose camera films a book's ISBN (Chromium's fake
// camera playing a Y4M drawn by tests/helpers/barcodes.ts): scanned with no signal, the code waits with the draft; back
// online, eBay's catalog fills the title, specifics and price; the parcel is one tap; and the listing posts to an eBay
// whose shipping is calculated, with its ISBN, catalog product and weight. A code eBay does not know leaves the listing to
// the photo's analysis; a phone without a camera reads a photo of the barcode.
import { writeFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { BOOK_ISBN, CONSOLE_UPC, UNKNOWN_GTIN } from '../fakes/ebay-catalog-products.ts'
import { LEVIS_501 } from '../fakes/gemini.ts'
import { barcodePng, chromiumFilming } from '../helpers/barcodes.ts'
import { solidJpeg } from '../helpers/images.ts'
import { expectAccessible } from './axe.ts'
import { connectEbay, signUpThroughApi } from './helpers.ts'
import { FAKE_EBAY_PORT } from './ports.ts'

const BOOK_TITLE = 'Effective Java by Joshua Bloch (2018, Trade Paperback)'
test.use({ viewport: { width: 390, height: 844 }, permissions: ['camera'], launchOptions: chromiumFilming(BOOK_ISBN) })

/** Makes the service worker control the page, so the app (and its barcode decoder) opens with no network. */
async function installApp(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.reload()
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
}

const barcodeStatus = (page: Page) => page.getByRole('region', { name: 'Barcode' }).getByRole('status')

test('scan a book’s ISBN with no signal, reconnect, and post it filled, priced and weighed to calculated shipping', async ({
  page,
  context,
}, testInfo) => {
  await signUpThroughApi(page)
  const grant = await connectEbay(page)
  // The seller's second shipping policy is priced by calculated shipping.
  const calculated = await page.request.post(
    `http://127.0.0.1:${FAKE_EBAY_PORT}/__control/calculated-shipping?state=${encodeURIComponent(grant)}`,
  )
  const { id: calculatedPolicy } = (await calculated.json()) as { id: string }
  await installApp(page)

  await context.setOffline(true)
  await page.getByRole('link', { name: 'New Listing' }).first().click()
  const scanned = Date.now()
  await page.getByRole('button', { name: 'Scan', exact: true }).click()
  await expect(page.getByLabel('Barcode (UPC, EAN or ISBN)')).toHaveValue(BOOK_ISBN)
  await expect(barcodeStatus(page)).toHaveText(
    `Barcode ${BOOK_ISBN} saved: it is looked up in eBay’s catalog when you are back online.`,
  )
  console.log(`[measured] scan to the code on the form, offline: ${((Date.now() - scanned) / 1000).toFixed(2)} s`)
  await page.screenshot({ path: testInfo.outputPath('scanned-offline.png') })

  await context.setOffline(false)
  await expect(barcodeStatus(page)).toHaveText(`Filled from eBay’s catalog: ${BOOK_TITLE}`)
  await expect(page.getByLabel('Title')).toHaveValue(BOOK_TITLE)
  await expect(page.getByRole('spinbutton', { name: /^Price/ })).not.toHaveValue('')
  await expect(page.getByLabel('eBay catalog product (ePID)')).toHaveValue('240123456')
  await page.screenshot({ path: testInfo.outputPath('filled-from-catalog.png'), fullPage: true })

  // The photo's analysis fills what the catalog did not (Color), never the catalog's title nor its Category, Books.
  const photo = testInfo.outputPath('book.jpg')
  writeFileSync(photo, await solidJpeg({ r: 200, g: 190, b: 170 }))
  await page.getByLabel('Take Photo or Upload').setInputFiles(photo)
  await expect(page.getByLabel('Primary Color')).not.toHaveValue('')
  await expect(page.getByRole('combobox', { name: /^Category/ })).toHaveValue('books')
  await expect(page.getByLabel('Title')).toHaveValue(BOOK_TITLE)
  await page.getByRole('group', { name: 'Parcel presets' }).getByRole('button', { name: 'Padded mailer, 1 lb' }).click()
  await page.getByRole('button', { name: 'Create Listing' }).click()
  await expect(page.getByText('Listing created successfully')).toBeVisible()

  // Posted from the Dashboard with the calculated shipping policy: the parcel is there, so nothing is missing.
  await page.getByRole('button', { name: `Post to eBay: ${BOOK_TITLE}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Post to eBay' })
  const shipping = dialog.getByLabel('Shipping')
  await expect(shipping.getByRole('option')).toContainText([/flat/, /calculated/])
  // A used book goes as eBay's first used condition for Books, never Brand New.
  await expect(dialog.getByLabel('Condition', { exact: true })).toHaveValue('USED_VERY_GOOD')
  await shipping.selectOption(calculatedPolicy)
  await dialog.getByLabel('Ships from (ZIP code)').fill('95125')
  await page.screenshot({ path: testInfo.outputPath('post-to-calculated-shipping.png') })
  await dialog.getByRole('button', { name: 'Post to eBay', exact: true }).click()
  await expect(dialog.getByRole('link', { name: 'View on eBay' })).toBeVisible()
  const { offers } = (await (
    await page.request.get(`http://127.0.0.1:${FAKE_EBAY_PORT}/__control/offers?state=${encodeURIComponent(grant)}`)
  ).json()) as {
    offers: {
      listingPolicies: { fulfillmentPolicyId: string }
      item: { product: Record<string, unknown>; packageWeightAndSize?: unknown }
    }[]
  }
  expect(offers[0]!.listingPolicies.fulfillmentPolicyId).toBe(calculatedPolicy)
  expect(offers[0]!.item.product).toMatchObject({ isbn: [BOOK_ISBN], epid: '240123456', title: BOOK_TITLE })
  expect(offers[0]!.item.packageWeightAndSize).toMatchObject({ weight: { value: 16, unit: 'OUNCE' } })
})

test('a code eBay’s catalog does not know leaves the listing to the photo’s analysis', async ({ page }, testInfo) => {
  await signUpThroughApi(page)
  await connectEbay(page)
  await page.getByRole('link', { name: 'New Listing' }).first().click()
  await page.getByLabel('Barcode (UPC, EAN or ISBN)').fill(UNKNOWN_GTIN)
  await page.getByRole('button', { name: `Look up ${UNKNOWN_GTIN}` }).click()
  await expect(barcodeStatus(page)).toHaveText(
    `eBay’s catalog has no product for ${UNKNOWN_GTIN}: the photos fill in the listing.`,
  )
  const photo = testInfo.outputPath('jeans.jpg')
  writeFileSync(photo, await solidJpeg({ r: 40, g: 70, b: 150 }))
  await page.getByLabel('Take Photo or Upload').setInputFiles(photo)
  await expect(page.getByLabel('Title')).toHaveValue(String(LEVIS_501.title))
  await expect(page.getByLabel('Barcode (UPC, EAN or ISBN)')).toHaveValue(UNKNOWN_GTIN)
})

test('a phone that gives no camera reads a photo of the barcode instead', async ({ page }, testInfo) => {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
  })
  await signUpThroughApi(page)
  await connectEbay(page)
  await page.getByRole('link', { name: 'New Listing' }).first().click()
  await page.getByRole('button', { name: 'Scan', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Scan barcode' })
  await expect(dialog.getByRole('status')).toHaveText(/The camera is not available here/)
  await expectAccessible(page, 'the Scan barcode sheet without a camera')
  const photo = testInfo.outputPath('barcode.png')
  writeFileSync(photo, await barcodePng(BOOK_ISBN))
  await dialog.getByLabel('Take a photo of the barcode').setInputFiles(photo)
  await expect(dialog).toBeHidden()
  await expect(barcodeStatus(page)).toHaveText(`Filled from eBay’s catalog: ${BOOK_TITLE}`)
})

test('a code that names two products: the seller picks theirs, and can pick again', async ({ page }) => {
  await signUpThroughApi(page)
  await connectEbay(page)
  await page.getByRole('link', { name: 'New Listing' }).first().click()
  await page.getByLabel('Barcode (UPC, EAN or ISBN)').fill(CONSOLE_UPC)
  await page.getByRole('button', { name: `Look up ${CONSOLE_UPC}` }).click()
  await expect(barcodeStatus(page)).toHaveText(`eBay’s catalog has 2 products for ${CONSOLE_UPC}. Which one is yours?`)
  const choice = page.getByRole('list', { name: 'Products for this barcode' })
  await expectAccessible(page, 'the products of one barcode to pick from')
  await choice.getByRole('button', { name: /Neon Red\/Neon Blue/ }).click()
  await expect(page.getByLabel('Title')).toHaveValue('Nintendo Switch OLED Model 64GB Console - Neon Red/Neon Blue')
  await page.getByRole('button', { name: 'Not this one? Pick another' }).click()
  await choice.getByRole('button', { name: /White/ }).click()
  await expect(page.getByLabel('Title')).toHaveValue('Nintendo Switch OLED Model 64GB Console - White')
  await expect(page.getByLabel('Brand')).toHaveValue('Nintendo')
})

test('eBay’s stock photo is added at the seller’s choice, and alone never posts a used item', async ({ page }) => {
  await signUpThroughApi(page)
  await connectEbay(page)
  await page.getByRole('link', { name: 'New Listing' }).first().click()
  await page.getByLabel('Barcode (UPC, EAN or ISBN)').fill(BOOK_ISBN)
  await page.getByRole('button', { name: `Look up ${BOOK_ISBN}` }).click()
  await expect(barcodeStatus(page)).toHaveText(`Filled from eBay’s catalog: ${BOOK_TITLE}`)
  // Offered, never used unasked.
  await expect(page.getByRole('img', { name: 'Photo 1' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Add eBay’s stock photo' }).click()
  await expect(page.getByText('eBay’s stock photo is added after your photos.')).toBeVisible()
  await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible()
  await page.getByRole('combobox', { name: /^Category/ }).selectOption('other')
  await page.getByLabel('Primary Color').selectOption('white')
  await page.getByRole('button', { name: 'Create Listing' }).click()
  await expect(page.getByText('Listing created successfully')).toBeVisible()

  await page.getByRole('button', { name: `Post to eBay: ${BOOK_TITLE}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Post to eBay' })
  const gap = dialog.getByRole('alert').filter({ hasText: 'a photo of the item itself' })
  await expect(gap).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Post to eBay', exact: true })).toBeDisabled()
  // A new book may go with eBay's photo alone.
  await dialog.getByLabel('Condition', { exact: true }).selectOption('NEW')
  await expect(gap).toHaveCount(0)
})

test('in a haul, a scan joins the item being photographed and eBay’s catalog fills it', async ({ page }, testInfo) => {
  await signUpThroughApi(page)
  await connectEbay(page)
  await page.goto('/haul')
  await page.getByRole('button', { name: 'Scan barcode' }).click()
  // The code makes the item before its first photo, and the catalog's answer shows on the camera screen.
  await expect(page.getByRole('status').filter({ hasText: 'Filled from eBay’s catalog' })).toHaveText(
    `Filled from eBay’s catalog: ${BOOK_TITLE}`,
  )
  const items = page.getByRole('list', { name: 'Items' })
  await expect(items.getByRole('button', { name: /Item 1 · 0 photos/ })).toBeVisible()
  // The scanner had the camera; back on the haul, the viewfinder films again and its shutter takes the photo.
  await page.getByRole('button', { name: 'Take photo' }).click()
  await expect(items.getByRole('button', { name: /Item 1 · 1 photo/ })).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('haul-scanned.png') })

  await page.getByRole('link', { name: 'Review 1 ready' }).click()
  await expect(page.getByLabel('Title')).toHaveValue(BOOK_TITLE)
  await expect(page.getByLabel('Barcode (UPC, EAN or ISBN)')).toHaveValue(BOOK_ISBN)
})

test('a scanned book shows the catalog’s author, format, publisher, year and ISBN, and no clothing fields', async ({
  page,
}, testInfo) => {
  await signUpThroughApi(page)
  const grant = await connectEbay(page)
  await page.getByRole('link', { name: 'New Listing' }).first().click()
  await page.getByRole('button', { name: 'Scan', exact: true }).click()
  await expect(barcodeStatus(page)).toHaveText(`Filled from eBay’s catalog: ${BOOK_TITLE}`)

  await expect(page.getByRole('combobox', { name: /^Category/ })).toHaveValue('books')
  const book = page.getByRole('group', { name: 'Book details' })
  await expect(book.getByLabel('Author')).toHaveValue('Joshua Bloch')
  await expect(book.getByLabel('Format')).toHaveValue('Trade Paperback')
  await expect(book.getByLabel('Publisher')).toHaveValue('Addison-Wesley')
  await expect(book.getByLabel('Publication year')).toHaveValue('2018')
  await expect(book).toContainText(`ISBN ${BOOK_ISBN}`)
  await expect(book.getByText('eBay catalog')).toHaveCount(4)
  for (const clothing of ['Size', 'Size Type', 'Department'])
    await expect(page.getByLabel(clothing, { exact: true })).toHaveCount(0)
  await expect(page.getByRole('group', { name: 'Measurements' })).toHaveCount(0)
  await book.scrollIntoViewIfNeeded()
  await page.screenshot({ path: testInfo.outputPath('book-details.png') })

  // A photo's analysis (the stand-in sees jeans) never turns the catalog's book into clothing.
  const photo = testInfo.outputPath('book.jpg')
  writeFileSync(photo, await solidJpeg({ r: 200, g: 190, b: 170 }))
  await page.getByLabel('Take Photo or Upload').setInputFiles(photo)
  await expect(page.getByLabel('Primary Color')).not.toHaveValue('')
  await expect(page.getByRole('combobox', { name: /^Category/ })).toHaveValue('books')
  await expect(page.getByRole('group', { name: 'Measurements' })).toHaveCount(0)
  // Nor shows the item specifics eBay has for the jeans' category under the book's.
  await expect(page.getByLabel(/^(Inseam|Waist Size)/)).toHaveCount(0)
  // The seller corrects the format; it is theirs from then on.
  await book.getByLabel('Format').fill('Paperback')
  await page.getByRole('group', { name: 'Parcel presets' }).getByRole('button', { name: 'Padded mailer, 1 lb' }).click()
  await page.getByRole('button', { name: 'Create Listing' }).click()
  await expect(page.getByText('Listing created successfully')).toBeVisible()

  await page.getByRole('button', { name: `Post to eBay: ${BOOK_TITLE}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Post to eBay' })
  await dialog.getByLabel('Ships from (ZIP code)').fill('95125')
  await dialog.getByRole('button', { name: 'Post to eBay', exact: true }).click()
  await expect(dialog.getByRole('link', { name: 'View on eBay' })).toBeVisible()
  const { offers } = (await (
    await page.request.get(`http://127.0.0.1:${FAKE_EBAY_PORT}/__control/offers?state=${encodeURIComponent(grant)}`)
  ).json()) as { offers: { item: { product: { aspects: Record<string, string[]> } } }[] }
  expect(offers[0]!.item.product.aspects).toMatchObject({
    Author: ['Joshua Bloch'],
    Format: ['Paperback'],
    Publisher: ['Addison-Wesley'],
    'Publication Year': ['2018'],
  })
  expect(offers[0]!.item.product.aspects.Size).toBeUndefined()
})
