// What a reseller met walking through a haul on a phone (issue 26): the item the camera adds to after Next item and a
// reload, the Move dialog's covers, where Review opens each item, and what the strip says once items are created.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { solidJpeg } from '../helpers/images.ts'
import { signUpThroughApi } from './helpers.ts'

test.use({ viewport: { width: 390, height: 844 } })
test.setTimeout(120_000)

async function photoFiles(dir: string, count: number) {
  mkdirSync(dir, { recursive: true })
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const file = path.join(dir, `walk-${index}.jpg`)
      writeFileSync(file, await solidJpeg({ r: (index * 53) % 256, g: (index * 97) % 256, b: 90 }, 800, 600))
      return file
    }),
  )
}

const strip = (page: Page) => page.getByRole('list', { name: 'Items' })
const item = (page: Page, number: number, photos: number) =>
  strip(page).getByRole('button', { name: new RegExp(`^Item ${number} · ${photos} photos? `) })

/** The item's cover is shown in it: a picture that loaded, not an empty box. */
async function expectCover(target: Locator) {
  const cover = target.locator('img')
  await expect(cover).toBeVisible()
  await expect
    .poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true)
}

async function takePhoto(page: Page, file: string, itemNumber: number, photosAfter: number) {
  await page.getByLabel('Take photo').setInputFiles([file])
  await expect(item(page, itemNumber, photosAfter)).toBeVisible()
}

test('Next item survives a reload and Continue: the next photo starts the new item, and Move shows each item by its cover', async ({
  page,
}, testInfo) => {
  await signUpThroughApi(page)
  const photos = await photoFiles(testInfo.outputDir, 4)
  await page.getByRole('link', { name: 'Capture a haul' }).click()
  await takePhoto(page, photos[0]!, 1, 1)
  await takePhoto(page, photos[1]!, 1, 2)
  await page.getByRole('button', { name: 'Next item' }).click()
  await expect(strip(page).getByText('Item 2: take its first photo')).toBeVisible()

  // The phone reloads the tab: the seller had moved on to item 2, and still has.
  await page.reload()
  await expect(strip(page).getByText('Item 2: take its first photo')).toBeVisible()
  // Away to the Dashboard and back with Continue: the same.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click()
  await page
    .getByRole('region', { name: 'Hauls' })
    .getByRole('link', { name: /^Continue the haul/ })
    .click()
  await expect(strip(page).getByText('Item 2: take its first photo')).toBeVisible()
  await takePhoto(page, photos[2]!, 2, 1)
  await expect(item(page, 1, 2)).toBeVisible()

  // Moving a photo: every item is offered with its cover, so the seller sees which is which.
  await takePhoto(page, photos[3]!, 2, 2)
  await page.getByRole('button', { name: 'Move photo 2' }).click()
  const dialog = page.getByRole('dialog', { name: 'Move photo 2 to' })
  for (const number of [1, 2]) await expectCover(dialog.getByRole('button', { name: new RegExp(`^Item ${number}`) }))
  await dialog.getByRole('button', { name: /^Item 1/ }).click()
  await expect(item(page, 1, 3)).toBeVisible()
  await expect(item(page, 2, 1)).toBeVisible()
})

test('Review opens each item at its top, and once Create all has run the strip says the items were created', async ({
  page,
}, testInfo) => {
  await signUpThroughApi(page)
  const photos = await photoFiles(testInfo.outputDir, 6)
  await page.getByRole('link', { name: 'Capture a haul' }).click()
  for (let number = 1; number <= 3; number++) {
    await takePhoto(page, photos[2 * number - 2]!, number, 1)
    await takePhoto(page, photos[2 * number - 1]!, number, 2)
    if (number < 3) await page.getByRole('button', { name: 'Next item' }).click()
  }
  await expect(page.getByText('3 of 3 ready')).toBeVisible({ timeout: 40_000 })

  // The seller checks item 1 down to its last field, then creates it: item 2 opens with its photos and heading in view.
  await page.getByRole('link', { name: 'Review 3 ready' }).click()
  await expect(page.getByRole('heading', { name: 'Review item 1 of 3' })).toBeVisible()
  await page.getByLabel('Department').scrollIntoViewIfNeeded()
  await expect(page.getByRole('heading', { name: 'Review item 1 of 3' })).not.toBeInViewport()
  await page.getByRole('button', { name: 'Create Listing' }).click()
  await expect(page.getByRole('heading', { name: 'Review item 2 of 3' })).toBeInViewport()
  await expect(page.getByRole('region', { name: 'Photos' })).toBeInViewport()

  // Back at the haul, the other two are created at once: no item still says Ready.
  await page.goBack()
  await page.getByRole('button', { name: 'Create all 2 ready' }).click()
  await page
    .getByRole('dialog', { name: 'Create 2 listings?' })
    .getByRole('button', { name: 'Create 2 listings' })
    .click()
  for (let number = 1; number <= 3; number++) {
    await expect(item(page, number, 2)).not.toContainText('Ready')
    await expect(item(page, number, 2)).toContainText('Listing created', { timeout: 30_000 })
  }
})
