// What the seller sees on the listing is what eBay gets (issue 26), on a 390×844 phone against the Gemini and eBay
// stand-ins: a field cleared on the form is never filled on eBay from the analysis, and the eBay category follows the
// title the seller corrects and keeps the one the seller picks. Asserted on what the eBay stand-in holds.
import { writeFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { LEVIS_501 } from '../fakes/gemini.ts'
import { solidJpeg } from '../helpers/images.ts'
import { connectEbay, signUpThroughApi } from './helpers.ts'
import { FAKE_EBAY_PORT } from './ports.ts'

test.use({ viewport: { width: 390, height: 844 } })
// Each goes from a photo through the AI to a live eBay listing: the create and post flows of listing-to-ebay.spec.ts
// and then some, so more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 })

interface OfferOnEbay {
  categoryId: string
  item: { product: { aspects: Record<string, string[]>; brand?: string } }
}

async function offersOnEbay(page: Page, grant: string): Promise<OfferOnEbay[]> {
  const reply = await page.request.get(
    `http://127.0.0.1:${FAKE_EBAY_PORT}/__control/offers?state=${encodeURIComponent(grant)}`,
  )
  return ((await reply.json()) as { offers: OfferOnEbay[] }).offers
}

/** New Listing with one photo, once the AI (the stand-in's Levi's 501) has filled the form. */
async function photographed(page: Page, path: string) {
  await writeFile(path, await solidJpeg({ r: 40, g: 70, b: 150 }))
  await page.getByRole('link', { name: 'New Listing' }).first().click()
  const menu = page.getByRole('navigation', { name: 'Main' })
  await expect(menu.getByRole('link', { name: 'New Listing' })).toHaveAttribute('aria-current', 'page')
  await page.getByLabel('Take Photo or Upload').setInputFiles(path)
  await expect(page.getByLabel('Title')).toHaveValue(String(LEVIS_501.title))
}

async function create(page: Page) {
  await page.getByRole('button', { name: 'Create Listing' }).click()
  await expect(page.getByText('Listing created successfully')).toBeVisible()
}

async function openPostDialog(page: Page, title: string) {
  await page.getByRole('button', { name: `Post to eBay: ${title}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Post to eBay' })
  await expect(dialog.getByLabel('Ships from (ZIP code)')).toBeVisible()
  return dialog
}

test('a Brand the seller cleared is asked for, not taken from the AI, and what was typed is on the listing and on eBay', async ({
  page,
}, testInfo) => {
  await signUpThroughApi(page)
  const grant = await connectEbay(page)
  await photographed(page, testInfo.outputPath('jeans.jpg'))
  // One Brand on the form (no eBay item specific beside the seller's own field), filled by the AI.
  const brand = page.getByRole('textbox', { name: /^Brand/ })
  await expect(brand).toHaveCount(1)
  await expect(brand).toHaveValue("Levi's")
  await brand.fill('')
  await expect(brand).toHaveCount(1)
  await create(page)

  const dialog = await openPostDialog(page, String(LEVIS_501.title))
  await dialog.getByLabel('Brand (missing)').fill('Wrangler')
  await dialog.getByLabel('Ships from (ZIP code)').fill('95125')
  // Every other item specific that goes is shown first (the analysis's Style among them).
  await expect(dialog.getByRole('region', { name: 'Also sent to eBay' })).toContainText('Style:')
  const shown = (await dialog.textContent())!
  await dialog.getByRole('button', { name: 'Post to eBay', exact: true }).click()
  await expect(dialog.getByRole('link', { name: 'View on eBay' })).toBeVisible()
  const [offer] = await offersOnEbay(page, grant)
  expect(offer!.item.product.aspects.Brand).toEqual(['Wrangler'])
  for (const [name, values] of Object.entries(offer!.item.product.aspects))
    if (name !== 'Brand') expect(shown, name).toContain(`${name}: ${values[0]}`)
  expect(JSON.stringify(offer!.item.product)).not.toContain('Levi\'s"]')

  await dialog.getByRole('button', { name: 'Close', exact: true }).click()
  await page.getByRole('link', { name: `Edit ${String(LEVIS_501.title)}` }).click()
  await expect(page.getByRole('textbox', { name: /^Brand/ })).toHaveValue('Wrangler')
})

test("the eBay category follows a corrected title, can be changed on the form and in the dialog, and a dialog's choice is kept", async ({
  page,
}, testInfo) => {
  await signUpThroughApi(page)
  const grant = await connectEbay(page)
  await photographed(page, testInfo.outputPath('book.jpg'))
  await expect(page.getByText("eBay category: Men's Jeans")).toBeVisible()
  const title = 'Vintage tin toy robot'
  await page.getByLabel('Title').fill(title)
  await expect(page.getByText('eBay category: eBay suggests one when you post')).toBeVisible()
  // The item specifics of jeans go with the jeans category.
  await expect(page.getByLabel(/^Inseam/)).toHaveCount(0)
  await create(page)

  let dialog = await openPostDialog(page, title)
  await expect(dialog.getByText('eBay category: Collectibles')).toBeVisible()
  await expect(dialog.getByText(/Inseam/)).toHaveCount(0)
  // The seller picks another category and closes the dialog: the choice is kept.
  await dialog.getByRole('button', { name: 'Change eBay category (now Collectibles)' }).click()
  await dialog.getByLabel('Search eBay categories').fill('digital camera')
  await dialog.getByRole('button', { name: 'Search', exact: true }).click()
  await dialog.getByRole('button', { name: 'Digital Cameras' }).click()
  await expect(dialog.getByText('eBay category: Digital Cameras')).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  dialog = await openPostDialog(page, title)
  await expect(dialog.getByText('eBay category: Digital Cameras')).toBeVisible()
  await dialog.getByLabel('Model (missing)').fill('PowerShot G7')
  await dialog.getByLabel('Ships from (ZIP code)').fill('95125')
  await dialog.getByRole('button', { name: 'Post to eBay', exact: true }).click()
  await expect(dialog.getByRole('link', { name: 'View on eBay' })).toBeVisible()
  const [offer] = await offersOnEbay(page, grant)
  expect(offer!.categoryId).toBe('31388')
  expect(Object.keys(offer!.item.product.aspects).sort()).toEqual(['Brand', 'Color', 'Model'])
})
