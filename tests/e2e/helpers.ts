import { randomBytes, randomUUID } from 'node:crypto'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { MARKETPLACES, type Platform } from '../../api/contract/marketplaces.ts'
import type { ReceivedMail } from '../fakes/smtp.ts'
import { solidJpeg } from '../helpers/images.ts'
import { FAKE_SMTP_HTTP_PORT } from './ports.ts'

export { listingIdOfSku } from '../helpers/ebay-sku.ts'

export const uniqueName = (prefix = 'seller') => `${prefix}${randomBytes(4).toString('hex')}`

export const PASSWORD = 'thrift store 42'

/** Opens the Register tab and fills in every field for a new seller, without sending it. */
export async function fillRegisterForm(page: Page, username = uniqueName(), password = PASSWORD) {
  await page.goto('/auth')
  await page.getByRole('radio', { name: 'Register' }).click()
  await page.getByLabel('First name').fill('Rita')
  await page.getByLabel('Last name').fill('Reseller')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Email').fill(`${username}@example.com`)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm password').fill(password)
}

/** Fills the Register tab as a person would and sends it. */
export async function submitRegistration(page: Page, username: string, password = PASSWORD) {
  await fillRegisterForm(page, username, password)
  await page.getByRole('button', { name: 'Create account' }).click()
}

/** Registers through the Register tab, and waits for the Dashboard to greet them. */
export async function registerThroughUi(page: Page, username = uniqueName()) {
  await submitRegistration(page, username)
  await expect(page.getByRole('heading', { name: `Hello, ${username}` })).toBeVisible()
  return username
}

/**
 * Registers through the API: quicker than the form when the test is about something else. The request context (for
 * page.request, the page too) is then signed in; the session cookie is returned for other clients.
 */
export async function registerThroughApi(request: APIRequestContext, prefix = 'seller') {
  const username = uniqueName(prefix)
  const response = await request.post('/api/register', {
    data: { username, email: `${username}@example.com`, firstName: 'Rita', lastName: 'Reseller', password: PASSWORD },
  })
  expect(response.status(), await response.text()).toBe(201)
  const cookie = response.headers()['set-cookie']?.split(';')[0]
  if (!cookie) throw new Error('POST /api/register set no session cookie')
  return { username, cookie }
}

/**
 * Registers through the API and opens the Dashboard: where registerThroughUi leaves the seller, in a fraction of the
 * time, for the tests whose subject comes after sign-up (the Register form and the first screen after it are
 * auth.spec.ts's and account.spec.ts's). page.request shares the page's cookies, so the page is signed in.
 */
export async function signUpThroughApi(page: Page, prefix?: string) {
  const { username } = await registerThroughApi(page.request, prefix)
  await page.goto('/')
  await expect(page.getByRole('heading', { name: `Hello, ${username}` })).toBeVisible()
  return username
}

/**
 * The phone's offline store has recorded who is signed in (src/lib/outbox.ts), as the app does once its first screen
 * is up: the service worker asks it before it keeps a share. A seller who registers in the app has long been recorded
 * by then; one who arrives signed in (signUpThroughApi) is recorded a moment after the Dashboard shows.
 */
export async function expectPhoneKnowsSeller(page: Page) {
  const recorded = () =>
    page.evaluate(
      () =>
        new Promise<boolean>((resolve, reject) => {
          const open = indexedDB.open('snaplist')
          open.onerror = () => reject(open.error)
          open.onsuccess = () => {
            const db = open.result
            if (!db.objectStoreNames.contains('signedIn')) return void (db.close(), resolve(false))
            const get = db.transaction('signedIn').objectStore('signedIn').get('current')
            get.onerror = () => void (db.close(), reject(get.error))
            get.onsuccess = () => void (db.close(), resolve(get.result !== undefined))
          }
        }),
    )
  await expect.poll(recorded, { message: 'the phone records who is signed in' }).toBe(true)
}

/** Stores a JPEG as the app's sync engine would, and returns the URL a listing's images name it by. */
export async function uploadPhoto(request: APIRequestContext, jpeg: Buffer): Promise<string> {
  const upload = await request.post('/api/images', {
    multipart: { id: randomUUID(), image: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
  })
  expect(upload.ok(), await upload.text()).toBe(true)
  return ((await upload.json()) as { imageUrl: string }).imageUrl
}

/** Nothing on the page may be wider than the screen: a phone user would have to scroll sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  const overflowing = await page.evaluate(() => {
    const width = document.documentElement.clientWidth
    if (document.documentElement.scrollWidth <= width) return []
    return [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className.toString().slice(0, 80)} (${Math.round(element.getBoundingClientRect().right)}px)`,
      )
  })
  expect(overflowing, 'elements wider than the screen').toEqual([])
}

/** The administrator the global setup registers first, so it is the one admin account of the suite's database. */
export const ADMIN = { username: 'e2e-admin', email: 'e2e-admin@example.com', password: PASSWORD } as const

/** Signs in through the Login tab and waits for the Dashboard. */
export async function signInThroughUi(page: Page, username: string, password = PASSWORD) {
  await page.goto('/auth')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByRole('heading', { name: `Hello, ${username}` })).toBeVisible()
}

/** The sign-in form refused a wrong username or password: its own alert (the toast says it too, so a text match can find both). */
export async function expectLoginRefused(page: Page) {
  await expect(page.locator('form').getByRole('alert')).toHaveText(
    'Login failed: Incorrect username or password. Check both and try again.',
  )
}

/** The newest mail the fake SMTP server received for this address whose subject matches, once it has arrived. */
export async function mailTo(address: string, subject: RegExp): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined
  await expect
    .poll(
      async () => {
        const response = await fetch(
          `http://127.0.0.1:${FAKE_SMTP_HTTP_PORT}/messages?to=${encodeURIComponent(address)}`,
        )
        const messages = (await response.json()) as ReceivedMail[]
        found = messages.filter((mail) => subject.test(mail.subject)).at(-1)
        return found !== undefined
      },
      { message: `an email to ${address} with a subject like ${subject}` },
    )
    .toBe(true)
  return found!
}

/** Uploads one photo and creates a listing with it through the API, as the signed-in page's own session. */
export async function createListingThroughApi(page: Page, fields: Record<string, unknown>) {
  const photo = await page.request.post('/api/images', {
    multipart: {
      id: crypto.randomUUID(),
      image: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await solidJpeg({ r: 40, g: 80, b: 160 }) },
    },
  })
  expect(photo.status()).toBe(201)
  const { imageUrl } = (await photo.json()) as { imageUrl: string }
  const listing = await page.request.post('/api/listings', {
    data: { description: 'Light wash, no stains.', ...fields, images: [imageUrl] },
  })
  expect(listing.status(), await listing.text()).toBe(201)
  return (await listing.json()) as { id: number; title: string }
}

/** Plays the seller on the eBay stand-in's consent page (Agree) without following eBay's redirect: where it sends them. */
export async function ebayRedirectAddress(request: APIRequestContext, authUrl: string): Promise<string> {
  const consent = await request.get(authUrl)
  const agree = /href="([^"]+)">Agree/.exec(await consent.text())![1]!.replace(/&amp;/g, '&')
  const redirect = await request.get(new URL(agree, authUrl).toString(), { maxRedirects: 0 })
  return redirect.headers().location!
}

/**
 * Lets the page's clock run ahead when a test asks (leaveResultScreen): from the next page the tab loads, time is the
 * page's fake clock, which runs at the real pace until then.
 */
export const fakeClock = (page: Page) => page.clock.install()

/**
 * A marketplace's result screen (Connected, Cancelled, Connection Failed) is showing: its pause before it goes to the
 * Dashboard by itself (MARKETPLACES' leave, 1.5-3 s) passes at once, on the clock fakeClock installed beforehand.
 */
export async function leaveResultScreen(page: Page, platform: Platform, outcome: 'connected' | 'failed' | 'cancelled') {
  const afterMs = MARKETPLACES[platform].leave[outcome].afterMs
  if (afterMs === null) throw new Error(`${platform}'s ${outcome} screen stays until the seller leaves it`)
  await page.clock.fastForward(afterMs)
}

/** Connects eBay through the stand-in's consent page in this tab; returns the grant's state, which names the seller there. */
export async function connectEbay(page: Page): Promise<string> {
  const { authUrl } = await page.evaluate(() =>
    fetch('/api/marketplace-connections/ebay/auth').then((r) => r.json() as Promise<{ authUrl: string }>),
  )
  await fakeClock(page)
  await page.goto(authUrl)
  await page.getByRole('link', { name: 'Agree' }).click()
  await expect(page.getByRole('heading', { name: 'eBay Connected' })).toBeVisible()
  await leaveResultScreen(page, 'ebay', 'connected')
  await expect(page.getByRole('listitem', { name: 'eBay' }).getByText('Connected', { exact: true })).toBeVisible()
  return new URL(authUrl).searchParams.get('state')!
}

/** Connects Etsy through the stand-in's consent page (Allow access) in this tab, as a seller would from the Dashboard. */
export async function connectEtsy(page: Page) {
  const { authUrl } = await page.evaluate(() =>
    fetch('/api/marketplace-connections/etsy/auth').then((r) => r.json() as Promise<{ authUrl: string }>),
  )
  await page.goto(authUrl)
  await page.getByRole('link', { name: 'Allow access' }).click()
  await expect(page.getByRole('listitem', { name: 'Etsy' }).getByText('Connected', { exact: true })).toBeVisible()
}
