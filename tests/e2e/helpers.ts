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

/** Nothing on the page may be wider than the screen: a phone user would have to scroll sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  const overflowing = await page.evaluate(() => {
    const width = document.documentElement.clientWidth
    if (document.documentElement.scrollWidth <= width) return []
    return [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className.toString().slice(0, 80)} (${Math.round(element.getBoundingClientRect().right)}px)`)
  })
  expect(overflowing, 'elements wider than the screen').toEqual([])
}
