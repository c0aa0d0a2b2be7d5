// Import from Shopify on a 390×844 phone (issue 49, docs/decisions/0078): a seller whose store already has products
// connects it, taps Import from Shopify on its card, sees "Imported N of M" and the outcome, with the product it could
// not bring (no photo) said with why; the imported products are rows on the Dashboard, live on Shopify, photos and all.
import { expect, test, type Page } from '@playwright/test'
import { expectNoSidewaysScroll, signUpThroughApi } from './helpers.ts'
import { FAKE_SHOPIFY_PORT } from './ports.ts'

test.use({ viewport: { width: 390, height: 844 } })

const FAKE_SHOPIFY = `http://127.0.0.1:${FAKE_SHOPIFY_PORT}`
const STORE = 'ritas-vintage.myshopify.com'
const shopifyRow = (page: Page) => page.getByRole('listitem', { name: 'Shopify' })

/** The seller installs Snaplist on their store from the Connect dialog, as shopify.spec.ts does step by step. */
async function connectShopify(page: Page) {
  await shopifyRow(page).getByRole('button', { name: 'Connect Shopify' }).click()
  const connect = page.getByRole('dialog', { name: 'Connect Shopify' })
  await connect.getByRole('textbox', { name: 'Your Shopify store' }).fill('ritas-vintage')
  await connect.getByRole('button', { name: 'Connect with Shopify' }).click()
  await expect(page.getByText(`Install Snaplist on ${STORE}?`)).toBeVisible()
  await page.getByRole('link', { name: 'Install' }).click()
  await expect(page.getByRole('heading', { name: 'Connected Marketplaces' })).toBeVisible({ timeout: 15_000 })
  await expect(shopifyRow(page).getByText('Connected', { exact: true })).toBeVisible()
  // The toast saying so goes by itself; the card's outcome is looked at without it over it.
  await expect(page.getByText('Your Shopify store has been connected.')).toBeHidden({ timeout: 15_000 })
}

test('imports a Shopify store’s products from its card: progress, a skipped one with why, the rows with their photos', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  // The stand-in's one store outlives a run: this run's products are told apart by their titles.
  const run = Math.random().toString(36).slice(2, 7)
  const JACKET = `Denim trucker jacket ${run}`
  const LAMP = `Brass desk lamp ${run}`
  const MUG = `Blue enamel mug ${run}`
  const seeded = await page.request.post(`${FAKE_SHOPIFY}/__control/products`, {
    data: {
      products: [
        { title: JACKET, vendor: "Levi's", productType: 'Jackets', price: '39.50', available: 2, photos: 2 },
        { title: LAMP, productType: 'Lamps', price: '24.00', photos: 1 },
        { title: MUG, price: '12.00', photos: 0 },
      ],
    },
  })
  expect(seeded.status(), await seeded.text()).toBe(200)
  await signUpThroughApi(page)
  await page.goto('/')
  await connectShopify(page)

  const card = page.getByLabel('Import from Shopify', { exact: true }).first()
  await expect(card.getByText('Products already on your store?')).toBeVisible()
  const button = card.getByRole('button', { name: 'Import from Shopify' })
  await button.scrollIntoViewIfNeeded()
  await button.click()
  const progress = card.getByRole('status').filter({ hasText: /^Imported \d+/ })
  await expect(progress).toBeVisible()
  await expect(card.getByText(/^Done\./)).toBeVisible({ timeout: 60_000 })
  // The store's count is the total (the stand-in's store holds other runs' products too): all it could bring are in.
  await expect(progress).toHaveText(/^Imported \d+ of \d+$/)
  const bar = card.getByRole('progressbar', { name: 'Import from Shopify' })
  await expect(bar).toBeVisible()
  expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(2)
  // The mug has no photo: it stays on the store, and the card says why.
  await expect(card.getByRole('list', { name: 'Skipped' })).toContainText(`${MUG}: it has no photo Snaplist could copy`)
  await expect(card.getByRole('button', { name: 'Import from Shopify again' })).toBeEnabled()
  await card.evaluate((element) => element.scrollIntoView({ block: 'center' }))
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: testInfo.outputPath('shopify-import-done.png') })

  // Every product it could bring is a row, live on Shopify, with its first photo as the thumbnail.
  const listings = page.getByRole('region', { name: 'Your Listings' })
  await page.getByRole('searchbox', { name: 'Search listings' }).fill(run)
  for (const [title, price] of [
    [JACKET, '$39.50'],
    [LAMP, '$24.00'],
  ] as const) {
    const row = listings.getByRole('listitem').filter({ hasText: title })
    await row.scrollIntoViewIfNeeded()
    await expect(row).toContainText('Live on Shopify')
    await expect(row).toContainText(price)
    const photo = row.locator('img').first()
    await expect(photo).toBeVisible()
    await expect(photo).toHaveAttribute('src', /^\/files\//)
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0)
  }
  await expect(listings.getByRole('listitem').filter({ hasText: MUG })).toHaveCount(0)
  await listings.getByRole('listitem').filter({ hasText: JACKET }).scrollIntoViewIfNeeded()
  await page.screenshot({ path: testInfo.outputPath('shopify-imported-rows.png') })
})
