// Post many to eBay on a 390×844 phone (issue 47): a listing whose parcel the AI only guessed, and whose condition the
// seller never chose, is "Needs a look" in the check (never "can go as it is"), with the guessed values shown; the
// seller says they are right (or checks them in Post to eBay), and only then does it go, as the seller saw it.
import { writeFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { LEVIS_501 } from '../fakes/gemini.ts'
import { solidJpeg } from '../helpers/images.ts'
import { connectEbay, createListingThroughApi, expectNoSidewaysScroll, signUpThroughApi } from './helpers.ts'
import { FAKE_EBAY_PORT } from './ports.ts'

test.use({ viewport: { width: 390, height: 844 } })

const JEANS = String(LEVIS_501.title)
// A listing the seller made with their own parcel: nothing guessed.
const TEE = {
  title: 'Plain black tee, weighed',
  brand: 'Hanes',
  size: 'L',
  sizeType: 'Regular',
  department: 'Men',
  color: 'black',
  price: 12,
  category: 'clothing',
  packageWeightOz: 6,
  packageLength: 10,
  packageWidth: 8,
  packageHeight: 1,
}

interface HeldOffer {
  sku: string
  item?: { condition?: string; packageWeightAndSize?: { weight?: { value: number } } }
}

async function offersOf(page: Page, grant: string): Promise<HeldOffer[]> {
  const reply = await page.request.get(
    `http://127.0.0.1:${FAKE_EBAY_PORT}/__control/offers?state=${encodeURIComponent(grant)}`,
  )
  return ((await reply.json()) as { offers: HeldOffer[] }).offers
}

test('a guessed parcel and condition need a look before a bulk post, and go once the seller says they are right', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000)
  await signUpThroughApi(page)
  const grant = await connectEbay(page)
  // The jeans as the phone makes them: photographed, the AI fills the form (its parcel a guess), Create Listing.
  const photo = testInfo.outputPath('jeans.jpg')
  await writeFile(photo, await solidJpeg({ r: 40, g: 70, b: 150 }))
  await page.getByRole('link', { name: 'New Listing' }).first().click()
  await page.getByLabel('Take Photo or Upload').setInputFiles(photo)
  await expect(page.getByLabel('Title')).toHaveValue(JEANS)
  await expect(page.getByLabel('Package weight (oz)')).toHaveValue(String(LEVIS_501.packageWeightOz))
  await page.getByRole('button', { name: 'Create Listing' }).click()
  await expect(page.getByText('Listing created successfully')).toBeVisible()
  await createListingThroughApi(page, TEE)
  await page.reload()

  const listings = page.getByRole('region', { name: 'Your Listings' })
  await listings.getByRole('checkbox', { name: `Select ${JEANS}` }).check()
  await listings.getByRole('checkbox', { name: `Select ${TEE.title}` }).check()
  await listings.getByRole('button', { name: 'Post 2', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Post many' })
  await expect(dialog.getByText('1 can go as it is · 1 needs a look')).toBeVisible({ timeout: 20_000 })
  const jeans = dialog.getByRole('listitem', { name: JEANS })
  await expect(jeans).toContainText('Needs a look: the AI guessed')
  await expect(jeans).toContainText('Parcel 24 oz, 13×10×2 in')
  await expect(jeans).toContainText('Condition Pre-owned')
  await expect(dialog.getByRole('listitem', { name: TEE.title })).toContainText('Can go as it is')
  await dialog.getByLabel('Ships from (ZIP code)').fill('95125')
  await expect(dialog.getByRole('button', { name: 'Post 1 to eBay' })).toBeVisible()
  await jeans.scrollIntoViewIfNeeded()
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: testInfo.outputPath('bulk-needs-a-look.png') })

  // Check opens it in Post to eBay, which shows the guessed parcel and says the condition was assumed.
  await dialog.getByRole('button', { name: `Check in Post to eBay: ${JEANS}` }).click()
  const single = page.getByRole('dialog', { name: 'Post to eBay' })
  await expect(single.getByText(/The AI guessed the parcel/)).toContainText('24 oz, 13×10×2 in')
  await expect(single.getByText('Snaplist assumed this one: choose the condition the item is in.')).toBeVisible()
  await single.getByText(/The AI guessed the parcel/).scrollIntoViewIfNeeded()
  await page.screenshot({ path: testInfo.outputPath('single-guessed-parcel.png') })
  await single.getByRole('button', { name: 'Cancel' }).click()

  // The seller looks: the values are right. The row can go now, as the seller saw it.
  await dialog.getByRole('button', { name: `Looks right: ${JEANS}` }).click()
  await expect(jeans).toContainText('Can go as it is')
  await expect(dialog.getByText('2 can go as they are')).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('bulk-looked-at.png') })
  await dialog.getByRole('button', { name: 'Post 2 to eBay' }).click()
  await expect(dialog.getByText('2 of 2 posted to eBay')).toBeVisible({ timeout: 30_000 })

  const offers = await offersOf(page, grant)
  expect(offers).toHaveLength(2)
  const weights = offers.map((offer) => offer.item?.packageWeightAndSize?.weight?.value).sort()
  expect(weights).toEqual([24, 6])
})

test('a bulk post sent with a guess unchecked is refused for that listing, in words, and eBay gets nothing of it', async ({
  page,
}) => {
  await signUpThroughApi(page)
  const grant = await connectEbay(page)
  // As the phone sends a listing the AI filled: its analysis, and the parcel marked as the AI's guess.
  const guessed = await createListingThroughApi(page, {
    ...TEE,
    title: 'Fleece the AI weighed',
    aiSuggestions: { title: 'Fleece', packageWeightOz: 1 },
    packageWeightOz: 1,
    packageLength: 1,
    packageWidth: 1,
    packageHeight: 1,
    guesses: ['packageWeightOz', 'packageLength', 'packageWidth', 'packageHeight'],
  })
  const started = await page.request.post('/api/bulk-posts', {
    data: { clientId: crypto.randomUUID(), listingIds: [guessed.id], answers: { ebay: { postalCode: '95125' } } },
  })
  expect(started.status()).toBe(202)
  const { id } = (await started.json()) as { id: number }
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/bulk-posts/${id}`)).json()) as { items: { status: string }[] }).items[0]!
          .status,
      { timeout: 20_000 },
    )
    .toBe('refused')
  const { items } = (await (await page.request.get(`/api/bulk-posts/${id}`)).json()) as {
    items: { code: string; message: string }[]
  }
  expect(items[0]).toMatchObject({ code: 'ebay_guesses_unchecked' })
  expect(items[0]!.message).toContain('the AI guessed')
  expect(await offersOf(page, grant)).toHaveLength(0)
})
