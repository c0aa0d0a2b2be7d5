// Shopify on the phone (issue 49): the seller types their store in the Connect dialog, installs Snaplist on the
// stand-in's install page and comes back connected; then posts a listing from its row's menu and the row says Live on
// Shopify with the product's link.
import { expect, test, type Page } from '@playwright/test'
import { createListingThroughApi, expectNoSidewaysScroll, signUpThroughApi } from './helpers.ts'
import { FAKE_SHOPIFY_PORT } from './ports.ts'

const STORE = 'ritas-vintage.myshopify.com'
const JACKET = {
  title: 'Trucker denim jacket',
  brand: "Levi's",
  category: 'clothing',
  size: 'M',
  sizeType: 'Regular',
  department: 'Men',
  color: 'blue',
  price: 60,
  askingPrice: 45,
}
const shopifyRow = (page: Page) => page.getByRole('listitem', { name: 'Shopify' })

test('connect a Shopify store by its name, post a listing to it from the row (Live on Shopify), and a sale there marks it sold', async ({
  page,
}) => {
  await signUpThroughApi(page)
  await createListingThroughApi(page, JACKET)
  await page.reload()

  await shopifyRow(page).getByRole('button', { name: 'Connect Shopify' }).click()
  const connect = page.getByRole('dialog', { name: 'Connect Shopify' })
  await expect(connect.getByRole('button', { name: 'Connect with Shopify' })).toBeDisabled()
  await connect.getByRole('textbox', { name: 'Your Shopify store' }).fill('ritas-vintage')
  await expectNoSidewaysScroll(page)
  await connect.getByRole('button', { name: 'Connect with Shopify' }).click()
  await expect(page.getByText(`Install Snaplist on ${STORE}?`)).toBeVisible()
  await page.getByRole('link', { name: 'Install' }).click()
  await expect(page.getByText('Your Shopify store has been connected.').first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Connected Marketplaces' })).toBeVisible({ timeout: 15_000 })
  await expect(shopifyRow(page).getByText('Connected', { exact: true })).toBeVisible()
  await expect(shopifyRow(page).getByText("Rita's Vintage")).toBeVisible()

  const row = page
    .getByRole('region', { name: 'Your Listings' })
    .getByRole('listitem')
    .filter({ hasText: JACKET.title })
  await row.getByRole('button', { name: `Actions for ${JACKET.title}` }).click()
  await page.getByRole('menuitem', { name: `Post to Shopify: ${JACKET.title}` }).click()
  const post = page.getByRole('dialog', { name: 'Post to Shopify' })
  await expect(post.getByText(JACKET.title)).toBeVisible()
  await expectNoSidewaysScroll(page)
  await post.getByRole('button', { name: 'Post to Shopify' }).click()
  await expect(post.getByText('Your listing is live on Shopify.')).toBeVisible()
  await post.getByRole('button', { name: 'Close', exact: true }).click()

  await expect(row.getByRole('status').filter({ hasText: 'Live on Shopify' })).toBeVisible()
  await expect(row.getByRole('link', { name: `View on Shopify: ${JACKET.title}` })).toHaveAttribute(
    'href',
    new RegExp(`^https://${STORE}/products/snaplist-\\d+$`),
  )
  await expectNoSidewaysScroll(page)
  // A buyer buys it on the store: Shopify's ORDERS_PAID push (subscribed at connect) marks it sold here.
  const listings = (await (await page.request.get('/api/listings')).json()) as { title: string; sku: string }[]
  const { sku } = listings.find((listing) => listing.title === JACKET.title)!
  const sold = await page.request.post(`http://127.0.0.1:${FAKE_SHOPIFY_PORT}/__control/sell`, { data: { sku } })
  expect(sold.status(), await sold.text()).toBe(200)
  await expect(row.getByText('Sold', { exact: true }).first()).toBeVisible({ timeout: 20_000 })
})
