// Copying eBay's pictures in (issue 46, G7): only from eBay's picture host, so a redirect elsewhere is not followed, and
// at most 15 MB of a picture is read, so a reply that never says its size is cut off there instead of read whole.
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPictureCopy, type PictureCopy } from '../../api/services/listings/picture-copy.ts'
import { startFakeEbay, type FakeEbay } from '../fakes/ebay.ts'
import { listen } from '../fakes/listen.ts'

const MB = 1024 * 1024

let ebay: FakeEbay
/** Another address, as an internal service would be: it counts what reaches it. */
let elsewhere: { url: string; close(): Promise<void> }
let elsewhereHits = 0
const copied: Buffer[] = []
let copy: PictureCopy

beforeAll(async () => {
  ebay = await startFakeEbay()
  elsewhere = await listen(
    new Hono().get('*', (c) => {
      elsewhereHits += 1
      return c.body(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), 200, { 'content-type': 'image/jpeg' })
    }),
    0,
    () => ({}),
  )
  copy = createPictureCopy({
    photos: {
      async copyIn(_userId, id, bytes) {
        copied.push(bytes)
        return { id, imageUrl: `/files/${id}.jpg`, thumbnailUrl: `/files/${id}.webp`, width: 64, height: 48 }
      },
    },
    picturesOrigin: ebay.url,
  })
})
afterAll(async () => {
  await Promise.all([ebay.close(), elsewhere.close()])
})

/** The most memory outside the JavaScript heap (where response bodies are) grew by while `work` ran, in bytes. */
async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const before = process.memoryUsage().arrayBuffers
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().arrayBuffers)), 5)
  try {
    const result = await work()
    return { result, growth: Math.max(peak, process.memoryUsage().arrayBuffers) - before }
  } finally {
    clearInterval(sampler)
  }
}

describe("copying eBay's pictures", () => {
  it("copies a picture from eBay's picture host", async () => {
    const photo = await copy(1, `${ebay.url}/pictures/1-0.jpg`)
    expect(photo).toBeDefined()
    expect(copied.at(-1)!.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]))
  })

  it('follows no redirect off the picture host', async () => {
    const before = copied.length
    const moved = `${ebay.url}/pictures/moved/1-0.jpg?to=${encodeURIComponent(`${elsewhere.url}/internal/admin.jpg`)}`
    expect(await copy(1, moved)).toBeUndefined()
    expect(elsewhereHits).toBe(0)
    expect(copied.length).toBe(before)
  })

  it('stops reading a reply that never says its size at 15 MB, not after 300 MB', async () => {
    const before = copied.length
    const { result, growth } = await peakGrowth(() => copy(1, `${ebay.url}/pictures/endless.jpg`))
    expect(result).toBeUndefined()
    expect(copied.length).toBe(before)
    // What the picture host got to send: the 15 MB read, and what the sockets held when the reading stopped.
    expect(ebay.sell.endlessPictureBytes).toBeLessThan(40 * MB)
    expect(growth).toBeLessThan(64 * MB)
  })
})
