// axe-core on every screen of docs/product.md §2, signed out and signed in, with each dialog open, on the phone and the desktop:
// no serious or critical violation anywhere. Each test walks its screens in one session and reports them all.
import { writeFile } from 'node:fs/promises'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { solidJpeg } from '../helpers/images.ts'
import { expectAccessible } from './axe.ts'
import { ADMIN, registerThroughApi, signInThroughUi, uniqueName, uploadPhoto } from './helpers.ts'

/** Opens a screen, waits for its title (the final one, after any checking it does) and checks it. */
async function checkScreen(page: Page, path: string, title: string | RegExp) {
  await page.goto(path)
  await expect(page.locator('h1').first()).toHaveText(title)
  await expectAccessible(page, path)
}

async function checkDialog(page: Page, open: () => Promise<void>, name: string, screen: string) {
  await open()
  const dialog = page.getByRole('dialog', { name })
  await expect(dialog.getByRole('heading', { name })).toBeVisible()
  await expectAccessible(page, `${screen} with the ${name} dialog open`)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
}

/** A listing with a stored photo, made through the API as the sync engine would. */
async function createListingWithPhoto(request: APIRequestContext, title: string) {
  const imageUrl = await uploadPhoto(request, await solidJpeg({ r: 200, g: 140, b: 40 }, 400, 300))
  const created = await request.post('/api/listings', {
    data: {
      title,
      price: 25,
      category: 'home',
      color: 'yellow',
      images: [imageUrl],
      description: 'A brass desk lamp.',
    },
  })
  expect(created.status(), await created.text()).toBe(201)
}

test('every signed-out screen and callback screen', async ({ page }) => {
  // Twenty screens, each loaded and checked by axe.
  test.setTimeout(60_000)
  await checkScreen(page, '/auth', /^List what you find/)
  await page.getByLabel('Username').fill(uniqueName('nobody'))
  await page.getByLabel('Password', { exact: true }).fill('not the password')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.locator('#toasts').getByText('Login failed')).toBeVisible()
  await expectAccessible(page, '/auth with the Login failed toast')
  await page.getByRole('radio', { name: 'Register' }).click()
  await page.getByRole('button', { name: 'Create account' }).click()
  // The Password typed on the Login tab is still there (one form), so the empty confirmation does not match it.
  await expect(page.getByText("Passwords don't match")).toBeVisible()
  await expectAccessible(page, "/auth, Register tab with the form's errors")

  const screens: [string, string | RegExp][] = [
    ['/forgot-password', 'Forgot your password?'],
    ['/reset-password', 'Invalid Reset Link'],
    ['/reset-password?token=not-a-real-token', 'Invalid Reset Link'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Service'],
    ['/integrate-with-etsy', 'Integrations'],
    ['/no-such-screen', '404 Page Not Found'],
    ['/ebay-success?isAuthSuccessful=false&error=access_denied', 'eBay Connection Failed'],
    ['/ebay-auth/success', 'eBay Connection Failed'],
    ['/ebay-auth/cancel', 'eBay connection cancelled'],
    ['/ebay-manual-auth', 'Connect eBay manually'],
    ['/etsy-auth/success', 'Connection Failed'],
    ['/etsy-auth/cancel', 'Etsy connection cancelled'],
    ['/etsy-manual-auth', 'Connect Etsy manually'],
    ['/verify-email', 'Email address not confirmed'],
    ['/verify-email?token=not-a-real-token', 'Sign in to confirm your email address'],
  ]
  for (const [path, title] of screens) await checkScreen(page, path, title)
})

test("a seller's Dashboard with its dialogs, the create screen with and without photos, and the admin refusal", async ({
  page,
}, testInfo) => {
  // Seven dialogs and four screens, each checked by axe: on a loaded machine more than the default 30 s.
  test.setTimeout(60_000)
  const { username } = await registerThroughApi(page.request, 'a11y')
  await createListingWithPhoto(page.request, 'Brass desk lamp')
  await page.goto('/')
  const row = page
    .getByRole('region', { name: 'Your Listings' })
    .getByRole('listitem')
    .filter({ hasText: 'Brass desk lamp' })
  await expect(row).toBeVisible()
  await expect(page.getByRole('button', { name: 'Connect eBay' })).toBeEnabled()
  await expectAccessible(page, `/ (signed in as ${username})`)

  const fromMenu = (action: string) => async () => {
    await row.getByRole('button', { name: 'Actions for Brass desk lamp' }).click()
    await page.getByRole('menuitem', { name: `${action} Brass desk lamp` }).click()
  }
  await checkDialog(page, fromMenu('Preview'), 'Brass desk lamp', '/')
  await checkDialog(
    page,
    () => row.getByRole('button', { name: 'Post to eBay: Brass desk lamp' }).click(),
    'Post to eBay',
    '/',
  )
  // Post many, with no marketplace connected: it says so and offers to connect.
  await checkDialog(
    page,
    async () => {
      await row.getByRole('checkbox', { name: 'Select Brass desk lamp' }).check()
      await page.getByRole('button', { name: 'Post 1', exact: true }).click()
      const dialog = page.getByRole('dialog', { name: 'Post many' })
      await expect(dialog.getByText('No marketplace is connected')).toBeVisible()
      await expect(dialog.getByRole('button', { name: 'Connect eBay' })).toBeVisible()
      await page.screenshot({ path: testInfo.outputPath('bulk-not-connected.png') })
    },
    'Post many',
    '/',
  )
  await checkDialog(page, fromMenu('Delete'), 'Delete this listing?', '/')
  await checkDialog(page, () => page.getByRole('button', { name: 'Connect eBay' }).click(), 'Connect eBay', '/')
  await checkDialog(page, () => page.getByRole('button', { name: 'Connect Etsy' }).click(), 'Connect Etsy', '/')

  await checkScreen(page, '/list-item', 'Create New Listing')
  const photo = testInfo.outputPath('jacket.jpg')
  await writeFile(photo, await solidJpeg({ r: 30, g: 60, b: 140 }, 800, 600))
  await page.getByLabel('Take Photo or Upload').setInputFiles(photo)
  await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible()
  await expect(page.getByLabel('Title')).not.toHaveValue('')
  await expectAccessible(page, '/list-item with a photo, filled in by the AI')

  await checkScreen(page, '/account', 'Account')
  await checkDialog(
    page,
    () => page.getByRole('button', { name: 'Sign out everywhere' }).click(),
    'Sign out everywhere?',
    '/account',
  )
  await checkDialog(
    page,
    () => page.getByRole('button', { name: 'Delete my account' }).click(),
    'Delete your account?',
    '/account',
  )

  await checkScreen(page, '/admin', 'Admin only')
  await checkScreen(page, '/admin/email-templates', 'Admin only')

  // The Insights with a sale: its figures, the chart, the months and marketplaces.
  const [lamp] = (await (await page.request.get('/api/listings')).json()) as { id: number }[]
  await page.request.post(`/api/listings/${lamp!.id}/sold-elsewhere`, { data: { quantity: 1, price: 30 } })
  await page.goto('/insights')
  await expect(page.getByRole('region', { name: 'By month' })).toBeVisible()
  await expectAccessible(page, '/insights')
  // Offers & markdowns, the lamp's floor none (no cost): the rules, what changes tomorrow, no runs yet.
  await page.goto('/pricing')
  await expect(page.getByRole('region', { name: 'What changes tomorrow' })).toBeVisible()
  await expectAccessible(page, '/pricing')
})

test('a haul: the capture screen with an item, its Move dialog, and the review', async ({ page }, testInfo) => {
  await registerThroughApi(page.request, 'a11y')
  const photo = testInfo.outputPath('teapot.jpg')
  await writeFile(photo, await solidJpeg({ r: 140, g: 60, b: 30 }, 800, 600))
  await checkScreen(page, '/haul', 'Capture a haul')
  await page.getByLabel('Take photo').setInputFiles(photo)
  await expect(page.getByRole('img', { name: 'Item 1, photo 1' })).toBeVisible()
  await expectAccessible(page, '/haul with an item')
  await checkDialog(page, () => page.getByRole('button', { name: 'Move photo 1' }).click(), 'Move photo 1 to', '/haul')
  await page.getByRole('link', { name: 'Review 1 ready' }).click()
  await expect(page.getByRole('heading', { name: 'Review item 1 of 1' })).toBeVisible()
  await expectAccessible(page, '/haul/review')
})

test('the admin screens and their dialogs', async ({ page, request }) => {
  await registerThroughApi(request, 'a11y')
  await signInThroughUi(page, ADMIN.username)
  await checkScreen(page, '/admin', 'Admin Dashboard')
  await expect(page.getByRole('button', { name: /^Delete user / }).first()).toBeVisible()
  await checkDialog(
    page,
    () =>
      page
        .getByRole('button', { name: /^Delete user / })
        .first()
        .click(),
    'Delete this user?',
    '/admin',
  )
  await page.getByRole('tab', { name: 'All Listings' }).click()
  await expect(page.getByText(/^Page 1 of \d+ · \d+ listings?$/)).toBeVisible()
  await expectAccessible(page, '/admin, All Listings')

  await checkScreen(page, '/admin/email-templates', 'Email Templates')
  await expect(page.getByRole('article', { name: 'password-reset' })).toBeVisible()
  await checkDialog(
    page,
    () => page.getByRole('button', { name: 'Create Template' }).click(),
    'Create Template',
    '/admin/email-templates',
  )
  await checkDialog(
    page,
    () => page.getByRole('button', { name: 'Preview password-reset' }).click(),
    'Preview: password-reset',
    '/admin/email-templates',
  )
})
