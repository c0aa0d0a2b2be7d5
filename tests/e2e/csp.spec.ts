// The Content-Security-Policy allows everything the app does and nothing more: every main screen, signed out and signed
// in, loads and works (a toast, a photo shrunk in the worker and shown from IndexedDB, the service worker installed)
// without the browser refusing a single script, style, image, connection or worker.
import { writeFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { solidJpeg } from '../helpers/images.ts'
import { ADMIN, signInThroughUi } from './helpers.ts'

/** Every violation the page reports, as an event in the document or as Chromium's "Refused to …" console message. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Refused to|Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { reportViolation(text: string): Promise<void> }).reportViolation(
        `${event.violatedDirective} refused ${event.blockedURI || 'inline code'}`,
      )
    })
  })
  return violations
}

async function visit(page: Page, path: string) {
  const response = await page.goto(path)
  expect(response?.headers()['content-security-policy'], `${path} is served with the policy`).toContain(
    "script-src 'self'",
  )
  await page.waitForLoadState('networkidle')
  await expect(page.locator('#root')).not.toBeEmpty()
}

test('signed out, no screen breaks the policy', async ({ page }) => {
  const violations = await watchViolations(page)
  for (const path of [
    '/auth',
    '/forgot-password',
    '/reset-password?token=not-a-real-token',
    '/privacy-policy',
    '/terms-of-service',
    '/integrate-with-etsy',
    '/no-such-page',
  ]) {
    await visit(page, path)
  }
  await visit(page, '/auth')
  await page.getByLabel('Username').fill(ADMIN.username)
  await page.getByLabel('Password', { exact: true }).fill('not the password')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.locator('#toasts').getByText('Login failed')).toBeVisible()
  expect(violations).toEqual([])
})

test('signed in as the administrator, no screen breaks the policy', async ({ page }, testInfo) => {
  const violations = await watchViolations(page)
  await signInThroughUi(page, ADMIN.username, ADMIN.password)
  expect(
    await page.evaluate(() => navigator.serviceWorker.ready.then((registration) => registration.active !== null)),
  ).toBe(true)
  for (const path of [
    '/',
    '/admin',
    '/admin/email-templates',
    '/ebay-manual-auth',
    '/etsy-manual-auth',
    '/list-item',
  ]) {
    await visit(page, path)
  }
  const photo = testInfo.outputPath('photo.jpg')
  await writeFile(photo, await solidJpeg({ r: 30, g: 90, b: 160 }))
  await page.getByLabel('Take Photo or Upload').setInputFiles(photo)
  await expect
    .poll(() =>
      page
        .getByRole('img', { name: 'Photo 1' })
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true)
  expect(violations).toEqual([])
})
