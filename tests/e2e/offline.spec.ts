import { expect, test, type Page } from '@playwright/test'
import {
  expectNoSidewaysScroll,
  expectPhoneKnowsSeller,
  registerThroughUi,
  signInThroughUi,
  signUpThroughApi,
} from './helpers.ts'
import { draftOffline, installApp, photoFiles, serverListings, type ServerListing } from './offline-drafts.ts'

test.setTimeout(90_000)

test('list three items with no signal, reopen the app offline, and have each reach the server exactly once', async ({
  page,
  context,
}, testInfo) => {
  await signUpThroughApi(page)
  await installApp(page)
  const photos = await photoFiles(testInfo.outputDir, 3)
  const headerHeight = () => page.getByRole('banner').evaluate((header) => header.getBoundingClientRect().height)
  const headerOnline = await headerHeight()

  await context.setOffline(true)
  await draftOffline(page, 'Offline teapot', [photos[0]!])
  await draftOffline(page, 'Offline lamp', [photos[1]!, photos[2]!])
  await draftOffline(page, 'Offline radio', [photos[2]!])
  await expect(page.getByText('3 waiting to sync')).toBeVisible()
  // The pill narrows the greeting; the header keeps its height, so the page does not jump.
  expect(await headerHeight()).toBe(headerOnline)
  await expectNoSidewaysScroll(page)

  await page.reload()
  await expect(page.getByRole('heading', { name: 'Drafts on this phone' })).toBeVisible()
  for (const title of ['Offline teapot', 'Offline lamp', 'Offline radio']) {
    await expect(page.getByRole('listitem').filter({ hasText: title }).getByText('Waiting for network')).toBeVisible()
  }
  // The Dashboard says it is offline, and shows what the phone last saw of the listings (issue 26, item 8).
  await expect(
    page.getByText(
      /^You are offline\. (Showing what this phone last saw|Your listings will show again when you are back online)/,
    ),
  ).toBeVisible()

  await context.setOffline(false)
  await expect(page.getByText(/waiting to sync/)).toBeHidden({ timeout: 30_000 })
  const listings = page.getByRole('region', { name: 'Your Listings' })
  for (const title of ['Offline teapot', 'Offline lamp', 'Offline radio'])
    await expect(listings.getByText(title)).toBeVisible()

  const onServer = await serverListings(page)
  expect(onServer.map((listing) => listing.title).sort()).toEqual(['Offline lamp', 'Offline radio', 'Offline teapot'])
  expect(onServer.find((listing) => listing.title === 'Offline lamp')!.images).toHaveLength(2)
  await expect(page.getByRole('heading', { name: 'Drafts on this phone' })).toBeHidden()
})

test("a draft the server refuses shows the server's message and Retry, and Retry sends it", async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  })
  const page = await context.newPage()
  await signUpThroughApi(page)
  const refusal = 'Listings that mention a prohibited item cannot be created. Edit the title and try again.'
  await page.route('**/api/listings', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 400, json: { message: refusal, code: 'invalid_input' } })
      : route.fallback(),
  )
  await page.goto('/list-item')
  await page.getByLabel('Title').fill('Refused item')
  await page.getByRole('combobox', { name: /^Category/ }).selectOption('other')
  await page.getByLabel('Primary Color').selectOption('black')
  await page.getByRole('button', { name: 'Create Listing' }).click()
  await expect(page.getByText(`${refusal} Fix it below and tap Create Listing again.`)).toBeVisible()

  await page.goto('/')
  const drafts = page.getByRole('region', { name: 'Drafts on this phone' })
  const row = drafts.getByRole('listitem').filter({ hasText: 'Refused item' })
  await expect(row.getByText(`Failed: ${refusal}`)).toBeVisible()
  await page.unroute('**/api/listings')
  await row.getByRole('button', { name: 'Retry Refused item' }).click()
  await expect(page.getByRole('region', { name: 'Your Listings' }).getByText('Refused item')).toBeVisible()
  await expect(drafts).toBeHidden()
  await context.close()
})

test('photos shared from the gallery become a new draft once the seller adds them, even with no signal', async ({
  page,
  context,
}, testInfo) => {
  await signUpThroughApi(page)
  await installApp(page)
  await expectPhoneKnowsSeller(page)
  const photos = await photoFiles(testInfo.outputDir, 2)
  await context.setOffline(true)
  // What the phone's share sheet does: a multipart form POST (a navigation) to the manifest's share_target.
  await page.evaluate(() => {
    const form = Object.assign(document.createElement('form'), {
      method: 'POST',
      action: '/share-target',
      enctype: 'multipart/form-data',
    })
    form.append(Object.assign(document.createElement('input'), { name: 'title', value: 'Shared brass candlestick' }))
    form.append(
      Object.assign(document.createElement('input'), {
        type: 'file',
        name: 'photos',
        multiple: true,
        id: 'shared-photos',
      }),
    )
    document.body.append(form)
  })
  await page.locator('#shared-photos').setInputFiles(photos)
  await page.evaluate(() => document.querySelector<HTMLFormElement>('form[action="/share-target"]')!.requestSubmit())
  // Nothing shared is kept before the seller says so (issue 27, F5; tests/e2e/share-target.spec.ts).
  await expect(page.getByRole('heading', { name: 'Add what you shared?' })).toBeVisible()
  await page.getByRole('button', { name: 'Add as draft' }).click()
  await expect(page).toHaveURL(/\/list-item\?draft=[0-9a-f-]{36}$/)
  await expect(page.getByLabel('Title')).toHaveValue('Shared brass candlestick')
  await expect(page.getByRole('img', { name: 'Photo 2' })).toBeVisible()
  await expect(page.getByText('Waiting for network').first()).toBeVisible()
})

test.describe('a phone shared by two sellers', () => {
  // No service worker, so the stand-in for a lost signal below also covers everything the app sends.
  test.use({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } })

  const SYNC_SENDS = /\/api\/(images|analyze-image|listings)$/
  /** The signal drops for the sync: every change it sends fails as on a dead network. */
  const noSignalForSync = (page: Page) =>
    page.route(SYNC_SENDS, (route) =>
      route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
    )

  /**
   * A draft with a photo that could not be sent: made while the sync has no signal, submitted while the phone says it
   * has none (the browser's own offline mode would also cut off the app's not yet loaded parts, which only the
   * service worker, blocked here, would serve).
   */
  async function unsentDraft(page: Page, title: string, photo: string) {
    await noSignalForSync(page)
    // From the Dashboard within the app, so going back to it needs nothing from the network.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New Listing' }).click()
    await page.getByLabel('Take Photo or Upload').setInputFiles([photo])
    await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible()
    await page.getByLabel('Title').fill(title)
    await page.getByRole('combobox', { name: /^Category/ }).selectOption('collectibles')
    await page.getByLabel('Primary Color').selectOption('green')
    await page.evaluate(() => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false }))
    await page.getByRole('button', { name: 'Create Listing' }).click()
    await expect(page.getByText('Saved on this phone — it will sync when you are back online')).toBeVisible()
    await expect(page).toHaveURL(/\/$/)
    await page.evaluate(() => {
      delete (navigator as { onLine?: boolean }).onLine
      window.dispatchEvent(new Event('online'))
    })
    await expect(page.getByText('1 waiting to sync')).toBeVisible()
  }

  async function logOut(page: Page, choice?: 'Keep on this phone' | 'Remove from this phone') {
    await page.getByRole('button', { name: 'Logout' }).click()
    if (choice)
      await page.getByRole('dialog', { name: 'Log out of this phone?' }).getByRole('button', { name: choice }).click()
    await expect(page.getByText('Logged out successfully')).toBeVisible()
    await expect(page).toHaveURL(/\/auth$/)
  }

  const listingTitles = async (page: Page) =>
    ((await (await page.request.get('/api/listings')).json()) as ServerListing[]).map((listing) => listing.title)

  test('A keeps an unsent draft at logout: B signs in and syncs and never gets it, A signs in again and it reaches A', async ({
    page,
  }, testInfo) => {
    const [photo] = await photoFiles(testInfo.outputDir, 1)
    const alice = await signUpThroughApi(page)
    await unsentDraft(page, 'Alice teapot', photo!)

    await page.getByRole('button', { name: 'Logout' }).click()
    const dialog = page.getByRole('dialog', { name: 'Log out of this phone?' })
    await expect(
      dialog.getByText('1 draft and 1 photo from this account are still on this phone and have not been synced.'),
    ).toBeVisible()
    await page.screenshot({ path: testInfo.outputPath('logout-dialog.png') })
    await dialog.getByRole('button', { name: 'Keep on this phone' }).click()
    await expect(page.getByText('Logged out successfully')).toBeVisible()
    await expect(page).toHaveURL(/\/auth$/)

    // The signal is back, and B signs in on the same phone and lists something.
    await page.unroute(SYNC_SENDS)
    await registerThroughUi(page)
    await page.goto('/list-item')
    await page.getByLabel('Title').fill('Bob radio')
    await page.getByRole('combobox', { name: /^Category/ }).selectOption('electronics')
    await page.getByLabel('Primary Color').selectOption('black')
    await page.getByRole('button', { name: 'Create Listing' }).click()
    await expect(page.getByText('Listing created successfully')).toBeVisible()
    await expect(page.getByText(/waiting to sync/)).toBeHidden({ timeout: 30_000 })
    await expect(page.getByRole('region', { name: 'Your Listings' }).getByText('Bob radio')).toBeVisible()
    await expect(page.getByText('Alice teapot')).toBeHidden()
    expect(await listingTitles(page)).toEqual(['Bob radio'])

    // B has nothing left on the phone: one tap logs out.
    await logOut(page)
    await signInThroughUi(page, alice)
    await expect(page.getByRole('region', { name: 'Your Listings' }).getByText('Alice teapot')).toBeVisible({
      timeout: 30_000,
    })
    const listings = (await (await page.request.get('/api/listings')).json()) as ServerListing[]
    expect(listings.map((listing) => [listing.title, listing.images.length])).toEqual([['Alice teapot', 1]])
  })

  test("Remove from this phone deletes the account's unsent drafts; Cancel keeps the seller signed in", async ({
    page,
  }, testInfo) => {
    const [photo] = await photoFiles(testInfo.outputDir, 1)
    const alice = await signUpThroughApi(page)
    await unsentDraft(page, 'Alice lamp', photo!)

    await page.getByRole('button', { name: 'Logout' }).click()
    await page.getByRole('dialog', { name: 'Log out of this phone?' }).getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(page.getByText(`Welcome, ${alice}`)).toBeVisible()

    await logOut(page, 'Remove from this phone')
    await page.unroute(SYNC_SENDS)
    await signInThroughUi(page, alice)
    await expect(page.getByRole('heading', { name: 'Your Listings' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Drafts on this phone' })).toBeHidden()
    await expect(page.getByText(/waiting to sync/)).toBeHidden()
    expect(await listingTitles(page)).toEqual([])
  })
})
