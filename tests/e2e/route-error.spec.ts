import { expect, test } from '@playwright/test'
import { expectNoSidewaysScroll, registerThroughApi } from './helpers.ts'

// The service worker would answer some requests itself; these come from the page, where the test can answer them.
test.use({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } })

test('a screen that cannot read an answer says so, with Retry and a way home, and Retry brings it back', async ({
  page,
}, testInfo) => {
  await registerThroughApi(page.request)
  // An answer the Dashboard cannot render (a misconfigured proxy, a mismatched server): an object, not a list.
  await page.route('**/api/listings/search?*', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: {} }) : route.fallback(),
  )
  await page.goto('/')

  const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' })
  await expect(alert.getByRole('heading', { name: 'Something went wrong' })).toBeFocused()
  await expect(alert.getByText('This screen could not be shown. Retry loads it again.')).toBeVisible()
  await expect(alert.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/')
  // The signed-in frame stays, so the seller can still go elsewhere.
  await expect(page.getByRole('link', { name: 'New Listing' }).first()).toBeVisible()
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: testInfo.outputPath('route-error.png') })

  await page.unroute('**/api/listings/search?*')
  await alert.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByRole('heading', { name: 'Your Listings' })).toBeVisible()
  await expect(page.getByText('Something went wrong')).toHaveCount(0)
})
