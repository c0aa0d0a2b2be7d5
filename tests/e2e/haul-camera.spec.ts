// The haul's own camera on a 390×844 phone (issue 47, decision 0058): the viewfinder films in the page (Chromium's fake
// camera), the shutter and Next item sit under the thumb, so a 3-photo item is 4 taps; each frame is stored and sent
// as a picked photo is, and the camera is let go when the seller leaves. A phone that refuses the camera, or has no
// getUserMedia, gets Take photo as the file input that opens its own camera.
import { writeFileSync } from 'node:fs'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { BROWSER_SUITE_CHROMIUM_PATH, CHROMIUM_ARGS } from '../helpers/chromium.ts'
import { solidJpeg } from '../helpers/images.ts'
import { expectAccessible } from './axe.ts'
import { expectNoSidewaysScroll, signUpThroughApi } from './helpers.ts'

const SCREEN = { width: 390, height: 844 }
test.use({
  viewport: SCREEN,
  permissions: ['camera'],
  launchOptions: {
    executablePath: BROWSER_SUITE_CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
})
test.setTimeout(90_000)

const strip = (page: Page) => page.getByRole('list', { name: 'Items' })
const item = (page: Page, number: number, photos: number) =>
  strip(page).getByRole('button', { name: new RegExp(`^Item ${number} · ${photos} photos? `) })

/** Where the thumb reaches holding a phone: the bottom third of the screen, without scrolling. */
async function expectUnderTheThumb(target: Locator) {
  const box = (await target.boundingBox())!
  expect(box.y, 'in the bottom third').toBeGreaterThanOrEqual((SCREEN.height * 2) / 3)
  expect(box.y + box.height, 'on the screen').toBeLessThanOrEqual(SCREEN.height)
}

async function serverListings(page: Page): Promise<{ images: string[] }[]> {
  return (await page.request.get('/api/listings')).json()
}

test('a 3-photo item in 4 taps: the viewfinder’s shutter and Next item under the thumb, each frame sent as a photo', async ({
  page,
}) => {
  // Every camera the page opens, so the test can see each let go.
  await page.addInitScript(() => {
    const opened: MediaStream[] = []
    Object.assign(window, { openedCameras: opened })
    const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices)
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await open(constraints)
      opened.push(stream)
      return stream
    }
  })
  await signUpThroughApi(page)
  await page.getByRole('link', { name: 'Capture a haul' }).click()
  const camera = page.getByLabel('Camera')
  await expect(camera).toBeVisible()
  await expect.poll(() => camera.evaluate((video: HTMLVideoElement) => video.videoWidth)).toBeGreaterThan(0)
  const frame = await camera.evaluate((video: HTMLVideoElement) => `${video.videoWidth}×${video.videoHeight}`)
  console.log(`[measured] viewfinder frame ${frame}`)

  const shutter = page.getByRole('button', { name: 'Take photo' })
  const nextItem = page.getByRole('button', { name: 'Next item' })
  await expectUnderTheThumb(shutter)
  await expectUnderTheThumb(nextItem)

  let taps = 0
  const tap = async (target: Locator) => {
    taps++
    await target.tap()
  }
  for (let photo = 1; photo <= 3; photo++) {
    await tap(shutter)
    await expect(item(page, 1, photo)).toBeVisible()
  }
  await tap(nextItem)
  await expect(strip(page).getByText('Item 2: take its first photo')).toBeVisible()
  expect(taps).toBe(4)
  await tap(shutter)
  await expect(item(page, 2, 1)).toBeVisible()
  await expectNoSidewaysScroll(page)
  await expectAccessible(page, '/haul with the viewfinder')
  await page.screenshot({ path: 'test-results/haul-camera-phone.png' })

  // The frames are photos like any other: shown from the phone, uploaded, analysed, and created as the items' photos.
  const taken = page.getByRole('img', { name: 'Item 2, photo 1' })
  await expect.poll(() => taken.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
  await expect(page.getByText('2 of 2 ready')).toBeVisible({ timeout: 30_000 })
  await page.getByRole('button', { name: 'Create all 2 ready' }).click()
  await page
    .getByRole('dialog', { name: 'Create 2 listings?' })
    .getByRole('button', { name: 'Create 2 listings' })
    .click()
  await expect
    .poll(async () => (await serverListings(page)).map((listing) => listing.images.length).sort(), { timeout: 30_000 })
    .toEqual([1, 3])

  // Leaving the screen lets the camera go.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click()
  const cameraStates = () =>
    page.evaluate(() =>
      (window as unknown as { openedCameras: MediaStream[] }).openedCameras.flatMap((stream) =>
        stream.getTracks().map((track) => track.readyState),
      ),
    )
  await expect.poll(cameraStates).toContain('ended')
  expect(new Set(await cameraStates())).toEqual(new Set(['ended']))
})

const NO_CAMERA = {
  refused: () => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
  },
  'without getUserMedia': () => {
    Object.defineProperty(navigator.mediaDevices, 'getUserMedia', { value: undefined })
  },
}

for (const [how, script] of Object.entries(NO_CAMERA)) {
  test(`the camera ${how}: Take photo opens the phone’s camera, still under the thumb`, async ({ page }, testInfo) => {
    await page.addInitScript(script)
    await signUpThroughApi(page)
    await page.getByRole('link', { name: 'Capture a haul' }).click()
    await expect(page.getByText('The camera cannot be shown here')).toBeVisible()
    await expect(page.getByLabel('Camera')).toHaveCount(0)
    const takePhoto = page.getByLabel('Take photo')
    await expectUnderTheThumb(page.locator('label').filter({ has: takePhoto }))
    const photo = testInfo.outputPath('picked.jpg')
    writeFileSync(photo, await solidJpeg({ r: 90, g: 140, b: 60 }, 800, 600))
    await takePhoto.setInputFiles(photo)
    await expect(item(page, 1, 1)).toBeVisible()
    await expectUnderTheThumb(page.getByRole('button', { name: 'Next item' }))
    await page.screenshot({ path: `test-results/haul-no-camera-${how.replace(/\W+/g, '-')}-phone.png` })
  })
}
