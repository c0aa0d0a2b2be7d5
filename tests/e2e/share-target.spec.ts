// The share target (issue 27, F5): a page of another site that submits the share sheet's form to /share-target makes
// nothing (the service worker answers such posts, so the server's origin check never sees them); a real share waits
// for the seller's "Add as draft", and its title is only ever text.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test, type Page } from '@playwright/test'
import { solidJpeg } from '../helpers/images.ts'
import { expectPhoneKnowsSeller, signUpThroughApi } from './helpers.ts'

test.setTimeout(60_000)

/** Makes the service worker control the page, as on a phone where the app is installed. */
async function installApp(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.reload()
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
  await expectPhoneKnowsSeller(page)
}

/** How many records each store of the phone's database holds. */
function countStored(page: Page) {
  return page.evaluate(
    () =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const open = indexedDB.open('snaplist')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          const names = ['drafts', 'photos', 'outbox', 'shares'].filter((name) => db.objectStoreNames.contains(name))
          const counts: Record<string, number> = {}
          const tx = db.transaction(names)
          for (const name of names)
            tx.objectStore(name).count().onsuccess = (event) =>
              (counts[name] = (event.target as IDBRequest<number>).result)
          tx.oncomplete = () => {
            db.close()
            resolve(counts)
          }
        }
      }),
  )
}

/** What the phone's share sheet does: a multipart form POST (a navigation) from the app to the manifest's share_target. */
async function shareFromGallery(
  page: Page,
  title: string,
  photos: { name: string; mimeType: string; buffer: Buffer }[],
) {
  await page.evaluate((sharedTitle) => {
    const form = Object.assign(document.createElement('form'), {
      method: 'POST',
      action: '/share-target',
      enctype: 'multipart/form-data',
    })
    form.append(Object.assign(document.createElement('textarea'), { name: 'title', value: sharedTitle }))
    form.append(
      Object.assign(document.createElement('input'), {
        type: 'file',
        name: 'photos',
        multiple: true,
        id: 'shared-photos',
      }),
    )
    document.body.append(form)
  }, title)
  await page.locator('#shared-photos').setInputFiles(photos)
  await page.evaluate(() => document.querySelector<HTMLFormElement>('form[action="/share-target"]')!.requestSubmit())
}

/** A page of another site (127.0.0.1 is another site than localhost) that submits the share form as soon as it opens. */
function attackerPage(appOrigin: string, jpeg: Buffer): string {
  return `<!doctype html><meta name="referrer" content="no-referrer"><title>You won</title>
<form method="POST" action="${appOrigin}/share-target" enctype="multipart/form-data">
  <input name="title" value="URGENT: account suspended - call 0800 000 000"><input type="file" name="photos">
</form>
<script>
  const bytes = Uint8Array.from(atob('${jpeg.toString('base64')}'), (c) => c.charCodeAt(0))
  const files = new DataTransfer()
  files.items.add(new File([bytes], 'scam.jpg', { type: 'image/jpeg' }))
  document.querySelector('input[type=file]').files = files.files
  document.forms[0].submit()
</script>`
}

let attacker: Server
let attackerOrigin: string
let jpeg: Buffer
test.beforeAll(async ({ baseURL }) => {
  jpeg = await solidJpeg({ r: 220, g: 30, b: 30 }, 320, 240)
  attacker = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html' }).end(attackerPage(baseURL!, jpeg)),
  )
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve))
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`
})
test.afterAll(() => new Promise<void>((resolve) => attacker.close(() => resolve())))

test('a page of another site that submits the share form makes no draft and uploads nothing', async ({ page }) => {
  await signUpThroughApi(page)
  await installApp(page)
  const uploads: string[] = []
  page.on(
    'request',
    (request) =>
      request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/') && uploads.push(request.url()),
  )

  await page.goto(`${attackerOrigin}/prize`)
  await expect(page.getByRole('heading', { name: 'Nothing was added' })).toBeVisible()
  await expect(page.getByText('A website tried to send photos to Snaplist. They were not kept.')).toBeVisible()
  expect(await countStored(page)).toEqual({ drafts: 0, photos: 0, outbox: 0, shares: 0 })

  await page.getByRole('link', { name: 'Go to Dashboard' }).click()
  await expect(page.getByRole('heading', { name: /^Hello, / })).toBeVisible()
  await expect(page.getByText(/URGENT/)).toHaveCount(0)
  expect(uploads.filter((url) => /\/api\/(images|analy[sz]e|listings)/.test(url))).toEqual([])
  expect(await (await page.request.get('/api/listings')).json()).toEqual([])
})

test('a share from the gallery waits for Add as draft, and shows its title as text only', async ({ page }) => {
  await signUpThroughApi(page)
  await installApp(page)
  const photo = (name: string, buffer: Buffer) => ({ name, mimeType: 'image/jpeg', buffer })
  const blue = await solidJpeg({ r: 30, g: 60, b: 200 }, 640, 480)

  // Discarded: nothing stays.
  await shareFromGallery(page, 'Not this one', [photo('one.jpg', blue)])
  await expect(page.getByRole('heading', { name: 'Add what you shared?' })).toBeVisible()
  expect(await countStored(page)).toMatchObject({ drafts: 0, photos: 0, outbox: 0, shares: 1 })
  await page.getByRole('button', { name: 'Discard' }).click()
  await expect(page.getByRole('heading', { name: /^Hello, / })).toBeVisible()
  expect(await countStored(page)).toEqual({ drafts: 0, photos: 0, outbox: 0, shares: 0 })

  // Added: a draft with the photos and the title as plain text (markup shown as typed, the line break gone).
  await page.goto('/')
  await shareFromGallery(page, '<img src=x onerror="document.title=1">Brass\ncandlestick', [
    photo('a.jpg', blue),
    photo('b.jpg', jpeg),
  ])
  await expect(page.getByRole('heading', { name: 'Add what you shared?' })).toBeVisible()
  await expect(page.getByTestId('shared-title')).toHaveText('<img src=x onerror="document.title=1">Brass candlestick')
  await expect(page.getByRole('img', { name: 'Shared photo 2' })).toBeVisible()
  expect(await countStored(page)).toMatchObject({ drafts: 0, outbox: 0 })
  await page.getByRole('button', { name: 'Add as draft' }).click()
  await expect(page).toHaveURL(/\/list-item\?draft=[0-9a-f-]{36}$/)
  await expect(page.getByLabel('Title')).toHaveValue('<img src=x onerror="document.title=1">Brass candlestick')
  await expect(page.getByRole('img', { name: 'Photo 2' })).toBeVisible()
  expect(await countStored(page)).toMatchObject({ drafts: 1, photos: 2, shares: 0 })
})
