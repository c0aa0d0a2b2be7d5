// Labels on the seller's own stock, on a 390×844 phone (issue 47): a 2 × 1 in thermal roll prints one label a page, and
// a sheet half used last time starts at label N, its first N - 1 places left empty; a start past the sheet is refused.
import { expect, test, type Page } from '@playwright/test'
import { createListingThroughApi, expectNoSidewaysScroll, registerThroughApi } from './helpers.ts'

test.use({ viewport: { width: 390, height: 844 } })

// CSS pixels an inch, in print as on screen.
const INCH = 96

/** The printed PDF's pages, each as its size in points (72 an inch), as a printer would take them. */
async function printedPages(page: Page): Promise<string[]> {
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1')
  // Each page object (not /Pages) up to its MediaBox, within the object.
  return [...pdf.matchAll(/\/Type \/Page\s(?:(?!endobj)[\s\S])*?\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map(
    ([, width, height]) => `${Math.round(Number(width))}×${Math.round(Number(height))}`,
  )
}

test('2 × 1 in thermal labels print one a page, and Start at label N skips what the sheet already used', async ({
  page,
}) => {
  await registerThroughApi(page.request)
  await createListingThroughApi(page, { title: 'Pyrex bowl', category: 'home', color: 'white', sku: 'BOWL-1' })
  await createListingThroughApi(page, { title: 'Brass lamp', category: 'home', color: 'yellow', sku: 'LAMP-1' })
  await page.goto('/')
  const listings = page.getByRole('region', { name: 'Your Listings' })
  for (const title of ['Pyrex bowl', 'Brass lamp'])
    await listings
      .getByRole('listitem')
      .filter({ hasText: title })
      .getByRole('checkbox', { name: `Select ${title}` })
      .check()
  await page.getByRole('link', { name: 'Labels' }).click()
  const sheet = page.getByRole('list', { name: 'Label sheet' })
  const status = page.getByRole('status').filter({ hasText: /label/ })
  await expect(status).toHaveText('2 labels on 1 sheet.')

  // The thermal roll: each label its own 2 × 1 in page (144 × 72 points), no "start at" to give.
  await page.getByLabel('Paper').selectOption('thermal')
  await expect(status).toHaveText('2 labels, one a page of 2 × 1 in.')
  await expect(page.getByLabel('Start at label')).toBeHidden()
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: 'test-results/labels-thermal-phone.png' })
  await page.emulateMedia({ media: 'print' })
  const lamp = sheet.getByRole('listitem').filter({ hasText: 'LAMP-1' })
  const box = (await lamp.boundingBox())!
  expect([box.width, box.height]).toEqual([2 * INCH, 1 * INCH])
  expect(await printedPages(page)).toEqual(['144×72', '144×72'])
  await page.emulateMedia({ media: 'screen' })

  // Letter with its first eleven labels peeled off: the bowl prints on label 12 (row 4, column 3), the lamp on 13.
  await page.getByLabel('Paper').selectOption('letter')
  const start = page.getByLabel('Start at label')
  await start.fill('12')
  await expect(status).toHaveText('2 labels on 1 sheet, starting at label 12.')
  await page.screenshot({ path: 'test-results/labels-start-at-phone.png' })
  // Measured as printed: at a Letter page's width (8.5 in), as the existing sheet test does, then back on the phone.
  await page.setViewportSize({ width: 8.5 * INCH, height: 11 * INCH })
  await page.emulateMedia({ media: 'print' })
  const bowl = sheet.getByRole('listitem').filter({ hasText: 'BOWL-1' })
  const first = (await sheet.boundingBox())!
  const placed = (await bowl.boundingBox())!
  expect(placed.x - first.x).toBeCloseTo(2 * (2.625 + 0.125) * INCH, 0)
  expect(placed.y - first.y).toBeCloseTo(3 * INCH, 0)
  expect(await printedPages(page)).toEqual(['612×792'])
  await page.emulateMedia({ media: 'screen' })
  await page.setViewportSize({ width: 390, height: 844 })

  // From the sheet's last label the lamp goes on a second sheet.
  await start.fill('30')
  await expect(status).toHaveText('2 labels on 2 sheets, starting at label 30.')
  await page.emulateMedia({ media: 'print' })
  expect(await printedPages(page)).toEqual(['612×792', '612×792'])
  await page.emulateMedia({ media: 'screen' })

  // Past the sheet: said under the field, nothing asked, and nothing to print.
  await start.fill('31')
  await expect(page.getByRole('alert')).toHaveText(
    'Start at label must be a whole number from 1 to 30, the labels on one sheet',
  )
  await expect(page.getByRole('button', { name: 'Print' })).toBeDisabled()
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: 'test-results/labels-start-refused-phone.png' })
  await page.getByLabel('Paper').selectOption('a4')
  await expect(page.getByRole('alert')).toHaveText(
    'Start at label must be a whole number from 1 to 21, the labels on one sheet',
  )
  await start.fill('21')
  await expect(status).toHaveText('2 labels on 2 sheets, starting at label 21.')
  await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled()
})
