// /auth paints from its HTML before the app has started (docs/decisions/0014, 0019): what is on screen then must work
// as shown. The Login and Register tabs switch from the HTML alone, text typed before the app starts stays when it does,
// and a seller on a slow phone registers with the first tap (issue 26).
import { expect, test, type Page } from '@playwright/test'
import { PASSWORD, uniqueName } from './helpers.ts'

/** Once React has adopted the element `selector` matches (its fiber is on it), the app has the page. */
const hydrated = (page: Page, selector: string) =>
  page.waitForFunction(
    (css) => Object.keys(document.querySelector(css) ?? {}).some((key) => key.startsWith('__reactFiber')),
    selector,
  )

/** Fills the Register tab's fields, as a person types them. */
async function typeRegistration(page: Page, username: string) {
  await page.getByLabel('First name').fill('Rita')
  await page.getByLabel('Last name').fill('Reseller')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Email').fill(`${username}@example.com`)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirm password').fill(PASSWORD)
}

/** Every request the page makes for the sign-in settings. */
function settingsRequests(page: Page): string[] {
  const requests: string[] = []
  page.on(
    'request',
    (request) => void (new URL(request.url()).pathname === '/api/auth/config' && requests.push(request.url())),
  )
  return requests
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the Register tab opens the registration form, and Login brings the sign-in form back', async ({ page }) => {
    await page.goto('/auth')
    await page.getByRole('radio', { name: 'Register' }).click()
    await expect(page.getByLabel('First name')).toBeVisible()
    await expect(page.getByLabel('Confirm password')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeHidden()
    await page.getByRole('radio', { name: 'Login' }).click()
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible()
    await expect(page.getByLabel('First name')).toBeHidden()
    await expect(page.getByText('Forgot your password?')).toBeVisible()
  })
})

test('a tap on Register before the app has started switches the tab, and what was typed survives the app starting', async ({
  page,
}) => {
  const settings = settingsRequests(page)
  // The app's scripts wait until the seller has typed everything: a phone on a slow network.
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released
    await route.continue()
  })
  await page.goto('/auth', { waitUntil: 'commit' })
  await page.getByRole('radio', { name: 'Register' }).click()
  await expect(page.getByLabel('First name')).toBeVisible()
  const username = uniqueName('early')
  await typeRegistration(page, username)
  release()
  await hydrated(page, 'form')
  // The app has the page: the tab and every field are as the seller left them.
  await expect(page.getByRole('radio', { name: 'Register' })).toBeChecked()
  await expect(page.getByLabel('First name')).toHaveValue('Rita')
  await expect(page.getByLabel('Username')).toHaveValue(username)
  await expect(page.getByLabel('Confirm password')).toHaveValue(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { name: `Hello, ${username}` })).toBeVisible()
  expect(settings.length, 'the sign-in settings are asked for once').toBeLessThanOrEqual(1)
})

test('a username typed into Login before the app starts is still there on the Register tab', async ({ page }) => {
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released
    await route.continue()
  })
  await page.goto('/auth', { waitUntil: 'commit' })
  const username = uniqueName('typed')
  await page.getByLabel('Username').fill(username)
  await page.getByRole('radio', { name: 'Register' }).click()
  await expect(page.getByLabel('Username')).toHaveValue(username)
  release()
  await hydrated(page, 'form')
  await expect(page.getByLabel('Username')).toHaveValue(username)
})

test('on a slow phone (1.6 Mbit/s, 300 ms, CPU 6× slower) the first tap on Register opens it and registration works', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const settings = settingsRequests(page)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 300,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
  await page.goto('/auth', { waitUntil: 'commit' })
  // As soon as the tab shows, as a seller would.
  await page.getByRole('radio', { name: 'Register' }).click()
  await expect(page.getByLabel('First name')).toBeVisible()
  const username = uniqueName('slow')
  await typeRegistration(page, username)
  await expect(page.getByLabel('Username')).toHaveValue(username)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { name: `Hello, ${username}` })).toBeVisible({ timeout: 60_000 })
  expect(settings.length, 'the sign-in settings are asked for once').toBeLessThanOrEqual(1)
})
