// Issue 27, F11: the service worker keeps the Dashboard's thumbnails for offline use; when the seller logs out, or the
// server ends the session, they go, so the next person on the phone never sees them offline.
import { expect, test, type Page } from '@playwright/test'
import { createListingThroughApi, PASSWORD, signInThroughUi, signUpThroughApi } from './helpers.ts'

test.setTimeout(60_000)

/** Makes the service worker control the page, as on a phone where the app is installed. */
async function installApp(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.reload()
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
}

/** The thumbnails the service worker holds, as it would serve them offline. */
const cachedThumbnails = (page: Page) =>
  page.evaluate(async () => {
    const names = await caches.keys()
    const urls = await Promise.all(
      names.map(async (name) => (await (await caches.open(name)).keys()).map((request) => request.url)),
    )
    return urls.flat().filter((url) => url.includes('-thumb.'))
  })

/** What the Dashboard kept of the seller's listings for its offline start (src/lib/last-seen-store.ts). */
const lastSeenKept = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('snaplist-last-seen:')))

/** Signed in with a listing, the Dashboard shown and its thumbnail kept for offline use. */
async function sellerWithCachedThumbnail(page: Page) {
  const username = await signUpThroughApi(page)
  await installApp(page)
  await createListingThroughApi(page, { title: 'Denim trucker jacket', category: 'clothing', color: 'blue', price: 12 })
  await page.reload()
  await expect(page.getByRole('heading', { name: `Hello, ${username}` })).toBeVisible()
  await expect(page.getByText('Denim trucker jacket').first()).toBeVisible()
  await expect.poll(() => cachedThumbnails(page)).toHaveLength(1)
  await expect.poll(() => lastSeenKept(page)).toHaveLength(1)
  return username
}

test('logging out takes the thumbnails off the phone: offline, none is left to show', async ({ page, context }) => {
  await sellerWithCachedThumbnail(page)
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible()
  await context.setOffline(true)
  expect(await cachedThumbnails(page)).toEqual([])
  expect(await lastSeenKept(page)).toEqual([])
})

test('a session the server ended (signed out everywhere from another device) takes them too', async ({
  page,
  context,
  browser,
}) => {
  const username = await sellerWithCachedThumbnail(page)
  const other = await browser.newPage()
  await signInThroughUi(other, username)
  const ended = await other.request.post('/api/account/sign-out-everywhere', { data: { confirmation: PASSWORD } })
  expect(ended.status(), await ended.text()).toBe(200)
  await other.close()

  await page.reload()
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible()
  await context.setOffline(true)
  expect(await cachedThumbnails(page)).toEqual([])
  expect(await lastSeenKept(page)).toEqual([])
})
