// Editing a listing on a 390×844 phone (docs/product.md §11): offline then synced exactly once, photos reordered (the
// first is the cover), an edit that meets another resolved both ways; and the Dashboard's status filters and search.
import { expect, test, type Page, type Request } from '@playwright/test'
import type { Listing } from '../../api/contract/listing.ts'
import { solidJpeg } from '../helpers/images.ts'
import { createListingThroughApi, expectNoSidewaysScroll, registerThroughApi, uploadPhoto } from './helpers.ts'

test.use({ viewport: { width: 390, height: 844 } })

const serverListing = async (page: Page, id: number): Promise<Listing> =>
  ((await (await page.request.get('/api/listings')).json()) as Listing[]).find((listing) => listing.id === id)!

const rowOf = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Your Listings' }).getByRole('listitem').filter({ hasText: title })

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main' })

async function openEdit(page: Page, title: string) {
  await expect(mainMenu(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
  // An edit reads its one listing, never the seller's whole inventory (GET /api/listings).
  const wholeList: string[] = []
  const listen = (request: Request) => {
    if (new URL(request.url()).pathname === '/api/listings' && request.method() === 'GET') wholeList.push(request.url())
  }
  page.on('request', listen)
  await rowOf(page, title)
    .getByRole('link', { name: `Edit ${title}` })
    .click()
  await expect(page.getByRole('heading', { name: 'Edit Listing' })).toBeVisible()
  await expect(page.getByLabel('Title')).toHaveValue(title)
  page.off('request', listen)
  expect(wholeList).toEqual([])
  // An edit is not a new listing: the main menu lights neither New Listing nor anything else.
  await expect(mainMenu(page).getByRole('link', { name: 'Dashboard' })).toBeVisible()
  await expect(mainMenu(page).locator('[aria-current="page"]')).toHaveCount(0)
}

test('an edit made offline waits on the row, then reaches the server once when the phone is back online', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000)
  await registerThroughApi(page.request)
  const listing = await createListingThroughApi(page, {
    title: 'Denim jacket',
    category: 'clothing',
    color: 'blue',
    price: 40,
  })
  await page.goto('/')
  // The service worker controls the page, so the edit screen's code is there with no network.
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.reload()
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
  await expect(rowOf(page, 'Denim jacket').getByText('Ready')).toBeVisible()

  await context.setOffline(true)
  await openEdit(page, 'Denim jacket')
  await page.getByLabel('Title').fill('Denim jacket, Levi’s trucker')
  await page.getByLabel('Price', { exact: true }).fill('35.50')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('Saved on this phone — it will sync when you are back online')).toBeVisible()
  await expect(rowOf(page, 'Denim jacket').getByText('Changes waiting to sync')).toBeVisible()
  await expectNoSidewaysScroll(page)
  expect((await serverListing(page, listing.id)).version).toBe(1)

  await context.setOffline(false)
  await expect(rowOf(page, 'Denim jacket, Levi’s trucker')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('Changes waiting to sync')).toBeHidden()
  await expect(rowOf(page, 'Denim jacket, Levi’s trucker')).toContainText('$35.50')
  // Once: one edit, one version more.
  expect(await serverListing(page, listing.id)).toMatchObject({
    title: 'Denim jacket, Levi’s trucker',
    askingPrice: 35.5,
    version: 2,
  })
})

test('photos reorder by Move left and by dragging, and the first becomes the cover', async ({ page }) => {
  await registerThroughApi(page.request)
  const photos = await Promise.all(
    [0, 1, 2].map(async (index) =>
      uploadPhoto(page.request, await solidJpeg({ r: 60 + index * 80, g: 100, b: 40 }, 320, 240)),
    ),
  )
  const created = await page.request.post('/api/listings', {
    data: { title: 'Three lamps', category: 'home', color: 'white', images: photos },
  })
  const listing = (await created.json()) as Listing
  await page.goto('/')
  await openEdit(page, 'Three lamps')
  await expect(page.getByText('Cover')).toBeVisible()

  await page.getByRole('button', { name: 'Move photo 3 left' }).click()
  // [a, c, b]: now drag the first photo onto the third place.
  await page.getByRole('img', { name: 'Photo 1' }).dragTo(page.getByRole('img', { name: 'Photo 3' }))
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('Changes saved')).toBeVisible()
  expect((await serverListing(page, listing.id)).images).toEqual([photos[2], photos[1], photos[0]])
  // The row shows the new cover's thumbnail.
  await expect(rowOf(page, 'Three lamps').locator('img')).toHaveAttribute(
    'src',
    photos[2]!.replace('.jpg', '-thumb.webp'),
  )
})

test('an edit that meets another one made elsewhere shows both; Keep mine, and another time Use the version on Snaplist', async ({
  page,
}) => {
  await registerThroughApi(page.request)
  const { id } = await createListingThroughApi(page, {
    title: 'Brass candlestick',
    category: 'home',
    color: 'brown',
    price: 15,
  })
  const editElsewhere = async (title: string) => {
    const now = await serverListing(page, id)
    expect((await page.request.patch(`/api/listings/${id}`, { data: { ...now, title } })).status()).toBe(200)
  }
  await page.goto('/')

  await openEdit(page, 'Brass candlestick')
  await page.getByLabel('Title').fill('Brass candlestick, mine')
  await editElsewhere('Brass candlestick, from the laptop')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  const conflict = page.getByRole('region', { name: 'This listing was changed elsewhere while you edited it' })
  await expect(conflict.getByRole('row', { name: /Title/ })).toContainText('Brass candlestick, mine')
  await expect(conflict.getByRole('row', { name: /Title/ })).toContainText('Brass candlestick, from the laptop')
  await expectNoSidewaysScroll(page)
  await conflict.getByRole('button', { name: 'Keep mine' }).click()
  await expect(page.getByText('Changes saved')).toBeVisible()
  await expect(rowOf(page, 'Brass candlestick, mine')).toBeVisible()
  expect(await serverListing(page, id)).toMatchObject({ title: 'Brass candlestick, mine', version: 3 })

  await openEdit(page, 'Brass candlestick, mine')
  await page.getByLabel('Title').fill('Brass candlestick, mine again')
  await editElsewhere('Brass candlestick, theirs')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await conflict.getByRole('button', { name: 'Use the version on Snaplist' }).click()
  await expect(rowOf(page, 'Brass candlestick, theirs')).toBeVisible()
  await expect(page.getByText('Changes waiting to sync')).toBeHidden()
  expect(await serverListing(page, id)).toMatchObject({ title: 'Brass candlestick, theirs', version: 4 })
})

test('the Dashboard filters by status with counts and searches by title', async ({ page }) => {
  await registerThroughApi(page.request)
  for (const title of ['Teak bowl', 'Teak side table', 'Wool scarf'])
    await createListingThroughApi(page, { title, category: 'home', color: 'brown' })
  await page.goto('/list-item')
  await page.getByLabel('Title').fill('Teak lamp (draft)')
  await page.getByRole('button', { name: 'Save for later' }).click()
  await expect(page.getByRole('heading', { name: 'Drafts on this phone' })).toBeVisible()

  const filters = page.getByRole('group', { name: 'Filter by status' })
  await expect(filters.getByRole('button', { name: 'All 4' })).toBeVisible()
  await expect(filters.getByRole('button', { name: 'Draft 1' })).toBeVisible()
  await expect(filters.getByRole('button', { name: 'Ready 3' })).toBeVisible()
  for (const none of ['Live 0', 'Sold 0', 'Ended 0'])
    await expect(filters.getByRole('button', { name: none })).toBeVisible()
  await expectNoSidewaysScroll(page)

  await filters.getByRole('button', { name: 'Draft 1' }).click()
  await expect(filters.getByRole('button', { name: 'Draft 1' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('region', { name: 'Your Listings' })).toBeHidden()
  await expect(page.getByText('Teak lamp (draft)')).toBeVisible()

  await filters.getByRole('button', { name: 'Ready 3' }).click()
  await expect(page.getByRole('heading', { name: 'Drafts on this phone' })).toBeHidden()
  await expect(page.getByRole('region', { name: 'Your Listings' }).getByRole('listitem')).toHaveCount(3)

  await page.getByLabel('Search listings').fill('teak')
  const rows = page.getByRole('region', { name: 'Your Listings' }).getByRole('listitem')
  await expect(rows).toHaveCount(2)
  await expect(rows.filter({ hasText: 'Wool scarf' })).toHaveCount(0)

  await filters.getByRole('button', { name: 'Live 0' }).click()
  await expect(page.getByText('No listings match.')).toBeVisible()
  await filters.getByRole('button', { name: 'All 4' }).click()
  await expect(rows).toHaveCount(2)
  await expect(page.getByText('Teak lamp (draft)')).toBeVisible()
})
