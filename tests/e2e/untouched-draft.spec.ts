// Opening New Listing, or its barcode scanner, and leaving with nothing in it leaves no 'Untitled draft' behind (issue
// 47 item 11d), on a 390×844 phone: not when it was only opened, nor when what was typed was erased or the photo
// removed. What the seller did put in stays, as every draft on the phone does.
import { writeFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { solidJpeg } from '../helpers/images.ts'
import { signUpThroughApi } from './helpers.ts'

test.use({ viewport: { width: 390, height: 844 } })

const draftsPanel = (page: Page) => page.getByRole('region', { name: 'Drafts on this phone' })

async function openNewListing(page: Page) {
  await page.getByRole('link', { name: 'New Listing' }).first().click()
  await expect(page.getByRole('heading', { name: 'Create New Listing' })).toBeVisible()
}

async function leaveForDashboard(page: Page) {
  await page.getByRole('link', { name: 'Dashboard' }).click()
  await expect(page.getByRole('heading', { name: /^Hello, / })).toBeVisible()
}

test('New Listing or its scanner opened and left with nothing in it leaves no Untitled draft', async ({
  page,
}, testInfo) => {
  await signUpThroughApi(page)
  // Opened and left.
  await openNewListing(page)
  await leaveForDashboard(page)

  // The scanner opened and closed.
  await openNewListing(page)
  await page.getByRole('button', { name: 'Scan', exact: true }).click()
  const scanner = page.getByRole('dialog', { name: 'Scan barcode' })
  await scanner.getByRole('button', { name: 'Cancel' }).click()
  await expect(scanner).toHaveCount(0)
  await page.goBack()
  await expect(page.getByRole('heading', { name: /^Hello, / })).toBeVisible()

  // A title typed and erased, a photo added and removed.
  await openNewListing(page)
  await page.getByLabel('Title').fill('Lev')
  await page.getByLabel('Title').fill('')
  const photo = testInfo.outputPath('photo.jpg')
  writeFileSync(photo, await solidJpeg({ r: 90, g: 90, b: 90 }))
  await page.getByLabel('Take Photo or Upload').setInputFiles(photo)
  await page.getByRole('button', { name: 'Remove photo 1' }).click()
  await expect(page.getByRole('button', { name: 'Remove photo 1' })).toHaveCount(0)
  await leaveForDashboard(page)

  await expect(page.getByText('Untitled draft')).toHaveCount(0)
  await expect(draftsPanel(page)).toBeHidden()
  await page.screenshot({ path: testInfo.outputPath('dashboard-after-leaving.png') })
  // Nor after a reload: none was kept on the phone.
  await page.reload()
  await expect(page.getByRole('heading', { name: /^Hello, / })).toBeVisible()
  await expect(draftsPanel(page)).toBeHidden()
})

test('what was typed, or only a photo, stays as a draft when the seller leaves', async ({ page }, testInfo) => {
  await signUpThroughApi(page)
  await openNewListing(page)
  await page.getByLabel('Title').fill('Pyrex mixing bowl')
  await leaveForDashboard(page)
  await expect(draftsPanel(page).getByText('Pyrex mixing bowl')).toBeVisible()

  await openNewListing(page)
  const photo = testInfo.outputPath('photo.jpg')
  writeFileSync(photo, await solidJpeg({ r: 200, g: 120, b: 40 }))
  await page.getByLabel('Take Photo or Upload').setInputFiles(photo)
  await expect(page.getByRole('button', { name: 'Remove photo 1' })).toBeVisible()
  await leaveForDashboard(page)
  await expect(draftsPanel(page).getByRole('listitem')).toHaveCount(2)
  await page.screenshot({ path: testInfo.outputPath('dashboard-with-drafts.png') })
})
