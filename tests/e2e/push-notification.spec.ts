// Sale notifications on the phone (docs/decisions/0035): the service worker shows a push in the contract's words, and
// a tap opens the listing. Chromium cannot reach a real push service here, so the DevTools protocol delivers the push
// to the worker as the push service would (ServiceWorker.deliverPushMessage), with the notification permission
// granted; a headless browser has no notification to tap, so the tap is the worker's own notificationclick event.
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { WHOLE_BROWSER } from '../helpers/chromium.ts'
import { createListingThroughApi, signUpThroughApi } from './helpers.ts'

// The whole browser: its headless shell, which the rest of the suite drives, keeps no notifications to read back.
test.use({ launchOptions: WHOLE_BROWSER })

/** Hands the message to the page's service worker as a push, through the DevTools protocol. */
async function deliverPush(context: BrowserContext, page: Page, origin: string, message: object) {
  const cdp = await context.newCDPSession(page)
  const registrationId = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => !registration.isDeleted)
      if (ours) resolve(ours.registrationId)
    }),
  )
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify(message),
  })
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((note) => ({
      title: note.title,
      url: (note.data as { url: string }).url,
      tag: note.tag,
    })),
  )

test('the service worker shows a sale pushed to it, and a tap opens the listing', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications'])
  await signUpThroughApi(page)
  const listing = await createListingThroughApi(page, {
    title: 'Red wool jacket',
    price: 37,
    category: 'clothing',
    color: 'red',
  })
  await page.evaluate(() => navigator.serviceWorker.ready)
  const message = { type: 'sold', listingId: listing.id, title: 'Red wool jacket', priceCents: 3700, soldOn: 'ebay' }
  await deliverPush(context, page, new URL(baseURL!).origin, message)
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([
      { title: 'Sold: Red wool jacket — $37 on eBay', url: `/list-item?edit=${listing.id}`, tag: `sold-${listing.id}` },
    ])

  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'))
  await worker.evaluate(async () => {
    // The worker's own globals: this file is typed for pages.
    const worker = self as unknown as {
      registration: ServiceWorkerRegistration
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event
    }
    const [notification] = await worker.registration.getNotifications()
    self.dispatchEvent(new worker.NotificationEvent('notificationclick', { notification: notification! }))
  })
  await expect(page).toHaveURL(new RegExp(`/list-item\\?edit=${listing.id}$`))
  await expect(page.getByLabel('Title')).toHaveValue('Red wool jacket')
  await expect.poll(() => shownNotifications(page)).toEqual([])
})

test('a problem pushed to the phone says what needs the seller', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['notifications'])
  await signUpThroughApi(page)
  await page.evaluate(() => navigator.serviceWorker.ready)
  await deliverPush(context, page, new URL(baseURL!).origin, { type: 'reconnect', marketplace: 'ebay' })
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([{ title: 'Connect eBay again', url: '/', tag: 'reconnect-ebay' }])
})
