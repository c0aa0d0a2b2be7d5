// Post to eBay and the seller's shipping policies, on a 390×844 phone (issue 47): a policy whose id is not in the shape
// Snaplist expected never leaves the Post button doing nothing, and connecting eBay again reads the seller's policies
// again rather than offering the ones Snaplist kept from before.
import { expect, test, type Page } from '@playwright/test'
import { connectEbay, createListingThroughApi, signUpThroughApi } from './helpers.ts'
import { FAKE_EBAY_PORT } from './ports.ts'

test.use({ viewport: { width: 390, height: 844 } })

const FAKE_EBAY = `http://127.0.0.1:${FAKE_EBAY_PORT}`
const TEE = {
  title: 'Band tee, black',
  brand: 'Hanes',
  size: 'L',
  sizeType: 'Regular',
  department: 'Men',
  color: 'black',
  price: 12,
  category: 'clothing',
}
const VIEW_ON_EBAY = /^https:\/\/sandbox\.ebay\.com\/itm\/\d{12}$/

/** The seller's shipping policies on eBay are these alone (the stand-in's seller named by the grant). */
async function shippingPoliciesAre(page: Page, grant: string, ids: string[]) {
  const reply = await page.request.put(`${FAKE_EBAY}/__control/shipping-policies`, { data: { state: grant, ids } })
  expect(reply.ok()).toBe(true)
}

async function openPostToEbay(page: Page, title: string) {
  await page.getByRole('button', { name: `Post to eBay: ${title}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Post to eBay' })
  await expect(dialog.getByRole('heading', { name: 'Details eBay requires' })).toBeVisible({ timeout: 15_000 })
  return dialog
}

test('a shipping policy id in another shape: tapping Post to eBay posts, it is never a dead button', async ({
  page,
}, testInfo) => {
  await signUpThroughApi(page)
  const grant = await connectEbay(page)
  await shippingPoliciesAre(page, grant, ['FP-ground-2026'])
  await createListingThroughApi(page, TEE)
  await page.reload()

  const dialog = await openPostToEbay(page, TEE.title)
  await dialog.getByLabel('Ships from (ZIP code)').fill('95125')
  const posted = page.waitForRequest((request) => request.url().endsWith('/post-to-ebay'), { timeout: 5_000 })
  await dialog.getByRole('button', { name: 'Post to eBay', exact: true }).click()
  await posted
  await expect(dialog.getByRole('link', { name: 'View on eBay' })).toHaveAttribute('href', VIEW_ON_EBAY)
  await page.screenshot({ path: testInfo.outputPath('posted-other-policy-id.png') })
})

test('connecting eBay again reads the shipping policies again: the old ones are not offered', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000)
  await signUpThroughApi(page)
  const before = await connectEbay(page)
  await shippingPoliciesAre(page, before, ['6200000001', '6200000002'])
  await createListingThroughApi(page, TEE)
  await page.reload()

  let dialog = await openPostToEbay(page, TEE.title)
  await expect(dialog.getByLabel('Shipping').locator('option')).toHaveText([
    'Select…',
    'fulfillment policy 6200000001 (flat)',
    'fulfillment policy 6200000002 (flat)',
  ])
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  // On eBay the seller's policies change; they connect eBay again.
  const after = await connectEbay(page)
  await shippingPoliciesAre(page, after, ['6200000003', '6200000004'])
  dialog = await openPostToEbay(page, TEE.title)
  await expect(dialog.getByLabel('Shipping').locator('option')).toHaveText([
    'Select…',
    'fulfillment policy 6200000003 (flat)',
    'fulfillment policy 6200000004 (flat)',
  ])
  await dialog.getByLabel('Ships from (ZIP code)').fill('95125')
  await dialog.getByRole('button', { name: 'Post to eBay', exact: true }).click()
  await expect(dialog.getByRole('link', { name: 'View on eBay' })).toHaveAttribute('href', VIEW_ON_EBAY)
  await page.screenshot({ path: testInfo.outputPath('posted-after-reconnect.png') })
})
