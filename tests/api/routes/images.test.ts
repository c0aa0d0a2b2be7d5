// POST /api/analyze-image end to end: the route, sharp, storage and the real Gemini client against the stand-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGeminiAnalyzer } from '../../../api/services/listings/analyzer/gemini.ts'
import { LEVIS_501, startFakeGemini, type FakeGemini } from '../../fakes/gemini.ts'
import { cameraJpeg, photoForm } from '../../helpers/images.ts'
import { client, createTestApp, newUser, readJson, type TestApp } from '../../helpers/test-app.ts'

let gemini: FakeGemini
let t: TestApp
let seller: ReturnType<typeof client>
let photo: Buffer

beforeAll(async () => {
  gemini = await startFakeGemini({ slowMs: 2_000 })
  t = await createTestApp({
    analyzer: createGeminiAnalyzer({
      apiKey: gemini.apiKey,
      model: 'gemini-3.5-flash-lite',
      baseUrl: gemini.url,
      timeoutMs: 500,
    }),
  })
  seller = client(t.app)
  await seller.post('/api/register', newUser('seller'))
  photo = await cameraJpeg({ width: 2000, height: 1500, color: { r: 40, g: 70, b: 150 } })
})
afterAll(async () => {
  await t.close()
  await gemini.close()
})

const countImages = async () => (await t.db.sql`select count(*)::int as n from images`)[0]!.n as number

describe('POST /api/analyze-image with Gemini', () => {
  it('answers every AI field, the stored photo and which analyser ran', async () => {
    gemini.setReply('good')
    const response = await seller.post('/api/analyze-image', photoForm(photo))
    expect(response.status).toBe(200)
    const result = await readJson(response)
    expect(result).toMatchObject({ ...LEVIS_501, analyzer: 'gemini', source: 'ai' })
    expect(result.imageUrl).toMatch(/^\/files\/.+\.jpg$/)
    expect(result.notice).toBeUndefined()
    const sent = gemini.requests.at(-1)!.body!.contents![0]!.parts!.find((part) => part.inlineData)!.inlineData!
    expect(sent.mimeType).toBe('image/jpeg')
    // The AI gets a 1024 px copy, not the camera original.
    expect(Buffer.from(sent.data!, 'base64').length).toBeLessThan(photo.length / 2)
  })

  it('maps values outside the option sets to the nearest allowed ones', async () => {
    gemini.setReply('out-of-set')
    const result = await readJson(await seller.post('/api/analyze-image', photoForm(photo)))
    expect(result).toMatchObject({
      category: 'clothing',
      primaryColor: 'blue',
      type: 'Limited',
      department: 'Men',
      suggestedPrice: 50,
    })
  })

  it('turns a malformed reply into a 502 with a message, keeping the server up', async () => {
    gemini.setReply('malformed')
    const response = await seller.post('/api/analyze-image', photoForm(photo))
    expect(response.status).toBe(502)
    expect((await readJson(response)).message).toMatch(/could not analyse this photo/)
    expect((await seller.get('/api/user')).status).toBe(200)
  })

  it('gives up after the time limit with 504 and stores the photo so it is not lost', async () => {
    gemini.setReply('slow')
    const before = await countImages()
    const started = Date.now()
    const response = await seller.post('/api/analyze-image', photoForm(photo))
    expect(response.status).toBe(504)
    expect(Date.now() - started).toBeLessThan(1_900)
    expect(await countImages()).toBe(before + 1)
  })
})

describe('POST /api/analyze-image without a Gemini key', () => {
  it('says the colour was measured, not suggested by AI; only an admin is told which setting to set', async () => {
    const bare = await createTestApp()
    try {
      const admin = client(bare.app)
      await admin.post('/api/register', { ...newUser('first'), setupCode: bare.setupCode }) // The admin.
      const seller = client(bare.app)
      await seller.post('/api/register', newUser('second'))
      const forSeller = await readJson(await seller.post('/api/analyze-image', photoForm(photo)))
      expect(forSeller).toMatchObject({ analyzer: 'local', source: 'measured', primaryColor: 'blue', title: '' })
      expect(forSeller.notice).toMatch(/^AI suggestions are not set up on this server\./)
      expect(forSeller.notice).not.toMatch(/GEMINI/)
      const forAdmin = await readJson(await admin.post('/api/analyze-image', photoForm(photo)))
      expect(forAdmin.notice).toMatch(/set GEMINI_API_KEY/)
    } finally {
      await bare.close()
    }
  })
})
