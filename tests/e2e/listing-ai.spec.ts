// The create flow when the AI is busy, absent or slow, and New Listing tapped twice, on a phone. Two servers of their
// own: one whose Gemini stand-in this file switches between busy (429) and answering, without disturbing the shared
// stand-in other files use, and one with no Gemini key and no eBay settings at all.
import type { ChildProcess } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { LEVIS_501, startFakeGemini, type FakeGemini } from '../fakes/gemini.ts'
import { solidJpeg } from '../helpers/images.ts'
import { startServer } from '../helpers/server-process.ts'
import { expectNoSidewaysScroll, PASSWORD, uniqueName } from './helpers.ts'
import { E2E_SETUP_CODE } from './ports.ts'

test.use({ viewport: { width: 390, height: 844 } })

let gemini: FakeGemini
let withAi: { origin: string; server: ChildProcess }
let withoutAi: { origin: string; server: ChildProcess }

test.beforeAll(async () => {
  test.setTimeout(120_000)
  gemini = await startFakeGemini()
  ;[withAi, withoutAi] = await Promise.all([
    startServer({ GEMINI_API_KEY: gemini.apiKey, GEMINI_BASE_URL: gemini.url, SETUP_CODE: E2E_SETUP_CODE }),
    startServer({ SETUP_CODE: E2E_SETUP_CODE }),
  ])
  // Each server's admin registers with its setup code; the tests' sellers are not admins.
  for (const { origin } of [withAi, withoutAi]) await register(origin, uniqueName('admin'), E2E_SETUP_CODE)
})

test.afterAll(async () => {
  withAi?.server.kill()
  withoutAi?.server.kill()
  await gemini?.close()
})

const registration = (username: string) => ({
  username,
  email: `${username}@example.com`,
  firstName: 'Rita',
  lastName: 'Reseller',
  password: PASSWORD,
})

async function register(origin: string, username: string, setupCode?: string) {
  const body = JSON.stringify({ ...registration(username), ...(setupCode ? { setupCode } : {}) })
  const response = await fetch(`${origin}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })
  expect(response.status).toBe(201)
}

/** A seller signed in on that server (the page's own session), on its Dashboard. */
async function sellerOn(page: Page, origin: string) {
  expect((await page.request.post(`${origin}/api/register`, { data: registration(uniqueName()) })).status()).toBe(201)
  await page.goto(`${origin}/`)
  await expect(page.getByRole('heading', { name: /^Hello, / })).toBeVisible()
}

async function photoFile(testInfo: TestInfo, name: string, color: { r: number; g: number; b: number }) {
  const file = testInfo.outputPath(`${name}.jpg`)
  await writeFile(file, await solidJpeg(color, 1200, 900))
  return file
}

const newListing = (page: Page) => page.getByRole('link', { name: 'New Listing' }).first()
const draftRow = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Drafts on this phone' }).getByRole('listitem').filter({ hasText: title })

test('the AI busy (429): the listing is created anyway, the retry is shown, and late suggestions fill only what was empty', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000)
  gemini.setReply('rate-limited')
  await sellerOn(page, withAi.origin)
  const photo = await photoFile(testInfo, 'jeans', { r: 40, g: 70, b: 150 })

  const started = Date.now()
  let taps = 0
  const tap = async (action: Promise<unknown>) => {
    taps++
    await action
  }
  await tap(newListing(page).click())
  await tap(page.getByLabel('Take Photo or Upload').setInputFiles(photo))
  const notice = page.getByRole('status').filter({ hasText: 'AI busy — retrying in 1 min' })
  await expect(notice).toBeVisible()
  await expect(notice.getByRole('button', { name: 'Retry now' })).toBeVisible()
  await expect(notice.getByRole('button', { name: 'Skip' })).toBeVisible()
  // The photo tile stays usable: another photo can be added while the AI is busy.
  await expect(page.getByLabel('Take Photo or Upload')).toBeEnabled()
  await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('ai-busy-form.png') })

  await tap(page.getByLabel('Title').fill("Levi's 501 jeans"))
  await expect(page.getByText('16/80')).toBeVisible()
  await tap(page.getByLabel('Brand').fill('Levi Strauss'))
  await tap(page.getByRole('combobox', { name: /^Category/ }).selectOption('clothing'))
  await tap(page.getByLabel('Primary Color').selectOption('blue'))
  // Create Listing is in reach without scrolling: the action bar sticks to the bottom of the screen.
  const create = page.getByRole('button', { name: 'Create Listing' })
  await expect(create).toBeInViewport()
  await tap(create.click())
  await expect(page.getByText('Listing created successfully')).toBeVisible()
  await expect(page).toHaveURL(`${withAi.origin}/`)
  const seconds = (Date.now() - started) / 1000
  testInfo.annotations.push({
    type: 'measured',
    description: `AI busy: ${taps} taps, ${seconds.toFixed(1)} s from New Listing to a created listing`,
  })
  console.log(`[measured] AI busy: ${taps} taps, ${seconds.toFixed(1)} s from New Listing to a created listing`)

  const row = draftRow(page, "Levi's 501 jeans")
  await expect(row.getByRole('status')).toHaveText('Listing created. AI busy — retrying in 1 min')
  await page.screenshot({ path: testInfo.outputPath('ai-busy-dashboard.png') })

  gemini.setReply('good')
  await row.getByRole('button', { name: /^Retry now/ }).click()
  await expect(row.getByRole('status')).toHaveText(
    'AI suggestions arrived after you created the listing: filled Description, Retail Price, Median Used Price, Keywords, Size, Type, Size Type, Department, Package weight (oz), Package length (in), Package width (in), Package height (in).',
  )
  await page.screenshot({ path: testInfo.outputPath('ai-late-dashboard.png') })
  const listings = (await (await page.request.get(`${withAi.origin}/api/listings`)).json()) as Record<string, unknown>[]
  expect(listings[0]).toMatchObject({
    title: "Levi's 501 jeans",
    brand: 'Levi Strauss',
    size: LEVIS_501.size,
    price: LEVIS_501.suggestedPrice,
    category: 'clothing',
  })
  await row.getByRole('button', { name: /^Dismiss/ }).click()
  await expect(row).toHaveCount(0)
  await expectNoSidewaysScroll(page)
})

test("the AI's answer unreadable: 'Error', 'Failed to analyze image', and the form says to fill in the details", async ({
  page,
}, testInfo) => {
  gemini.setReply('malformed')
  try {
    await sellerOn(page, withAi.origin)
    await newListing(page).click()
    await page
      .getByLabel('Take Photo or Upload')
      .setInputFiles(await photoFile(testInfo, 'unreadable', { r: 120, g: 40, b: 40 }))
    await expect(page.getByText('Failed to analyze image')).toBeVisible()
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'The AI could not analyse the photos: fill in the details yourself.' }),
    ).toBeVisible()
    await expect(page.getByLabel('Title')).toBeEditable()
  } finally {
    gemini.setReply('good')
  }
})

test('with the AI answering: New Listing to a created listing, counted', async ({ page }, testInfo) => {
  gemini.setReply('good')
  await sellerOn(page, withAi.origin)
  const photo = await photoFile(testInfo, 'jeans', { r: 40, g: 70, b: 150 })
  const started = Date.now()
  await newListing(page).click()
  await page.getByLabel('Take Photo or Upload').setInputFiles(photo)
  await expect(page.getByLabel('Title')).toHaveValue(String(LEVIS_501.title))
  await expect(page.getByText(`${String(LEVIS_501.title).length}/80`)).toBeVisible()
  await page.getByRole('button', { name: 'Create Listing' }).click()
  await expect(page.getByText('Listing created successfully')).toBeVisible()
  const seconds = (Date.now() - started) / 1000
  testInfo.annotations.push({
    type: 'measured',
    description: `AI answering: 3 taps, ${seconds.toFixed(1)} s from New Listing to a created listing`,
  })
  console.log(`[measured] AI answering: 3 taps, ${seconds.toFixed(1)} s from New Listing to a created listing`)
})

test('New Listing tapped twice starts two drafts, each with its own photo and title; Edit reopens the first', async ({
  page,
}, testInfo) => {
  gemini.setReply('rate-limited')
  await sellerOn(page, withAi.origin)
  const [first, second] = await Promise.all([
    photoFile(testInfo, 'first', { r: 200, g: 30, b: 40 }),
    photoFile(testInfo, 'second', { r: 30, g: 160, b: 60 }),
  ])

  await newListing(page).click()
  await page.getByLabel('Take Photo or Upload').setInputFiles(first)
  await page.getByLabel('Title').fill('First item')
  await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible()
  const firstUrl = page.url()

  await newListing(page).click()
  await expect(page).not.toHaveURL(firstUrl)
  await expect(page.getByLabel('Title')).toHaveValue('')
  await expect(page.getByRole('img', { name: /^Photo / })).toHaveCount(0)
  await page.getByLabel('Take Photo or Upload').setInputFiles(second)
  await page.getByLabel('Title').fill('Second item')
  await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible()

  await page.getByRole('button', { name: 'Save for later' }).click()
  await expect(draftRow(page, 'First item')).toHaveCount(1)
  await expect(draftRow(page, 'Second item')).toHaveCount(1)
  await draftRow(page, 'First item').getByRole('link', { name: 'Edit First item' }).click()
  await expect(page).toHaveURL(firstUrl)
  await expect(page.getByLabel('Title')).toHaveValue('First item')
  await expect(page.getByRole('img', { name: /^Photo / })).toHaveCount(1)
})

test('without a Gemini key nothing is called AI: the colour is measured, and the seller is not shown setting names', async ({
  page,
}, testInfo) => {
  await sellerOn(page, withoutAi.origin)
  await newListing(page).click()
  await page
    .getByLabel('Take Photo or Upload')
    .setInputFiles(await photoFile(testInfo, 'blue', { r: 40, g: 70, b: 150 }))
  await expect(page.getByText('Colour measured from the photo: check it.')).toBeVisible()
  await expect(page.getByText(/^AI suggestions are not set up on this server\./)).toBeVisible()
  await expect(page.getByLabel('Primary Color')).toHaveValue('blue')
  await expect(page.locator('label', { hasText: 'Primary Color' }).getByText('Measured')).toBeVisible()
  await expect(page.getByText('AI', { exact: true })).toHaveCount(0)
  await expect(page.getByText(/AI suggestions ready|GEMINI/)).toHaveCount(0)
  await page.screenshot({ path: testInfo.outputPath('no-key-form.png'), fullPage: true })

  await page.goto(`${withoutAi.origin}/`)
  await page.getByRole('listitem', { name: 'eBay' }).getByRole('button', { name: 'Connect eBay' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect eBay' })
  await expect(dialog.getByText('eBay is not set up on this server, ask the admin.')).toBeVisible()
  await expect(dialog.getByText(/EBAY_/)).toHaveCount(0)
})
