// The account screen on a phone: confirming the address from the emailed link, changing the password and signing in
// with the new one, deleting the account.
import { expect, test } from '@playwright/test'
import {
  expectLoginRefused,
  expectNoSidewaysScroll,
  mailTo,
  PASSWORD,
  registerThroughApi,
  registerThroughUi,
  signInThroughUi,
} from './helpers.ts'

const NEW_PASSWORD = 'a second hand coat'

test('a new seller confirms the address from the email, then changes the password and signs in with the new one', async ({
  page,
}) => {
  const username = await registerThroughUi(page)
  const email = `${username}@example.com`
  const banner = page.getByText(`Confirm your email address: we sent a link to ${email}.`)
  await expect(banner).toBeVisible()
  await expect(page.getByRole('button', { name: 'Resend' })).toBeVisible()

  const mail = await mailTo(email, /^Confirm your email address for Snaplist$/)
  const link = /href="(http[^"]+\/verify-email\?token=[\w-]+)"/.exec(mail.html ?? '')?.[1]
  expect(link, 'a confirmation link in the HTML').toBeDefined()
  await page.goto(link!)
  await expect(page.getByRole('heading', { name: 'Email address confirmed' })).toBeVisible()
  await page.getByRole('link', { name: 'Go to the Dashboard' }).click()
  await expect(page.getByRole('heading', { name: `Hello, ${username}` })).toBeVisible()
  await expect(banner).toHaveCount(0)

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click()
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Email address' }).getByText('Confirmed', { exact: true }),
  ).toBeVisible()
  await page.setViewportSize({ width: 390, height: 844 })
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: test.info().outputPath('account-390x844.png'), fullPage: true })

  const password = page.getByRole('region', { name: 'Password' })
  await password.getByLabel('Current password').fill('not my password')
  await password.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
  await password.getByLabel('Confirm new password').fill(NEW_PASSWORD)
  await password.getByRole('button', { name: 'Change password' }).click()
  await expect(password.getByText('That password is not correct. Type your current password.')).toBeVisible()
  await password.getByLabel('Current password').fill(PASSWORD)
  await password.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('Password changed', { exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/auth$/)
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expectLoginRefused(page)
  await signInThroughUi(page, username, NEW_PASSWORD)
})

test('deleting the account asks for the password, then signs out and the account is gone', async ({ page }) => {
  const { username } = await registerThroughApi(page.request, 'leaving')
  await page.goto('/account')
  await page.getByRole('button', { name: 'Delete my account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
  await expect(dialog.getByRole('heading', { name: 'Delete your account?' })).toBeVisible()
  await dialog.getByLabel('Your password').fill('wrong password')
  await dialog.getByRole('button', { name: 'Delete my account' }).click()
  await expect(dialog.getByText('That password is not correct. Type your current password.').first()).toBeVisible()
  await dialog.getByLabel('Your password').fill(PASSWORD)
  await dialog.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page).toHaveURL(/\/auth$/)
  await expect(page.getByText('Account deleted')).toBeVisible()

  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expectLoginRefused(page)
})
