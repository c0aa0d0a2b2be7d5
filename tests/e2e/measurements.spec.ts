// A clothing seller measures (issue 33, decisions 0047 and 0059), on a 390×844 phone: the AI's jeans ask for a pair of
// jeans' measurements (no pit to pit), the rest a tap away; what is typed with a decimal comma is a number; the waist is
// typed laid flat and the listing says it doubled (16 is "Waist: 32 in", "Listed as 32 in" under it as typed), pit to
// pit as measured; and on eBay the measurements answer the category's Inseam and Waist Size and end the description.
import { writeFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { LEVIS_501 } from '../fakes/gemini.ts'
import { solidJpeg } from '../helpers/images.ts'
import { expectAccessible } from './axe.ts'
import { connectEbay, signUpThroughApi } from './helpers.ts'
import { FAKE_EBAY_PORT } from './ports.ts'

test.use({ viewport: { width: 390, height: 844 } })

test('measure a pair of jeans and post them to eBay with their measurements', async ({ page }, testInfo) => {
  await signUpThroughApi(page)
  const grant = await connectEbay(page)
  await page.getByRole('link', { name: 'New Listing' }).first().click()
  // Nothing to measure until the item is clothing.
  await expect(page.getByRole('group', { name: 'Measurements' })).toBeHidden()

  const photo = testInfo.outputPath('jeans.jpg')
  writeFileSync(photo, await solidJpeg({ r: 40, g: 70, b: 150 }))
  await page.getByLabel('Take Photo or Upload').setInputFiles(photo)
  await expect(page.getByLabel('Title')).toHaveValue(String(LEVIS_501.title))

  const measurements = page.getByRole('group', { name: 'Measurements' })
  await expect(measurements).toContainText('measured as bottoms')
  await expect(measurements.getByLabel('Inseam')).toBeVisible()
  await expect(measurements.getByLabel('Pit to pit')).toBeHidden()
  // The waist is measured laid flat, as resellers measure it, and the listing doubles it.
  const waist = measurements.getByLabel('Waist')
  await expect(waist).toHaveAccessibleDescription(/Laid flat across the waistband; the listing doubles it/)
  await waist.fill('16')
  await expect(measurements.getByText('Listed as 32 in')).toBeVisible()
  await measurements.getByLabel('Inseam').fill('30,5')
  await measurements.getByRole('button', { name: 'More measurements' }).click()
  // Pit to pit is flat too, and listed as measured.
  const pitToPit = measurements.getByLabel('Pit to pit')
  await expect(pitToPit).toHaveAccessibleDescription(/listed as measured, not doubled/)
  await measurements.screenshot({ path: testInfo.outputPath('measurements.png') })
  await expectAccessible(page, 'the listing form with measurements')

  await page.getByRole('button', { name: 'Create Listing' }).click()
  await expect(page.getByText('Listing created successfully')).toBeVisible()

  await page.getByRole('button', { name: `Post to eBay: ${String(LEVIS_501.title)}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Post to eBay' })
  // eBay's required Inseam is answered by the measurement, and its Waist Size too.
  await expect(dialog).toContainText('Inseam: 30.5 in')
  await expect(dialog).toContainText('Waist Size: 32 in')
  await dialog.getByLabel('Ships from (ZIP code)').fill('95125')
  await dialog.getByRole('button', { name: 'Post to eBay', exact: true }).click()
  await expect(dialog.getByRole('link', { name: 'View on eBay' })).toBeVisible()

  const { offers } = (await (
    await page.request.get(`http://127.0.0.1:${FAKE_EBAY_PORT}/__control/offers?state=${encodeURIComponent(grant)}`)
  ).json()) as { offers: { item: { product: { aspects: Record<string, string[]>; description: string } } }[] }
  expect(offers[0]!.item.product.aspects).toMatchObject({ Inseam: ['30.5 in'], 'Waist Size': ['32 in'] })
  expect(offers[0]!.item.product.description).toContain('<br><br>Measurements:<br>Waist: 32 in<br>Inseam: 30.5 in')
})
