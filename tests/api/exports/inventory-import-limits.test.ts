// What one seller's CSV imports may cost the server (issue 46 G1, api/services/exports/inventory-import.ts), against the
// real server process: a file is read as it arrives and refused the moment it passes a cap, so files of nothing but
// line breaks hold neither the event loop nor the memory of the server, which goes on answering everyone else; and a
// seller's imports are limited a minute and a day.
import { readFileSync, writeFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMPORT_MAX_BYTES, IMPORT_MAX_LINES, IMPORT_MAX_ROWS } from '../../../api/contract/books-import.ts'
import { IMPORT_LIMITS } from '../../../api/services/rate-limit.ts'
import { SERVER_TEST_TIMEOUT_MS, startServer, type ServerProcess } from '../../helpers/server-process.ts'
import { newUser } from '../../helpers/test-app.ts'
import { onPostgresRerun } from '../../helpers/test-db.ts'

/** How long another seller may wait for an answer meanwhile; four such files at once held him 3.7-6.5 s before. */
const OTHERS_WAIT_MS = 500
/** How much the server's peak memory may grow reading four such files at once; it grew 1 GB before. */
const MEMORY_BOUND_MB = 100

const PREVIEW = '/api/imports/inventory.csv/preview'
const APPLY = '/api/imports/inventory.csv'

let running: ServerProcess
const cookies: Record<'alice' | 'bob' | 'carol', string> = { alice: '', bob: '', carol: '' }

const procStatus = (field: 'VmRSS' | 'VmHWM') => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
    readFileSync(`/proc/${running.server.pid}/status`, 'utf8'),
  )
  return Number(match![1]) / 1024
}
// Linux forgets the process's peak resident size when 5 is written here, so VmHWM then measures from now on.
const resetPeakMemory = () => writeFileSync(`/proc/${running.server.pid}/clear_refs`, '5')

const send = (path: string, seller: keyof typeof cookies, body?: Uint8Array | string) =>
  fetch(`${running.origin}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      cookie: cookies[seller],
      origin: running.origin,
      ...(body === undefined ? {} : { 'content-type': 'text/csv' }),
    },
    body,
  })

/** The answer's status and JSON, and how long it took from the request to the whole answer. */
async function timed(reply: Promise<Response>) {
  const started = performance.now()
  const response = await reply
  const json = (await response.json()) as { message?: string; code?: string }
  return { status: response.status, json, ms: performance.now() - started }
}

beforeAll(async () => {
  running = await startServer()
  for (const seller of Object.keys(cookies) as (keyof typeof cookies)[]) {
    const registered = await fetch(`${running.origin}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: running.origin },
      body: JSON.stringify(newUser(`import-limits-${seller}`)),
    })
    cookies[seller] = registered.headers.get('set-cookie')!.split(';')[0]!
  }
  // Warm up: the first import compiles the parser's code, which is not what this test measures (a seller's file a
  // minute to spare under the limit).
  expect((await send(PREVIEW, 'alice', 'SKU,Cost\nNONE-1,1\n')).status).toBe(200)
}, SERVER_TEST_TIMEOUT_MS)
afterAll(() => {
  running?.server.kill()
})

describe.skipIf(onPostgresRerun)('what one seller’s imports may cost the server', () => {
  it(`refuses 2 MB of line breaks, four files at once, quickly and within ${MEMORY_BOUND_MB} MB, while another seller is answered`, async () => {
    const lineBreaks = new TextEncoder().encode('\n'.repeat(IMPORT_MAX_BYTES))
    resetPeakMemory()
    const before = procStatus('VmRSS')

    // Bob reads his account over and over while Alice's files arrive: each answer's wait is what the files cost him.
    let importing = true
    const bobWaits: number[] = []
    const bobReads = (async () => {
      while (importing) {
        const read = await timed(send('/api/user', 'bob'))
        expect(read.status).toBe(200)
        bobWaits.push(read.ms)
      }
    })()
    const imports = await Promise.all(
      [PREVIEW, APPLY, PREVIEW, APPLY].map((path) => timed(send(path, 'alice', lineBreaks))),
    )
    importing = false
    await bobReads
    const peakGrowth = procStatus('VmHWM') - before
    console.info(
      `4 files of 2 MB of line breaks at once: answered in ${imports.map((i) => Math.round(i.ms)).join(', ')} ms; ` +
        `Bob's ${bobWaits.length} reads meanwhile waited ${bobWaits.map(Math.round).join(', ')} ms; ` +
        `the server's peak memory grew ${peakGrowth.toFixed(0)} MB`,
    )

    for (const refused of imports) {
      expect(refused.status).toBe(400)
      expect(refused.json.message).toBe(
        `The file has more than ${IMPORT_MAX_LINES.toLocaleString('en-US')} lines (blank ones count); at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows at a time.`,
      )
      expect(refused.ms).toBeLessThan(2000)
    }
    expect(Math.max(...bobWaits)).toBeLessThan(OTHERS_WAIT_MS)
    expect(peakGrowth).toBeLessThan(MEMORY_BOUND_MB)
  })

  it('limits a seller’s files a minute, previews and imports together, with when to try again; others import on', async () => {
    const file = 'SKU,Cost\nNOPE-1,2.50\n'
    for (let sent = 0; sent < IMPORT_LIMITS.perMinute.max; sent++)
      expect((await timed(send(sent % 2 ? APPLY : PREVIEW, 'carol', file))).status).toBe(200)
    for (const path of [PREVIEW, APPLY]) {
      const response = await send(path, 'carol', file)
      expect(response.status).toBe(429)
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(await response.json()).toMatchObject({
        code: 'rate_limited',
        message: 'You have sent more files to import than this server allows for now. Try again in 1 minute.',
      })
    }
    expect((await timed(send(PREVIEW, 'bob', file))).status).toBe(200)
  })
})
