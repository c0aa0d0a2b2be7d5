import { expect, test, type Page } from '@playwright/test'
import { expectNoSidewaysScroll, fakeClock, leaveResultScreen, signUpThroughApi } from './helpers.ts'

const CONNECTED = 'Your Etsy account has been connected.'
const RETURNED_WITH_ERROR = 'There was an error connecting your Etsy account. Please try again.'

/** Every address the tab shows, client-side navigations included, so a passing ?etsy=… can be asserted. */
function recordAddresses(page: Page): string[] {
  const seen: string[] = []
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname + new URL(frame.url()).search)
  })
  return seen
}

const etsyRow = (page: Page) => page.getByRole('listitem', { name: 'Etsy' })

async function openEtsyConsent(page: Page) {
  await etsyRow(page).getByRole('button', { name: 'Connect Etsy' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Etsy' })
  // What connecting does, as eBay's dialog says it (decision 0063): nothing Coming Soon.
  await expect(
    dialog.getByText('Connect your Etsy shop so Snaplist can publish your listings to Etsy for you.'),
  ).toBeVisible()
  await expect(dialog.getByText(/Coming Soon/)).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Connect with Etsy' }).click()
  await expect(page.getByRole('heading', { name: 'Allow Snaplist to access your Etsy account?' })).toBeVisible()
}

const authFlags = (page: Page) =>
  page.evaluate(() => [localStorage.getItem('etsyAuthInProgress'), localStorage.getItem('etsyAuthTimestamp')])

test("connect an Etsy shop through Etsy's consent page: the Etsy row shows Connected with the shop, then Disconnect", async ({
  page,
}) => {
  await signUpThroughApi(page)
  await expect(etsyRow(page).getByText('Not connected')).toBeVisible()
  await expectNoSidewaysScroll(page)
  const addresses = recordAddresses(page)

  await fakeClock(page)
  await openEtsyConsent(page)
  await page.getByRole('link', { name: 'Allow access' }).click()
  await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible()
  await expect(page.getByText(CONNECTED).first()).toBeVisible()
  await expectNoSidewaysScroll(page)
  await leaveResultScreen(page, 'etsy', 'connected')

  await expect(page.getByRole('heading', { name: 'Connected Marketplaces' })).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  expect(addresses.some((address) => address.startsWith('/etsy/auth/success?code='))).toBe(true)
  expect(addresses).toContain('/?etsy=success')
  await expect(etsyRow(page).getByText('Connected', { exact: true })).toBeVisible()
  await expect(etsyRow(page).getByText('RitasVintageFinds')).toBeVisible()
  await expect(page.getByRole('listitem', { name: 'eBay' }).getByText('Not connected')).toBeVisible()
  expect(await authFlags(page)).toEqual([null, null])
  await expectNoSidewaysScroll(page)

  await etsyRow(page).getByRole('button', { name: 'Disconnect Etsy' }).click()
  await page.getByRole('dialog', { name: 'Disconnect Etsy?' }).getByRole('button', { name: 'Disconnect' }).click()
  await expect(etsyRow(page).getByText('Not connected')).toBeVisible()
  await expect(page.getByText('Your Etsy account has been disconnected.')).toBeVisible()
})

test("choosing Deny on Etsy's consent page lands on /?etsy=error, which says so and leaves the address", async ({
  page,
}) => {
  await signUpThroughApi(page)
  const addresses = recordAddresses(page)
  await fakeClock(page)
  await openEtsyConsent(page)
  await page.getByRole('link', { name: 'Deny' }).click()
  await expect(page.getByRole('heading', { name: 'Etsy connection cancelled' })).toBeVisible()
  await expect(page.getByText('You did not allow Snaplist to access your Etsy account')).toBeVisible()
  await expectNoSidewaysScroll(page)
  await leaveResultScreen(page, 'etsy', 'cancelled')

  await expect(page.getByText(RETURNED_WITH_ERROR)).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  expect(addresses).toContain('/?etsy=error')
  await expect(etsyRow(page).getByText('Not connected')).toBeVisible()
  expect(await authFlags(page)).toEqual([null, null])
})

test('the cancel screen goes to the Dashboard with etsy=error after 1.5 s', async ({ page }) => {
  await signUpThroughApi(page)
  const addresses = recordAddresses(page)
  await fakeClock(page)
  await page.goto('/etsy-auth/cancel')
  await expect(page.getByRole('heading', { name: 'Etsy connection cancelled' })).toBeVisible()
  await leaveResultScreen(page, 'etsy', 'cancelled')
  await expect(page.getByText(RETURNED_WITH_ERROR)).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  expect(addresses).toContain('/?etsy=error')
})

test('a callback without a code or a state says which is missing and returns to the Dashboard after 3 s', async ({
  page,
}) => {
  await signUpThroughApi(page)
  await fakeClock(page)
  await page.goto('/etsy-auth/success?state=abc')
  await expect(page.getByRole('heading', { name: 'Connection Failed' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Authorization code is missing from the URL')
  await expect(page.getByText('Failed to connect Etsy')).toBeVisible()
  await leaveResultScreen(page, 'etsy', 'failed')
  await expect(page.getByText(RETURNED_WITH_ERROR)).toBeVisible()

  await page.goto('/etsy/auth/success?code=abc')
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('State parameter is missing from the URL')
})

test('a code and state that were never issued fail with the server’s reason', async ({ page }) => {
  await signUpThroughApi(page)
  await page.goto('/etsy/auth/success?code=made-up&state=made-up')
  await expect(page.getByRole('heading', { name: 'Connection Failed' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    /^Token exchange failed: This Etsy authorization does not belong to your current session/,
  )
})

test('the manual screen asks for both fields, then says when the exchange fails', async ({ page }) => {
  await signUpThroughApi(page)
  await page.goto('/etsy-manual-auth')
  await expectNoSidewaysScroll(page)
  await page.getByRole('button', { name: 'Connect with Etsy' }).click()
  await expect(page.getByText('Please enter the authorization code')).toBeVisible()
  await expect(page.getByText('Please enter the state parameter')).toBeVisible()
  await page.getByLabel('Authorization Code').fill('made-up-code')
  await page.getByLabel('State Parameter').fill('made-up-state')
  await page.getByRole('button', { name: 'Connect with Etsy' }).click()
  await expect(page.getByText(/^Failed to exchange code for token: /)).toBeVisible()
})

test('back on the Dashboard with a fresh in-progress mark, a connection is announced; a stale mark is discarded', async ({
  page,
}) => {
  await signUpThroughApi(page)
  await openEtsyConsent(page)
  await page.getByRole('link', { name: 'Allow access' }).click()
  await expect(etsyRow(page).getByText('RitasVintageFinds')).toBeVisible()

  const mark = (ageMs: number) =>
    page.evaluate((age) => {
      localStorage.setItem('etsyAuthInProgress', 'true')
      localStorage.setItem('etsyAuthTimestamp', String(Date.now() - age))
    }, ageMs)
  await mark(6 * 60 * 1000)
  await page.reload()
  await expect(etsyRow(page).getByText('RitasVintageFinds')).toBeVisible()
  expect(await authFlags(page)).toEqual([null, null])
  // A stale mark asks nothing: once the page is quiet, no toast has appeared.
  await page.waitForLoadState('networkidle')
  await expect(page.getByText(CONNECTED)).toHaveCount(0)

  const addresses = recordAddresses(page)
  await mark(60 * 1000)
  await page.reload()
  await expect(page.getByText(CONNECTED)).toBeVisible()
  expect(addresses).toContain('/?etsy=connected')
  await expect(page).toHaveURL(/\/$/)
  expect(await authFlags(page)).toEqual([null, null])
})
