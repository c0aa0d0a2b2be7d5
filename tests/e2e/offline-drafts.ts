// Drafting with no signal, for the offline specs (offline.spec.ts, offline-restart.spec.ts): photos to pick, the app
// installed so it opens offline, a draft made offline, and what reached the server.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect, type Page } from '@playwright/test'
import { solidJpeg } from '../helpers/images.ts'

export interface ServerListing {
  id: number
  title: string
  clientId: string
  images: string[]
}

export async function photoFiles(testDir: string, count: number) {
  mkdirSync(testDir, { recursive: true })
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const file = path.join(testDir, `item-${index}.jpg`)
      writeFileSync(file, await solidJpeg({ r: 40 + index * 50, g: 120, b: 90 }, 1200, 900))
      return file
    }),
  )
}

/** Makes the service worker control the page, so the app opens with no network. */
export async function installApp(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.reload()
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
}

export async function draftOffline(page: Page, title: string, photos: string[]) {
  await page.goto('/list-item')
  await page.getByLabel('Take Photo or Upload').setInputFiles(photos)
  await expect(page.getByRole('img', { name: `Photo ${photos.length}` })).toBeVisible()
  await expect(page.getByText('Waiting for network').first()).toBeVisible()
  await page.getByLabel('Title').fill(title)
  await page.getByRole('combobox', { name: /^Category/ }).selectOption('collectibles')
  await page.getByLabel('Primary Color').selectOption('green')
  await page.getByRole('button', { name: 'Create Listing' }).click()
  await expect(page.getByText('Saved on this phone — it will sync when you are back online')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
}

export async function serverListings(page: Page, origin = ''): Promise<ServerListing[]> {
  const response = await page.request.get(`${origin}/api/listings`)
  expect(response.ok()).toBe(true)
  return response.json()
}
