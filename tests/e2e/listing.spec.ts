import { writeFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { LEVIS_501 } from '../fakes/gemini.ts'
import { cameraJpeg, solidJpeg } from '../helpers/images.ts'
import { expectNoSidewaysScroll, signUpThroughApi } from './helpers.ts'

test('photograph an item, let the AI fill it in, correct it, create it, preview it and delete it', async ({
  page,
}, testInfo) => {
  await signUpThroughApi(page)
  const photo = testInfo.outputPath('camera.jpg')
  await writeFile(photo, await cameraJpeg({ width: 4000, height: 3000, color: { r: 40, g: 70, b: 150 } }))

  await page.getByRole('link', { name: 'New Listing' }).first().click()
  await expect(page.getByRole('heading', { name: 'Create New Listing' })).toBeVisible()
  await page.getByLabel('Take Photo or Upload').setInputFiles(photo)

  const title = page.getByLabel('Title')
  await expect(title).toHaveValue(String(LEVIS_501.title))
  await expect(page.getByLabel('Brand')).toHaveValue("Levi's")
  await expect(page.getByRole('combobox', { name: /^Category/ })).toHaveValue('clothing')
  await expect(page.getByLabel('Department')).toHaveValue('Men')
  await expect(page.getByLabel('Keywords')).toHaveValue(/levi's 501, levis jeans/)
  await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible()
  await expectNoSidewaysScroll(page)
  const titleLabel = page.locator('label', { hasText: 'Title' })
  await expect(titleLabel.getByText('AI')).toBeVisible()

  await title.fill("Levi's 501 Jeans W32 L32 Stonewash")
  await expect(titleLabel.getByText('AI')).toHaveCount(0)
  await page.getByLabel('Retail Price').fill('65')
  // The median used price comes from the eBay stand-in's listings like it (docs/product.md §12), and the Price follows it.
  const median = await page.getByLabel('Median Used Price').inputValue()
  expect(Number(median)).toBeGreaterThan(0)
  await expect(page.getByRole('spinbutton', { name: /^Price/ })).toHaveValue(median)
  await page.getByRole('button', { name: 'Create Listing' }).click()

  await expect(page.getByText('Listing created successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  const row = page
    .getByRole('region', { name: 'Your Listings' })
    .getByRole('listitem')
    .filter({ hasText: "Levi's 501 Jeans W32 L32 Stonewash" })
  // The row shows the seller's Price, prefilled from the AI's median used price; the retail price is a reference.
  await expect(row.getByText(`$${median}.00`)).toBeVisible()
  const thumbnail = row.locator('img')
  await expect(thumbnail).toHaveAttribute('src', /-thumb\.webp$/)
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true)
  await expectNoSidewaysScroll(page)

  await row.getByRole('button', { name: /^Actions for/ }).click()
  await page.getByRole('menuitem', { name: /^Preview/ }).click()
  const preview = page.getByRole('dialog')
  await expect(preview.getByText('$65')).toBeVisible()
  await expect(preview.getByText(`$${median}`, { exact: true })).toBeVisible()
  await expect(preview.getByText(String(LEVIS_501.description))).toBeVisible()
  await expect(preview.getByText(/levi's 501, levis jeans/)).toBeVisible()
  await expect(preview.getByText('Blue', { exact: true })).toBeVisible()
  await expect(preview.getByRole('img')).toHaveCount(1)
  await preview.getByRole('button', { name: 'Close dialog' }).click()
  await expect(preview).toBeHidden()

  await row.getByRole('button', { name: /^Post to eBay: / }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Post to eBay' }).click()
  await expect(page.getByText('eBay Not Connected')).toBeVisible()

  await row.getByRole('button', { name: /^Actions for/ }).click()
  await page.getByRole('menuitem', { name: /^Delete/ }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Listing deleted successfully')).toBeVisible()
  await expect(page.getByText('No listings yet')).toBeVisible()
})

test('choosing more than 8 photos at once is refused with the limit message', async ({ page }, testInfo) => {
  await signUpThroughApi(page)
  const files = await Promise.all(
    Array.from({ length: 9 }, async (_, index) => {
      const file = testInfo.outputPath(`small-${index}.jpg`)
      await writeFile(file, await solidJpeg({ r: index * 20, g: 100, b: 100 }, 200, 150))
      return file
    }),
  )
  await page.goto('/list-item')
  await page.getByLabel('Take Photo or Upload').setInputFiles(files)
  await expect(page.getByText('Maximum 8 images allowed')).toBeVisible()
  await expect(page.getByRole('img', { name: /^Photo \d/ })).toHaveCount(0)
})
