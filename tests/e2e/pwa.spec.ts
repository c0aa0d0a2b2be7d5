import { expect, test } from '@playwright/test'
import { signUpThroughApi } from './helpers.ts'

test('the service worker registers, controls the page, and the app opens with the network off', async ({
  page,
  context,
}) => {
  const username = await signUpThroughApi(page)
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.reload()
  await expect(page.getByText(`Welcome, ${username}`)).toBeVisible()
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/)

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByText(`Welcome, ${username}`)).toBeVisible()
  await page.goto('/privacy-policy')
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible()
  await context.setOffline(false)
})

test('the web app manifest makes the app installable', async ({ request }) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json()
  expect(manifest).toMatchObject({ short_name: 'Snaplist', display: 'standalone', start_url: '/' })
  const sizes = manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']))
  for (const icon of manifest.icons) expect((await request.get(icon.src)).ok()).toBe(true)
})
