// Every dialog of the Dashboard closes on Escape (issue 26): pressed as soon as the dialog shows, as a seller with a
// keyboard does, not after a pause.
import { expect, test, type Locator, type Page } from '@playwright/test'
import { createListingThroughApi, registerThroughApi } from './helpers.ts'

async function closesOnEscape(page: Page, open: () => Promise<void>, name: string) {
  await open()
  const dialog = page.getByRole('dialog', { name })
  await expect(dialog.getByRole('heading', { name })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog, `${name} closes on Escape`).toBeHidden()
}

test('each dialog the Dashboard opens closes on Escape', async ({ page }) => {
  await registerThroughApi(page.request, 'escape')
  await createListingThroughApi(page, { title: 'Brass desk lamp', price: 25, category: 'home', color: 'yellow' })
  await page.goto('/')
  const row: Locator = page
    .getByRole('region', { name: 'Your Listings' })
    .getByRole('listitem')
    .filter({ hasText: 'Brass desk lamp' })
  const fromMenu = (action: string) => async () => {
    await row.getByRole('button', { name: 'Actions for Brass desk lamp' }).tap()
    await page.getByRole('menuitem', { name: `${action} Brass desk lamp` }).tap()
  }
  await closesOnEscape(page, fromMenu('Preview'), 'Brass desk lamp')
  // Twice: the second time the menu's code is loaded already, and the dialog opens at once.
  await closesOnEscape(page, fromMenu('Preview'), 'Brass desk lamp')
  await closesOnEscape(page, fromMenu('Delete'), 'Delete this listing?')
  await closesOnEscape(
    page,
    () => row.getByRole('button', { name: 'Post to eBay: Brass desk lamp' }).click(),
    'Post to eBay',
  )
  await closesOnEscape(page, () => page.getByRole('button', { name: 'Connect eBay' }).click(), 'Connect eBay')
  await closesOnEscape(page, () => page.getByRole('button', { name: 'Connect Etsy' }).click(), 'Connect Etsy')
  // With the keyboard alone: the menu opened and its item chosen with Enter.
  await row.getByRole('button', { name: 'Actions for Brass desk lamp' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menuitem', { name: 'Preview Brass desk lamp' })).toBeVisible()
  await page.keyboard.press('Enter')
  const preview = page.getByRole('dialog', { name: 'Brass desk lamp' })
  await expect(preview.getByRole('heading', { name: 'Brass desk lamp' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(preview).toBeHidden()
  await expect(row).toBeVisible()
})
