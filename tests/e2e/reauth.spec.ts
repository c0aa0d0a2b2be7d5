// Issue 27, F14 (docs/decisions/0026): connecting a marketplace from a session idle for over 12 hours asks for the
// password in a dialog, then goes on. The browser cannot move the server's clock, so the server's first answer to the
// connect is the refusal it gives such a session (tests/api/accounts/recent-proof.test.ts proves the server gives it); the password
// check and the connect after it are the real server's.
import { expect, test } from '@playwright/test'
import { PASSWORD, signUpThroughApi } from './helpers.ts'

test('connecting eBay after a long idle asks for the password, then opens eBay', async ({ page }) => {
  await signUpThroughApi(page)
  let refused = 0
  await page.route('**/api/marketplace-connections/ebay/auth', async (route) => {
    if (refused++ > 0) return route.fallback()
    await route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Stale session', code: 'reauth_required', requestId: 'e2e' }),
    })
  })

  await page.getByRole('listitem', { name: 'eBay' }).getByRole('button', { name: 'Connect eBay' }).click()
  await page.getByRole('dialog', { name: 'Connect eBay' }).getByRole('button', { name: 'Connect with eBay' }).click()
  const confirm = page.getByRole('dialog', { name: "Confirm it's you" })
  await expect(confirm.getByLabel('Your password')).toBeVisible()

  await confirm.getByLabel('Your password').fill('not my password')
  await confirm.getByRole('button', { name: 'Continue' }).click()
  await expect(confirm.getByText(/not correct/)).toBeVisible()
  expect(refused).toBe(1)

  await confirm.getByLabel('Your password').fill(PASSWORD)
  await confirm.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { name: 'Grant Snaplist access to your eBay account?' })).toBeVisible()
  expect(refused).toBe(2)
})

test('closing the password dialog drops the connect without an error', async ({ page }) => {
  await signUpThroughApi(page)
  await page.route('**/api/marketplace-connections/ebay/auth', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Stale session', code: 'reauth_required', requestId: 'e2e' }),
    }),
  )
  await page.getByRole('listitem', { name: 'eBay' }).getByRole('button', { name: 'Connect eBay' }).click()
  await page.getByRole('dialog', { name: 'Connect eBay' }).getByRole('button', { name: 'Connect with eBay' }).click()
  const confirm = page.getByRole('dialog', { name: "Confirm it's you" })
  await expect(confirm.getByLabel('Your password')).toBeVisible()
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm.getByLabel('Your password')).toBeHidden()
  await expect(page.getByText('Connection Failed')).toHaveCount(0)
})
