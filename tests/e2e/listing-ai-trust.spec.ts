// The analysis a seller can trust, on a phone: every photo read together, a guessed brand marked 'Guess: check it'
// until the seller confirms it, eBay's item specifics for the category filled from eBay's values, and the prices of
// items like it on eBay now (said to be active listings, not sold prices). A server of its own, whose Gemini stand-in
// guesses the brand; eBay is the suite's stand-in.
import type { ChildProcess } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { expect, test, type TestInfo } from '@playwright/test'
import {
  aspectsReply,
  asksForAspects,
  describedReply,
  LEVIS_501,
  LEVIS_501_ASPECTS,
  startFakeGemini,
  type FakeGemini,
} from '../fakes/gemini.ts'
import { solidJpeg } from '../helpers/images.ts'
import { startServer } from '../helpers/server-process.ts'
import { PASSWORD, uniqueName } from './helpers.ts'
import { E2E_SETUP_CODE, FAKE_EBAY_PORT } from './ports.ts'

test.use({ viewport: { width: 390, height: 844 } })

let gemini: FakeGemini
let app: { origin: string; server: ChildProcess }

const ebay = `http://127.0.0.1:${FAKE_EBAY_PORT}`

test.beforeAll(async () => {
  test.setTimeout(120_000)
  gemini = await startFakeGemini()
  gemini.setReply((body) =>
    asksForAspects(body)
      ? aspectsReply(body, LEVIS_501_ASPECTS, ['Brand'])
      : describedReply(
          { ...LEVIS_501, description: 'Blue jeans with a button fly and five pockets.' },
          {
            facts: {
              brand: { value: "Levi's", seen: false, photo: null },
              size: { value: 'W32 L32', seen: true, photo: 2 },
            },
            flaws: [{ text: 'small hole at the left knee', seen: true, photo: 2 }],
          },
        ),
  )
  app = await startServer({
    GEMINI_API_KEY: gemini.apiKey,
    GEMINI_BASE_URL: gemini.url,
    SETUP_CODE: E2E_SETUP_CODE,
    EBAY_ENV: 'sandbox',
    EBAY_CLIENT_ID: 'e2e-ebay-app-id',
    EBAY_CLIENT_SECRET: 'e2e-ebay-cert-id',
    EBAY_API_URL: ebay,
    EBAY_IDENTITY_URL: ebay,
    EBAY_MEDIA_URL: ebay,
  })
})

test.afterAll(async () => {
  app?.server.kill()
  await gemini?.close()
})

async function photoFile(testInfo: TestInfo, name: string, color: { r: number; g: number; b: number }) {
  const file = testInfo.outputPath(`${name}.jpg`)
  await writeFile(file, await solidJpeg(color, 1200, 900))
  return file
}

test('every photo read, a guess marked until confirmed, eBay item specifics and market prices shown', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000)
  const username = uniqueName()
  const registered = await page.request.post(`${app.origin}/api/register`, {
    data: { username, email: `${username}@example.com`, firstName: 'Rita', lastName: 'Reseller', password: PASSWORD },
  })
  expect(registered.status()).toBe(201)
  await page.goto(`${app.origin}/list-item`)
  const front = await photoFile(testInfo, 'front', { r: 40, g: 70, b: 150 })
  const label = await photoFile(testInfo, 'label', { r: 200, g: 190, b: 170 })
  await page.getByLabel('Take Photo or Upload').setInputFiles([front, label])
  await expect(page.getByLabel('Title')).toHaveValue(String(LEVIS_501.title))
  const described = gemini.requests.filter((request) => !asksForAspects(request.body!))
  expect(described.at(-1)!.usage!.images).toBe(2)

  // The brand was inferred, not read: marked as a guess (not as AI) until the seller says it is right.
  const brand = page.getByRole('textbox', { name: /^Brand/ })
  await expect(brand).toHaveValue("Levi's")
  await expect(brand).toHaveAccessibleName('Brand Guess: check it')
  await expect(page.getByText('Flaws in the photos: small hole at the left knee (photo 2).')).toBeVisible()
  await page.getByRole('button', { name: 'Brand is right' }).click()
  await expect(page.getByRole('button', { name: 'Brand is right' })).toHaveCount(0)
  await expect(brand).toHaveAccessibleName('Brand')

  // eBay's category and what it requires, in eBay's spelling.
  await expect(page.getByText("eBay category: Men's Jeans")).toBeVisible()
  await expect(page.getByLabel(/^Inseam \(required\)/)).toHaveValue('32 in')

  // Prices from the market, said to be active listings.
  const prices = page.getByRole('region', { name: 'Listed on eBay now' })
  await expect(prices.getByText(/^\d+ on eBay now: \$\d+–\$\d+, middle \$\d+$/)).toBeVisible()
  await expect(prices.getByRole('link')).toHaveCount(3)
  await expect(prices.getByText(/Active listings are not sold prices/)).toBeVisible()
  await expect(prices.getByText('Median used price: from the eBay listings above.')).toBeVisible()

  // A photo added later: all three are read again, and what the seller typed stays.
  await page.getByLabel('Description').fill('My own words.')
  const requestsBefore = gemini.requests.length
  await page
    .getByLabel('Take Photo or Upload')
    .setInputFiles(await photoFile(testInfo, 'back', { r: 90, g: 90, b: 90 }))
  await expect
    .poll(() => gemini.requests.slice(requestsBefore).find((request) => !asksForAspects(request.body!))?.usage?.images)
    .toBe(3)
  await expect(page.getByLabel('Description')).toHaveValue('My own words.')
  await expect(brand).toHaveValue("Levi's")
  await expect(page.getByRole('button', { name: 'Brand is right' })).toHaveCount(0)
})
