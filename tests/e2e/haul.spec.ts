// A whole haul in one sitting (docs/product.md §17), on a phone: items photographed in a row with no signal, the app
// reloaded midway, photos moved and deleted, then everything analysed once the phone is back online.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { solidJpeg, takenAtJpeg } from '../helpers/images.ts'
import { expectNoSidewaysScroll, signUpThroughApi } from './helpers.ts'

test.use({ viewport: { width: 390, height: 844 } })
test.setTimeout(180_000)

async function photoFiles(dir: string, count: number) {
  mkdirSync(dir, { recursive: true })
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const file = path.join(dir, `haul-${index}.jpg`)
      writeFileSync(file, await solidJpeg({ r: (index * 37) % 256, g: (index * 91) % 256, b: 120 }, 800, 600))
      return file
    }),
  )
}

/** Makes the service worker control the page, so the app opens with no network. */
async function installApp(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.reload()
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
}

async function serverListings(page: Page): Promise<{ title: string; images: string[]; cost: number | null }[]> {
  const response = await page.request.get('/api/listings')
  expect(response.ok()).toBe(true)
  return response.json()
}

/** What the phone's IndexedDB holds: entries still to send, and the server's URL of every photo it stored. */
function phoneStore(page: Page): Promise<{ outbox: number; storedUrls: string[] }> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('snaplist')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const transaction = open.result.transaction(['outbox', 'photos'])
          const outbox = transaction.objectStore('outbox').count()
          const photos = transaction.objectStore('photos').getAll()
          transaction.oncomplete = () => {
            resolve({
              outbox: outbox.result,
              storedUrls: (photos.result as { serverUrl?: string }[]).flatMap((photo) =>
                photo.serverUrl ? [photo.serverUrl] : [],
              ),
            })
            open.result.close()
          }
        }
      }),
  )
}

const item = (page: Page, number: number, photos: number) =>
  page
    .getByRole('list', { name: 'Items' })
    .getByRole('button', { name: new RegExp(`^Item ${number} · ${photos} photos? `) })

async function takePhoto(page: Page, file: string, itemNumber: number, photosAfter: number) {
  await page.getByLabel('Take photo').setInputFiles([file])
  await expect(item(page, itemNumber, photosAfter)).toBeVisible()
}

test('a 10-item haul photographed offline, reloaded midway, fixed up and analysed once back online', async ({
  page,
  context,
}, testInfo) => {
  await signUpThroughApi(page)
  await installApp(page)
  const photos = await photoFiles(testInfo.outputDir, 21)
  await page.getByRole('link', { name: 'Capture a haul' }).click()
  await expect(page).toHaveURL(/\/haul\?haul=[0-9a-f-]{36}$/)
  await expect(page.getByText('No items yet')).toBeVisible()

  await context.setOffline(true)
  for (let number = 1; number <= 10; number++) {
    await takePhoto(page, photos[2 * number - 2]!, number, 1)
    await takePhoto(page, photos[2 * number - 1]!, number, 2)
    if (number === 5) {
      // The phone kills the tab, or the seller reloads: the haul and its place in it come back from the phone.
      await page.reload()
      await expect(item(page, 5, 2)).toHaveAttribute('aria-pressed', 'true')
      await expect(page.getByText('0 of 5 ready')).toBeVisible()
    }
    if (number < 10) await page.getByRole('button', { name: 'Next item' }).click()
  }
  await expect(page.getByText('0 of 10 ready')).toBeVisible()
  await expect(item(page, 10, 2)).toContainText('Waiting for network')
  await expectNoSidewaysScroll(page)

  // A photo of item 3 belongs to item 4: move it there, and back again.
  await item(page, 3, 2).click()
  await page.getByRole('button', { name: 'Move photo 2' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Item 4' }).click()
  await expect(item(page, 3, 1)).toBeVisible()
  await expect(item(page, 4, 3)).toBeVisible()
  await item(page, 4, 3).click()
  await page.getByRole('button', { name: 'Move photo 3' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Item 3' }).click()
  await expect(item(page, 3, 2)).toBeVisible()
  await expect(item(page, 4, 2)).toBeVisible()
  // A shaky shot of item 10: taken, then deleted.
  await item(page, 10, 2).click()
  await takePhoto(page, photos[20]!, 10, 3)
  await page.getByRole('button', { name: 'Delete photo 3' }).click()
  await expect(item(page, 10, 2)).toBeVisible()

  // The Dashboard shows the haul as one row, not ten drafts.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click()
  const hauls = page.getByRole('region', { name: 'Hauls' })
  await expect(hauls.getByText('10 items · 0 of 10 ready · 10 to create')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Drafts on this phone' })).toBeHidden()

  await context.setOffline(false)
  await expect(hauls.getByText('10 items · 10 of 10 ready · 10 to create')).toBeVisible({ timeout: 60_000 })
  await hauls.getByRole('link', { name: /^Continue the haul/ }).click()
  await expect(page.getByText('10 of 10 ready')).toBeVisible()
  await expect(item(page, 1, 2)).toContainText('Ready')
  // Every photo reached the server, each once: twenty stored photos under twenty names, and nothing left to send.
  const onPhone = await phoneStore(page)
  expect(onPhone.outbox).toBe(0)
  expect(onPhone.storedUrls).toHaveLength(20)
  expect(new Set(onPhone.storedUrls).size).toBe(20)

  // Review: the next item with suggestions opens with what the AI filled marked to check; Skip keeps it a draft.
  await page.getByRole('link', { name: 'Review 10 ready' }).click()
  await expect(page.getByRole('heading', { name: 'Review item 1 of 10' })).toBeVisible()
  await expect(page.getByLabel('Title')).toHaveValue(/Levi's 501/)
  await expect(page.getByText('AI: check').first()).toBeVisible()
  await page.getByRole('button', { name: 'Skip' }).click()
  for (let number = 2; number <= 10; number++) {
    await expect(page.getByRole('heading', { name: `Review item ${number} of 10` })).toBeVisible()
    if (number === 4) await page.getByLabel('Title').fill('Corrected title for item 4')
    await page.getByRole('button', { name: 'Create Listing' }).click()
  }
  await expect(page.getByText('9 of 10 created · 1 skipped, kept as drafts')).toBeVisible()
  await page.getByRole('button', { name: 'Review the skipped ones' }).click()
  await expect(page.getByRole('heading', { name: 'Review item 1 of 10' })).toBeVisible()
  await page.getByRole('button', { name: 'Create Listing' }).click()
  await expect(page.getByText('10 of 10 created')).toBeVisible()

  // Each item became one listing on the server with its two photos.
  await expect.poll(async () => (await serverListings(page)).length, { timeout: 30_000 }).toBe(10)
  const listings = await serverListings(page)
  expect(listings.map((listing) => listing.images.length)).toEqual(Array(10).fill(2))
  expect(new Set(listings.flatMap((listing) => listing.images)).size).toBe(20)
  expect(listings.filter((listing) => listing.title === 'Corrected title for item 4')).toHaveLength(1)
  await page.getByRole('link', { name: 'Dashboard' }).last().click()
  await expect(page.getByRole('region', { name: 'Hauls' })).toBeHidden()
})

test('twelve photos from the library with two gaps in their capture times become three items, and the grouping can be fixed', async ({
  page,
}, testInfo) => {
  await signUpThroughApi(page)
  // Taken at a thrift-store table: 5 photos of one item, 10 minutes later 4 of another, 3 minutes later 3 of a third.
  const times = [
    '14:00:00',
    '14:00:12',
    '14:00:30',
    '14:00:41',
    '14:01:05',
    '14:11:05',
    '14:11:20',
    '14:11:48',
    '14:12:30',
    '14:15:40',
    '14:15:52',
    '14:16:30',
  ]
  const dir = testInfo.outputPath('library')
  mkdirSync(dir, { recursive: true })
  // Chosen in another order than taken: the capture time decides, not the order of the files.
  const files = await Promise.all(
    times.map(async (time, index) => {
      const file = path.join(dir, `IMG_${String(1000 - index)}.jpg`)
      writeFileSync(file, await takenAtJpeg(`2026:11:21 ${time}`, { r: index * 20, g: 100, b: 200 - index * 10 }))
      return file
    }),
  )
  await page.goto('/haul')
  await page.getByLabel(/^Add from your photo library/).setInputFiles([...files].reverse())
  await expect(page.getByText('12 photos became 3 items')).toBeVisible()
  await expect(item(page, 1, 5)).toBeVisible()
  await expect(item(page, 2, 4)).toBeVisible()
  await expect(item(page, 3, 3)).toBeVisible()

  // The last photo of item 2 is really of item 3.
  await item(page, 2, 4).click()
  await page.getByRole('button', { name: 'Move photo 4' }).click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Item 3/ })
    .click()
  await expect(item(page, 2, 3)).toBeVisible()
  await expect(item(page, 3, 4)).toBeVisible()
  await expect(page.getByText('3 of 3 ready')).toBeVisible({ timeout: 30_000 })

  // The receipt: $10 for the lot, spread evenly as the items' cost, to the cent.
  await page.getByText('Receipt: what you paid').click()
  await page.getByLabel('Paid in all').fill('ten')
  await page.getByRole('button', { name: 'Spread over 3 items' }).click()
  await expect(page.getByText('Paid in all must be a number, like 24.99')).toBeVisible()
  await page.getByLabel('Paid in all').fill('10')
  await page.getByRole('button', { name: 'Spread over 3 items' }).click()
  await expect(page.getByText('Costs entered: $10.00 over 3 items.')).toBeVisible()
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: 'test-results/haul-receipt-phone.png', fullPage: true })

  // Create all ready: one confirmation, and the three become listings as the AI filled them.
  await page.getByRole('button', { name: 'Create all 3 ready' }).click()
  await page
    .getByRole('dialog', { name: 'Create 3 listings?' })
    .getByRole('button', { name: 'Create 3 listings' })
    .click()
  await expect
    .poll(async () => (await serverListings(page)).map((listing) => listing.images.length).sort(), { timeout: 30_000 })
    .toEqual([3, 4, 5])
  expect((await serverListings(page)).map((listing) => listing.cost).sort()).toEqual([3.33, 3.33, 3.34])
})
