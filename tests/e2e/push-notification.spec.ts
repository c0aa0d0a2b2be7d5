// Sale notifications on the phone (docs/decisions/0035): the service worker shows a push in the contract's words with
// the listing to open. Chromium cannot reach a real push service here, so the DevTools protocol delivers the push to
// the worker as the push service would (ServiceWorker.deliverPushMessage), with the notification permission granted.
import { expect, test } from '@playwright/test'
import { signUpThroughApi } from './helpers.ts'

test('the service worker shows a sale pushed to it, with the listing a tap opens', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications'])
  await signUpThroughApi(page)
  await page.evaluate(() => navigator.serviceWorker.ready)
  const cdp = await context.newCDPSession(page)
  const registrationId = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => !registration.isDeleted)
      if (ours) resolve(ours.registrationId)
    }),
  )
  await cdp.send('ServiceWorker.enable')
  const message = { type: 'sold', listingId: 42, title: 'Red wool jacket', priceCents: 3700, soldOn: 'ebay' }
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(baseURL!).origin,
    registrationId: await registrationId,
    data: JSON.stringify(message),
  })
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((note) => ({
          title: note.title,
          url: (note.data as { url: string }).url,
          tag: note.tag,
        })),
      ),
    )
    .toEqual([{ title: 'Sold: Red wool jacket — $37 on eBay', url: '/list-item?edit=42', tag: 'sold-42' }])
})
