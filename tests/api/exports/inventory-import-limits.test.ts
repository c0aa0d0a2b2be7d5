// What one seller's CSV imports may cost the server (issue 46 G1, api/services/exports/inventory-import.ts): a file is
// read as it arrives and refused the moment it passes a cap, so a file of nothing but line breaks holds neither the
// event loop nor the memory of the server, which goes on answering everyone else; and a seller's imports are limited a
// minute and a day. Over real HTTP, as a phone sends them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMPORT_MAX_BYTES, IMPORT_MAX_LINES, IMPORT_MAX_ROWS } from '../../../api/contract/books-import.ts'
import { IMPORT_LIMITS } from '../../../api/services/rate-limit.ts'
import { listen } from '../../fakes/listen.ts'
import { createTestApp, registeredClient, type TestApp } from '../../helpers/test-app.ts'

let t: TestApp
let server: { url: string; close(): Promise<void> }
let alice: { cookie: string }
let bob: { cookie: string }
let carol: { cookie: string }
beforeAll(async () => {
  t = await createTestApp({
    importLimits: { perMinute: IMPORT_LIMITS.perMinute.max, perDay: IMPORT_LIMITS.perDay.max },
  })
  server = await listen(t.app, 0, () => ({}))
  alice = await registeredClient(t.app, 'import-limits-alice')
  bob = await registeredClient(t.app, 'import-limits-bob')
  carol = await registeredClient(t.app, 'import-limits-carol')
})
afterAll(async () => {
  await server?.close()
  await t?.close()
})

const PREVIEW = '/api/imports/inventory.csv/preview'
const APPLY = '/api/imports/inventory.csv'

const send = (path: string, seller: { cookie: string }, body?: string) =>
  fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      cookie: seller.cookie,
      origin: server.url,
      ...(body === undefined ? {} : { 'content-type': 'text/csv' }),
    },
    body,
  })

/** The answer, its JSON, and how long it took from the request to the whole answer. */
async function timed(reply: Promise<Response>) {
  const started = performance.now()
  const response = await reply
  const json = (await response.json()) as { message?: string; code?: string }
  return { status: response.status, json, ms: performance.now() - started }
}

describe('what one seller’s imports may cost the server', () => {
  it('refuses 2 MB of line breaks, four files at once, quickly and in little memory, while another seller is answered', async () => {
    const lineBreaks = '\n'.repeat(IMPORT_MAX_BYTES)
    const rssBefore = process.memoryUsage().rss
    let rssPeak = rssBefore
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 5)

    // Bob reads his account over and over while Alice's files arrive: each answer's wait is what the imports cost him.
    let importing = true
    const bobWaits: number[] = []
    const bobReads = (async () => {
      while (importing) {
        const read = await timed(send('/api/user', bob))
        expect(read.status).toBe(200)
        bobWaits.push(read.ms)
      }
    })()
    const imports = await Promise.all(
      [PREVIEW, APPLY, PREVIEW, APPLY].map((path) => timed(send(path, alice, lineBreaks))),
    )
    importing = false
    await bobReads
    clearInterval(sampler)
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss)

    for (const refused of imports) {
      expect(refused.status).toBe(400)
      expect(refused.json.message).toBe(
        `The file has more than ${IMPORT_MAX_LINES.toLocaleString('en-US')} lines (blank ones count); at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows at a time.`,
      )
      expect(refused.ms).toBeLessThan(2000)
    }
    console.info(
      `4 files of 2 MB of line breaks: answered in ${imports.map((i) => Math.round(i.ms)).join(', ')} ms; Bob's ${bobWaits.length} reads meanwhile waited at most ${Math.round(Math.max(...bobWaits))} ms; the process grew ${Math.round((rssPeak - rssBefore) / 2 ** 20)} MB`,
    )
    expect(Math.max(...bobWaits)).toBeLessThan(500)
    expect(rssPeak - rssBefore).toBeLessThan(100 * 2 ** 20)
  })

  it('limits a seller’s files a minute, previews and imports together, with when to try again; others import on', async () => {
    const file = 'SKU,Cost\nNOPE-1,2.50\n'
    for (let sent = 0; sent < IMPORT_LIMITS.perMinute.max; sent++)
      expect((await timed(send(sent % 2 ? APPLY : PREVIEW, carol, file))).status).toBe(200)
    for (const path of [PREVIEW, APPLY]) {
      const response = await send(path, carol, file)
      expect(response.status).toBe(429)
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(await response.json()).toMatchObject({
        code: 'rate_limited',
        message: 'You have sent more files to import than this server allows for now. Try again in 1 minute.',
      })
    }
    expect((await timed(send(PREVIEW, bob, file))).status).toBe(200)
  })
})
