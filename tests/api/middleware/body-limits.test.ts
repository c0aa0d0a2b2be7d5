// Hostile photo uploads against the real server process: every one is refused with a 4xx that says why (or, for a
// JPEG carrying a payload, stored re-encoded without it), all sent at once to both upload routes, while the process's
// peak resident memory stays within a stated bound above what it used before.
import { randomUUID } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cameraJpeg, jpegDeclaring, photoForm, pngDeclaring, solidJpeg } from '../../helpers/images.ts'
import { SERVER_TEST_TIMEOUT_MS, startServer, type ServerProcess } from '../../helpers/server-process.ts'
import { newUser } from '../../helpers/test-app.ts'
import { onPostgresRerun } from '../../helpers/test-db.ts'

// The bound sits above the most one permitted photo could cost decoded whole (50 MP × 3 bytes = 150 MB), and far
// below what decoding any bomb here would (the JPEG claims 4.3 gigapixels, 12.9 GB): a bomb that got past the header
// check would cross it at once.
const MEMORY_BOUND_MB = 200
const ROUTES = ['/api/images', '/api/analyze-image']

let running: ServerProcess
let cookie: string

const procStatus = (field: 'VmRSS' | 'VmHWM') => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
    readFileSync(`/proc/${running.server.pid}/status`, 'utf8'),
  )
  return Number(match![1]) / 1024
}
// Linux forgets the process's peak resident size when 5 is written here, so VmHWM then measures from now on.
const resetPeakMemory = () => writeFileSync(`/proc/${running.server.pid}/clear_refs`, '5')

function upload(route: string, body: FormData) {
  return fetch(`${running.origin}${route}`, { method: 'POST', headers: { cookie, origin: running.origin }, body })
}

async function refusal(response: Response) {
  return { status: response.status, message: ((await response.json()) as { message: string }).message }
}

beforeAll(async () => {
  running = await startServer()
  const registered = await fetch(`${running.origin}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: running.origin },
    body: JSON.stringify(newUser('bomber')),
  })
  cookie = registered.headers.get('set-cookie')!.split(';')[0]!
  // Warm up: libvips and its thread pool start with the first photo, which is not what this test measures.
  await upload('/api/analyze-image', photoForm(await solidJpeg({ r: 1, g: 2, b: 3 })))
}, SERVER_TEST_TIMEOUT_MS)
afterAll(() => {
  running?.server.kill()
})

describe.skipIf(onPostgresRerun)('hostile uploads', () => {
  it(`refuses each with a 4xx that says why, all at once on both routes, within ${MEMORY_BOUND_MB} MB of peak memory`, async () => {
    const whole = await cameraJpeg({ width: 800, height: 600 })
    const hostile: Record<
      string,
      { bytes: Buffer | string; status: number; message: RegExp; type?: string; name?: string }
    > = {
      // A full-size frame of a 50-megapixel camera (8688 × 5792, 50.3 MP), small on disk because it is one colour.
      '50-megapixel photo': {
        bytes: await solidJpeg({ r: 90, g: 90, b: 90 }, 8688, 5792),
        status: 413,
        message: /more than 50 megapixels/,
      },
      'PNG bomb: a few hundred bytes declaring 100000 × 100000 pixels': {
        bytes: pngDeclaring(100_000, 100_000),
        status: 413,
        message: /more than 50 megapixels/,
      },
      'JPEG bomb: a small photo whose header claims 65500 × 65500 pixels': {
        bytes: jpegDeclaring(whole, 65_500, 65_500),
        status: 413,
        message: /more than 50 megapixels/,
      },
      'truncated JPEG': {
        bytes: whole.subarray(0, Math.floor(whole.length / 2)),
        status: 400,
        message: /not a photo Snaplist can read/,
      },
      'SVG with a script': {
        bytes: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        type: 'image/svg+xml',
        name: 'x.svg',
        status: 400,
        message: /not a photo Snaplist can read/,
      },
      'HTML behind a JPEG signature': {
        bytes: Buffer.concat([
          Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
          Buffer.from('<html><script>alert(document.cookie)</script></html>'),
        ]),
        status: 400,
        message: /not a photo Snaplist can read/,
      },
    }

    resetPeakMemory()
    const before = procStatus('VmRSS')
    const answers = await Promise.all(
      Object.entries(hostile).flatMap(([name, file]) =>
        ROUTES.map(async (route) => {
          const form = photoForm(file.bytes, { id: randomUUID(), type: file.type, name: file.name })
          return { name, route, ...(await refusal(await upload(route, form))) }
        }),
      ),
    )
    const peakGrowth = procStatus('VmHWM') - before
    console.log(
      `upload bombs: RSS ${before.toFixed(0)} MB before, peak ${(before + peakGrowth).toFixed(0)} MB (+${peakGrowth.toFixed(0)} MB, bound ${MEMORY_BOUND_MB} MB)`,
    )

    for (const answer of answers) {
      const expected = hostile[answer.name]!
      expect(answer, `${answer.name} on ${answer.route}`).toMatchObject({
        status: expected.status,
        message: expect.stringMatching(expected.message),
      })
    }
    expect(peakGrowth).toBeLessThan(MEMORY_BOUND_MB)
  })

  it.each(ROUTES)(
    '%s keeps only the re-encoded picture of a JPEG that carries HTML and a ZIP archive after its image data',
    async (route) => {
      const payload = Buffer.concat([
        Buffer.from('<html><script>alert(document.cookie)</script></html>'),
        Buffer.from('PK\x03\x04 zip archive follows'),
      ])
      const polyglot = Buffer.concat([await solidJpeg({ r: 10, g: 200, b: 30 }, 640, 480), payload])
      const response = await upload(route, photoForm(polyglot, { id: randomUUID() }))
      expect(response.status).toBeLessThan(300)
      const { imageUrl } = (await response.json()) as { imageUrl: string }
      const stored = await fetch(`${running.origin}${imageUrl}`)
      expect(stored.headers.get('content-type')).toBe('image/jpeg')
      const bytes = Buffer.from(await stored.arrayBuffer())
      expect(bytes.includes('<script')).toBe(false)
      expect(bytes.includes('PK\x03\x04')).toBe(false)
      expect((await sharp(bytes).metadata()).format).toBe('jpeg')
    },
  )
})
