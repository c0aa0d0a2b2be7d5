import { expect, test } from '@playwright/test'
import {
  expectNoSidewaysScroll,
  fillRegisterForm,
  PASSWORD,
  registerThroughUi,
  submitRegistration,
  uniqueName,
} from './helpers.ts'

test('register, be greeted, stay signed in across a reload, then log out', async ({ page }) => {
  const username = await registerThroughUi(page)
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText(`Welcome, ${username}`)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your Listings' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Connected Marketplaces' })).toBeVisible()
  await expectNoSidewaysScroll(page)

  await page.reload()
  await expect(page.getByText(`Welcome, ${username}`)).toBeVisible()

  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/auth$/)
  await expect(page.getByText('Logged out successfully')).toBeVisible()
  await expect(page.getByText('You have been logged out of your account.')).toBeVisible()

  await page.goto('/')
  await expect(page).toHaveURL(/\/auth$/)
})

test('sign in with the Login tab after registering', async ({ page }) => {
  const username = await registerThroughUi(page)
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/auth$/)
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByRole('heading', { name: `Hello, ${username}` })).toBeVisible()
})

test('a wrong password shows the Login failed toast with the reason, and says it under the form too', async ({
  page,
}) => {
  await page.goto('/auth')
  await page.getByLabel('Username').fill(uniqueName('nobody'))
  await page.getByLabel('Password', { exact: true }).fill('not the password')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  const reason = 'Incorrect username or password. Check both and try again.'
  const toast = page.locator('#toasts')
  await expect(toast.getByText('Login failed')).toBeVisible()
  await expect(toast.getByText(reason)).toBeVisible()
  // The toast leaves after 5 seconds; the form keeps saying why.
  await expect(page.locator('form').getByRole('alert')).toHaveText(`Login failed: ${reason}`)
})

test('the forms say what is missing before anything is sent', async ({ page }) => {
  await page.goto('/auth')
  await expectNoSidewaysScroll(page)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByText('Username is required')).toBeVisible()
  await expect(page.getByText('Password is required')).toBeVisible()

  await page.getByRole('radio', { name: 'Register' }).click()
  await page.getByLabel('Email').fill('not-an-email')
  await page.getByLabel('Password', { exact: true }).fill('longenough1')
  await page.getByLabel('Confirm password').fill('different11')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('Invalid email format')).toBeVisible()
  await expect(page.getByText("Passwords don't match")).toBeVisible()
})

test('anonymous visitors to / and /list-item land on /auth', async ({ page }) => {
  for (const path of ['/', '/list-item']) {
    await page.goto(path)
    await expect(page).toHaveURL(/\/auth$/)
    await expect(page.getByRole('radio', { name: 'Login' })).toBeVisible()
  }
})

test('a signed-in visit to /auth lands on the Dashboard', async ({ page }) => {
  const username = await registerThroughUi(page)
  await page.goto('/auth')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { name: `Hello, ${username}` })).toBeVisible()
})

test('an unknown path shows the 404 screen', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible()
})

test('the footer links to the public pages, which state their facts', async ({ page }) => {
  await page.goto('/auth')
  const footer = page.getByRole('navigation', { name: 'Footer' })
  await footer.getByRole('link', { name: 'Privacy Policy' }).click()
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible()
  await expect(page.getByText('July 8, 2025').first()).toBeVisible()
  await footer.getByRole('link', { name: 'Terms of Service' }).click()
  await expect(page.getByText(/Nevada/).first()).toBeVisible()
  await footer.getByRole('link', { name: 'Integrations' }).click()
  await expect(page.getByText(/Etsy/).first()).toBeVisible()
  await expect(footer.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', /^mailto:/)
  await expect(page.getByText('© 2025')).toBeVisible()
})

test('a common password is refused by the server and the reason shows under the password field', async ({ page }) => {
  await submitRegistration(page, uniqueName('picky'), 'Password123')
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    'This password is too common. Choose one that is harder to guess.',
  )
  await expect(page).toHaveURL(/\/auth$/)
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: 'test-results/register-common-password.png' })
})

test('while no administrator exists the Register tab offers the setup code to whoever installed it, and says so on the field when it is wrong', async ({
  page,
}) => {
  // The suite's server has its administrator already; this plays a fresh install's answer.
  await page.route('**/api/auth/config', (route) =>
    route.fulfill({ json: { googleClientId: null, setupCodeRequired: true } }),
  )
  await fillRegisterForm(page, uniqueName('claimer'))
  // A seller registering is not asked for it: the field shows only when asked for, saying who it is for.
  const askFor = page.getByText('I installed Snaplist: enter the setup code')
  await expect(askFor).toBeVisible()
  const setupCode = page.getByLabel('Setup code')
  await expect(setupCode).toBeHidden()
  await askFor.click()
  await expect(
    page.getByText('Only for whoever installed this Snaplist server, to make their account the administrator.'),
  ).toBeVisible()
  await expect(setupCode).toBeVisible()
  await setupCode.fill('WRNG-CODE-WRNG-CODE')
  await expectNoSidewaysScroll(page)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(setupCode).toHaveAccessibleDescription(/This setup code is not valid or has been used\./)
  await expect(setupCode).toHaveAttribute('aria-invalid', 'true')
  await page.screenshot({ path: 'test-results/register-setup-code.png' })
})
