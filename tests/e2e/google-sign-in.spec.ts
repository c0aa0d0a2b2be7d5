// Sign in with Google on /auth. The shared server has no GOOGLE_CLIENT_ID; a second server started here has one and
// fetches its "Google" certificates from a stand-in that publishes a test key. Google's script never loads from the
// network: requests to accounts.google.com are blocked, or answered with a stand-in whose button hands the page an
// ID token signed with the test key, which the real server then verifies.
import type { ChildProcess } from 'node:child_process'
import { expect, test, type Page } from '@playwright/test'
import { startFakeGoogleCerts, type FakeGoogleCerts } from '../fakes/google-certs.ts'
import {
  createGoogleTestKey,
  signIdToken,
  TEST_GOOGLE_CLIENT_ID,
  type GoogleTestKey,
  type IdTokenClaims,
} from '../helpers/google-tokens.ts'
import { startServer } from '../helpers/server-process.ts'
import { uniqueName } from './helpers.ts'

const GOOGLE = 'https://accounts.google.com/**'
const SCRIPT_FAILED =
  'Sign in with Google could not load. Check your connection and reload, or log in with your username and password below.'

const googleRegion = (page: Page) => page.getByRole('region', { name: 'Sign in with Google' })

/** Records what the page asks of accounts.google.com, and refuses it all. */
async function blockGoogle(page: Page): Promise<string[]> {
  const requested: string[] = []
  await page.route(GOOGLE, (route) => {
    requested.push(route.request().url())
    return route.abort()
  })
  return requested
}

/** Google's script as far as the app uses it: the button it draws hands over this credential when tapped. */
const standInScript = (credential: string) => `
window.google = { accounts: { id: {
  initialize(config) { this.config = config },
  renderButton(parent) {
    const button = document.createElement('button')
    button.type = 'button'
    button.textContent = 'Sign in with Google (stand-in)'
    button.addEventListener('click', () => this.config.callback({ credential: ${JSON.stringify(credential)} }))
    parent.append(button)
  },
} } }`

async function serveStandInScript(page: Page, credential: string) {
  await page.route(GOOGLE, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: standInScript(credential) }),
  )
}

test("without GOOGLE_CLIENT_ID, /auth shows no Google button and never loads Google's script", async ({ page }) => {
  const requested = await blockGoogle(page)
  const config = page.waitForResponse('**/api/auth/config')
  await page.goto('/auth')
  expect(await (await config).json()).toEqual({ googleClientId: null, setupCodeRequired: false })
  await expect(page.getByRole('radio', { name: 'Login' })).toBeVisible()
  await expect(googleRegion(page)).toHaveCount(0)
  expect(requested).toEqual([])
})

test.describe('with GOOGLE_CLIENT_ID set', () => {
  let key: GoogleTestKey
  let certificates: FakeGoogleCerts
  let origin: string
  let server: ChildProcess | undefined

  test.beforeAll(async () => {
    test.setTimeout(60_000)
    key = await createGoogleTestKey()
    certificates = await startFakeGoogleCerts(key)
    ;({ origin, server } = await startServer({
      GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT_ID,
      GOOGLE_CERTS_URL: certificates.url,
    }))
  })

  test.afterAll(async () => {
    server?.kill()
    await certificates?.close()
  })

  const googleAccount = (): IdTokenClaims => {
    const name = uniqueName('gina')
    return { sub: `sub-${name}`, email: `${name}@gmail.example`, given_name: 'Gina', family_name: 'Google' }
  }

  test('/auth offers Sign in with Google above the Login and Register tabs, and says what to do when Google cannot be reached', async ({
    page,
  }) => {
    const requested = await blockGoogle(page)
    await page.goto(`${origin}/auth`)
    const region = googleRegion(page)
    await expect(region).toBeVisible()
    await expect(region.getByText(SCRIPT_FAILED)).toBeVisible()
    expect(requested).toEqual(['https://accounts.google.com/gsi/client'])
    const [regionBox, tabsBox] = await Promise.all([
      region.boundingBox(),
      page.getByRole('radiogroup', { name: 'Sign in or register' }).boundingBox(),
    ])
    expect(regionBox!.y + regionBox!.height).toBeLessThanOrEqual(tabsBox!.y)
  })

  test("tapping Google's button signs in, and the account is created from the Google profile", async ({ page }) => {
    const account = googleAccount()
    await serveStandInScript(page, signIdToken(key, account))
    await page.goto(`${origin}/auth`)
    await googleRegion(page).getByRole('button', { name: 'Sign in with Google (stand-in)' }).click()
    await expect(page.getByRole('heading', { name: `Hello, ${account.email}` })).toBeVisible()
    await page.reload()
    await expect(page.getByRole('heading', { name: `Hello, ${account.email}` })).toBeVisible()
    // Google vouched for the address: nothing to confirm.
    await expect(page.getByText('Confirm your email address')).toHaveCount(0)
  })

  test('an account registered with the same address but never confirmed is not signed in to, and the toast says what to do', async ({
    page,
  }) => {
    const account = googleAccount()
    const registered = await page.request.post(`${origin}/api/register`, {
      data: {
        username: uniqueName('squatter'),
        email: account.email,
        firstName: 'S',
        lastName: 'Q',
        password: 'registered first',
      },
    })
    expect(registered.status()).toBe(201)
    await page.context().clearCookies()
    await serveStandInScript(page, signIdToken(key, account))
    await page.goto(`${origin}/auth`)
    await googleRegion(page).getByRole('button', { name: 'Sign in with Google (stand-in)' }).click()
    await expect(page.getByText('Login failed')).toBeVisible()
    await expect(
      page.getByText(
        'An account with this email exists but its address is not confirmed. Sign in with its password, or reset the password.',
      ),
    ).toBeVisible()
    await expect(page).toHaveURL(/\/auth$/)
  })

  test('an expired Google sign-in shows the Login failed toast with what to do', async ({ page }) => {
    const now = Math.floor(Date.now() / 1000)
    await serveStandInScript(page, signIdToken(key, { ...googleAccount(), iat: now - 7200, exp: now - 3600 }))
    await page.goto(`${origin}/auth`)
    await googleRegion(page).getByRole('button', { name: 'Sign in with Google (stand-in)' }).click()
    await expect(page.getByText('Login failed')).toBeVisible()
    await expect(page.getByText('Your Google sign-in expired. Tap Sign in with Google again.')).toBeVisible()
    await expect(page).toHaveURL(/\/auth$/)
  })
})
