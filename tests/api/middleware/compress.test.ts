// Text answers go out compressed when the client accepts it (issue 31): the listings' JSON in brotli or gzip, the same
// JSON once decoded; small answers, clients that accept neither, and the live event stream go out as they are.
import { promisify } from 'node:util'
import { brotliDecompress, gunzip } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { acceptedEncoding } from '../../../api/middleware/compress.ts'
import { createTestApp, readJson, registeredClient, type TestApp } from '../../helpers/test-app.ts'

let t: TestApp
let seller: Awaited<ReturnType<typeof registeredClient>>

beforeAll(async () => {
  t = await createTestApp()
  seller = await registeredClient(t.app, 'compressed')
  for (let index = 0; index < 30; index += 1) {
    const response = await seller.post('/api/listings', {
      title: `Vintage denim jacket, lot ${index}`,
      category: 'clothing',
      color: 'blue',
      price: 45,
      keywords: ['denim', 'jacket', 'vintage'],
    })
    expect(response.status).toBe(201)
  }
})
afterAll(() => t.close())

const listingsWith = (acceptEncoding?: string) =>
  seller.call('GET', '/api/listings', undefined, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {})

describe('compressed answers', () => {
  it('sends the listings in brotli to a browser that takes it, a fraction of the size, the same JSON decoded', async () => {
    const plain = await listingsWith()
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i)
    const plainBytes = Buffer.from(await plain.arrayBuffer())

    const br = await listingsWith('gzip, deflate, br, zstd')
    expect(br.status).toBe(200)
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('content-type')).toMatch(/^application\/json/)
    expect(br.headers.get('cache-control')).toBe('no-store')
    expect(br.headers.get('content-security-policy')).toContain("default-src 'none'")
    const brBytes = Buffer.from(await br.arrayBuffer())
    expect(brBytes.byteLength).toBeLessThan(plainBytes.byteLength / 5)
    expect(JSON.parse((await promisify(brotliDecompress)(brBytes)).toString())).toEqual(
      JSON.parse(plainBytes.toString()),
    )
  })

  it('sends gzip to a client that takes only gzip, or refuses brotli', async () => {
    for (const accepted of ['gzip', 'br;q=0, gzip;q=1']) {
      const response = await listingsWith(accepted)
      expect(response.headers.get('content-encoding')).toBe('gzip')
      const decoded = await promisify(gunzip)(Buffer.from(await response.arrayBuffer()))
      expect(JSON.parse(decoded.toString())).toHaveLength(30)
    }
  })

  it('leaves a small answer as it is', async () => {
    const response = await seller.call('GET', '/api/user', undefined, { 'accept-encoding': 'br, gzip' })
    expect(response.headers.get('content-encoding')).toBeNull()
    expect((await readJson(response)).username).toBe('compressed')
  })

  it('never compresses the live event stream, whose events must leave at once', async () => {
    const response = await seller.call('GET', '/api/events', undefined, { 'accept-encoding': 'br, gzip' })
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(response.headers.get('content-encoding')).toBeNull()
    const reader = response.body!.getReader()
    const first = await reader.read()
    expect(new TextDecoder().decode(first.value)).toMatch(/event: ready/)
    await reader.cancel()
  })
})

describe('acceptedEncoding', () => {
  it('prefers brotli, takes gzip, and honours q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br')
    expect(acceptedEncoding('GZIP')).toBe('gzip')
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip')
    expect(acceptedEncoding('br; q=0.0, gzip;q=0')).toBeUndefined()
    expect(acceptedEncoding('identity')).toBeUndefined()
    expect(acceptedEncoding(undefined)).toBeUndefined()
  })
})
