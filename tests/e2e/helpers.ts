import { randomBytes } from 'node:crypto'
import { expect, type Page } from '@playwright/test'

export const uniqueName = (prefix = 'seller') => `${prefix}${randomBytes(4).toString('hex')}`

export const PASSWORD = 'thrift store 42'

/** Registers through the Register tab as a person would, and waits for the Dashboard to greet them. */
export async function registerThroughUi(page: Page, username = uniqueName()) {
  await page.goto('/auth')
  await page.getByRole('tab', { name: 'Register' }).click()
  await page.getByLabel('First name').fill('Rita')
  await page.getByLabel('Last name').fill('Reseller')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Email').fill(`${username}@example.com`)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirm password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { name: `Hello, ${username}` })).toBeVisible()
  return username
}
