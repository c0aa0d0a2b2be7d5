// What a seller's analyses may cost (issue 27 F6): the same photos analysed again are answered from the stored analysis
// (sixty requests at once make one model call), and each seller may start ANALYSIS_LIMIT_PER_MINUTE analyses a minute
// and ANALYSIS_LIMIT_PER_DAY a day, past which the answer is 429 analysis_limit_reached.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGeminiAnalyzer } from '../../../api/services/listings/analyzer/gemini.ts'
import { startFakeGemini, type FakeGemini } from '../../fakes/gemini.ts'
import { photoForm, solidJpeg } from '../../helpers/images.ts'
import { createTestApp, readJson, registeredClient, succeeded, type TestApp } from '../../helpers/test-app.ts'

type Client = Awaited<ReturnType<typeof registeredClient>>

let gemini: FakeGemini
let t: TestApp

beforeAll(async () => {
  gemini = await startFakeGemini()
  const analyzer = createGeminiAnalyzer({
    apiKey: gemini.apiKey,
    model: 'gemini-3.5-flash-lite',
    baseUrl: gemini.url,
    timeoutMs: 5_000,
  })
  t = await createTestApp({ analyzer, analysisLimits: { perMinute: 4, perDay: 6 } })
})
afterAll(async () => {
  await t.close()
  await gemini.close()
})

/** Stores `count` photos of their own colours for the seller; their ids, in order. */
async function storePhotos(seller: Client, count: number, shade: number): Promise<string[]> {
  const ids: string[] = []
  for (let index = 0; index < count; index += 1) {
    const id = randomUUID()
    await succeeded(
      seller.post('/api/images', photoForm(await solidJpeg({ r: shade, g: 40 * index, b: 150 }), { id })),
      201,
    )
    ids.push(id)
  }
  return ids
}

const analyse = (seller: Client, photoIds: string[]) => seller.post('/api/analyze-photos', { photoIds })
const modelCallsDuring = async (work: () => Promise<unknown>) => {
  const before = gemini.requests.length
  await work()
  return gemini.requests.length - before
}

describe('analyses a seller may ask for', () => {
  it('answers sixty requests for the same three photos, sent at once, with one model call', async () => {
    // A name of its own each try, so a retry in CI does not meet the first try's account.
    const seller = await registeredClient(t.app, `sixty-${randomUUID().slice(0, 8)}`)
    const ids = await storePhotos(seller, 3, 10)
    let answers: Response[] = []
    const calls = await modelCallsDuring(async () => {
      answers = await Promise.all(Array.from({ length: 60 }, () => analyse(seller, ids)))
    })
    expect(calls).toBe(1)
    expect(answers.map((answer) => answer.status)).toEqual(Array(60).fill(200))
    const bodies = await Promise.all(answers.map((answer) => answer.text()))
    expect(new Set(bodies).size).toBe(1)
    // Asked again later: the stored analysis, no model call, and not counted against the limits.
    expect(
      await modelCallsDuring(async () =>
        expect(await readJson(await succeeded(analyse(seller, ids), 200))).toMatchObject({ source: 'ai' }),
      ),
    ).toBe(0)
  })

  it('refuses a seller past the minute’s limit, then past the day’s, with 429 analysis_limit_reached; others go on', async () => {
    const seller = await registeredClient(t.app, 'busy-seller')
    const sets = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((shade) => storePhotos(seller, 1, shade * 30)))
    const statuses = []
    for (const set of sets.slice(0, 5)) statuses.push((await analyse(seller, set)).status)
    expect(statuses).toEqual([200, 200, 200, 200, 429])
    const refused = await analyse(seller, sets[5]!)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(await readJson(refused)).toMatchObject({
      code: 'analysis_limit_reached',
      message: expect.stringMatching(/Your photos are saved.*try again in 1 minute/),
    })
    // Photos already analysed are still answered; another seller is not held up.
    expect((await analyse(seller, sets[0]!)).status).toBe(200)
    const other = await registeredClient(t.app, 'other-seller')
    expect((await analyse(other, await storePhotos(other, 1, 200))).status).toBe(200)

    // A minute later (the window run out), the day's limit of 6 is what stops the seller: 6 counted so far.
    await t.db.sql`update rate_limits set reset_at = now() where key like 'analysis:perMinute:%'`
    const dayRefusal = await analyse(seller, sets[6]!)
    expect(dayRefusal.status).toBe(429)
    expect(await readJson(dayRefusal)).toMatchObject({
      code: 'analysis_limit_reached',
      message: expect.stringMatching(/try again in 24 hours/),
    })
  })
})
