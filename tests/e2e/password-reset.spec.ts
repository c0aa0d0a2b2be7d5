import { expect, test } from '@playwright/test'
import { expectLoginRefused, expectNoSidewaysScroll, mailTo, PASSWORD, signUpThroughApi } from './helpers.ts'

const NEW_PASSWORD = 'spring cleaning 2025'

test('forgot the password: ask for a link, open it from the email, choose a new password, sign in with it', async ({
  page,
}) => {
  const username = await signUpThroughApi(page)
  const email = `${username}@example.com`
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/auth$/)

  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible()
  await expectNoSidewaysScroll(page)
  await page.getByLabel('Email').fill('not an email')
  await page.getByRole('button', { name: 'Send Reset Instructions' }).click()
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send Reset Instructions' }).click()
  await expect(
    page.getByText("If your email address is registered with us, you'll receive a password reset link shortly."),
  ).toBeVisible()

  const mail = await mailTo(email, /^Reset your Snaplist password$/)
  const link = /href="(http[^"]+\/reset-password\?token=[\w-]+)"/.exec(mail.html ?? '')?.[1]
  expect(link, 'a reset link in the HTML').toBeDefined()
  expect(mail.text).toContain(link)

  // Holds the token check for a moment so its state can be seen.
  await page.route('**/api/reset-password/*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400))
    await route.continue()
  })
  await page.goto(link!)
  await expect(page.getByRole('heading', { name: 'Verifying Reset Token' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
  await expectNoSidewaysScroll(page)

  await page.getByLabel('New Password', { exact: true }).fill('short')
  await page.getByLabel('Confirm Password').fill('different')
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()
  await expect(page.getByText('Passwords do not match')).toBeVisible()

  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD)
  await page.getByLabel('Confirm Password').fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByRole('heading', { name: 'Password Reset Successful' })).toBeVisible()
  await expect(page).toHaveURL(/\/auth$/, { timeout: 6_000 })

  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expectLoginRefused(page)
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByRole('heading', { name: `Hello, ${username}` })).toBeVisible()

  // The link worked once.
  await page.goto(link!)
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible()
  await expect(
    page.getByText('This password reset link is not valid or has already been used. Request a new link.'),
  ).toBeVisible()
})

test('a reset link without a token or with a bad one says so and offers a new link', async ({ page }) => {
  await page.goto('/reset-password')
  await expect(page.getByText('Reset token is missing. Please check your email link.')).toBeVisible()
  await page.goto('/reset-password?token=not-a-real-token')
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible()
  await page.getByRole('link', { name: 'Request a new reset link' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await page.getByRole('link', { name: 'Back to login' }).click()
  await expect(page).toHaveURL(/\/auth$/)
})
