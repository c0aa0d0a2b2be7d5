// Finding a listing on the phone (issue 26): the search looks in the title, brand, keywords and SKU, the list sorts by
// newest, oldest or price, the server does both a page at a time, search, filter and sort stay across Edit and back,
// and a long title shows in two lines.
import { expect, test, type Page } from '@playwright/test'
import { createListingThroughApi, registerThroughApi } from './helpers.ts'

const LONG_TITLE = "Vintage Levi's denim trucker jacket with sherpa lining"

const rows = (page: Page) => page.getByRole('region', { name: 'Your Listings' }).getByRole('listitem')
const rowTitles = (page: Page) => rows(page).locator('div > p:first-child').allTextContents()

test('search title, brand, keywords and SKU; sort; keep them across Edit and back; titles in two lines', async ({
  page,
}) => {
  await registerThroughApi(page.request, 'finder')
  await createListingThroughApi(page, {
    title: LONG_TITLE,
    brand: "Levi's",
    keywords: ['outerwear'],
    price: 60,
    category: 'clothing',
    color: 'blue',
  })
  const bowl = await createListingThroughApi(page, {
    title: 'Mixing bowl 2 qt',
    brand: 'Pyrex',
    keywords: ['kitchen'],
    price: 25,
    category: 'home',
    color: 'white',
  })
  await createListingThroughApi(page, {
    title: 'Brass desk lamp',
    keywords: ['lighting'],
    price: 40,
    category: 'home',
    color: 'yellow',
  })
  const searches: string[] = []
  page.on(
    'request',
    (request) => void (request.url().includes('/api/listings/search') && searches.push(new URL(request.url()).search)),
  )

  await page.goto('/')
  await expect(rows(page)).toHaveCount(3)
  // A long title runs over two lines, not cut at the end of a phone's first line.
  const title = rows(page).filter({ hasText: 'Vintage' }).getByText(LONG_TITLE)
  await expect(title).toBeVisible()
  const lines = await title.evaluate((element) =>
    Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight)),
  )
  expect(lines).toBe(2)

  const box = page.getByRole('searchbox', { name: 'Search listings' })
  await box.fill('pyrex')
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).first()).toContainText('Mixing bowl 2 qt')
  await box.fill('lighting')
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).first()).toContainText('Brass desk lamp')
  await box.fill(`snaplist${bowl.id}`)
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).first()).toContainText('Mixing bowl 2 qt')
  // The server searched: the phone asked for the words, not for every listing.
  expect(searches.some((query) => query.includes(`q=snaplist${bowl.id}`))).toBe(true)

  await box.fill('')
  await expect(rows(page)).toHaveCount(3)
  await page.getByRole('combobox', { name: 'Sort' }).selectOption({ label: 'Price: low to high' })
  await expect.poll(() => rowTitles(page)).toEqual(['Mixing bowl 2 qt', 'Brass desk lamp', LONG_TITLE])
  await page.getByRole('combobox', { name: 'Sort' }).selectOption({ label: 'Oldest first' })
  await expect.poll(() => rowTitles(page)).toEqual([LONG_TITLE, 'Mixing bowl 2 qt', 'Brass desk lamp'])

  await page.getByRole('button', { name: /^Ready/ }).click()
  await box.fill('levi')
  await expect(rows(page)).toHaveCount(1)
  await expect(page).toHaveURL(/q=levi/)

  // Edit and back with the browser's Back: all as it was.
  await rows(page)
    .first()
    .getByRole('link', { name: `Edit ${LONG_TITLE}` })
    .click()
  await expect(page.getByRole('heading', { name: 'Edit Listing' })).toBeVisible()
  await page.goBack()
  await expect(box).toHaveValue('levi')
  await expect(page.getByRole('button', { name: /^Ready/ })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('oldest')
  await expect(rows(page)).toHaveCount(1)

  // Edit and save: back on the Dashboard with the same search and filter.
  await rows(page)
    .first()
    .getByRole('link', { name: `Edit ${LONG_TITLE}` })
    .click()
  await page.getByLabel('Title').fill(`${LONG_TITLE} M`)
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByRole('heading', { name: /^Hello/ })).toBeVisible()
  await expect(box).toHaveValue('levi')
  await expect(page.getByRole('button', { name: /^Ready/ })).toHaveAttribute('aria-pressed', 'true')
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).first()).toContainText(`${LONG_TITLE} M`)
})
