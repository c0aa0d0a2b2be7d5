// Photo analyses at once (docs/product.md §17): a limit for the process and a share per seller, the free places
// handed round the sellers who wait. One seller's haul of many photos cannot hold back another seller's single photo,
// and a photo that waits too long is answered analysis_busy, which the phone backs off from.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EMPTY_SUGGESTION } from '../../../api/contract/listing-suggestion.ts'
import type { ImageAnalyzer } from '../../../api/services/listings/analyzer/image-analyzer.ts'
import { createAnalysisGate } from '../../../api/services/listings/analysis-gate.ts'
import { solidJpeg, photoForm } from '../../helpers/images.ts'
import { client, createTestApp, newUser, type TestApp } from '../../helpers/test-app.ts'

const unknownFact = { value: '', seen: false, photo: null }
const NO_FACTS = { brand: unknownFact, size: unknownFact, material: unknownFact, model: unknownFact }

/** An analyser that answers only when the test lets it, recording the order in which analyses began. */
function heldAnalyzer() {
  const started: string[] = []
  const waiting: (() => void)[] = []
  const analyzer: ImageAnalyzer = {
    name: 'gemini',
    analyze: async ({ photos }) => {
      started.push(photos[0]!.length > 0 ? 'photo' : '')
      await new Promise<void>((resolve) => waiting.push(resolve))
      return {
        suggestion: { ...EMPTY_SUGGESTION, title: 'Held' },
        source: 'ai',
        facts: NO_FACTS,
        flaws: [],
        details: [],
      }
    },
  }
  const releaseOne = () => waiting.shift()?.()
  return { analyzer, started, waiting, releaseOne }
}

const until = async (condition: () => boolean) => {
  for (let tries = 0; !condition(); tries++) {
    if (tries > 400) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe('the analysis gate', () => {
  it('hands places round the sellers in turn, each at most its share', async () => {
    const gate = createAnalysisGate({ slots: 2, perSeller: 1, maxWaitMs: 5_000 })
    const order: string[] = []
    const held: (() => void)[] = []
    const job = (name: string) => () => {
      order.push(name)
      return new Promise<void>((resolve) => held.push(resolve))
    }
    const haul = Array.from({ length: 6 }, (_, index) => gate.run(1, job(`haul-${index}`)))
    const single = gate.run(2, job('single'))
    await until(() => order.length === 2)
    // Seller 1 has its one place; seller 2's photo took the other at once, ahead of the haul's second.
    expect(order).toEqual(['haul-0', 'single'])
    expect(gate.load()).toEqual({ running: 2, waiting: 5 })
    while (held.length) {
      held.shift()!()
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    await Promise.all([...haul, single])
    expect(order).toEqual(['haul-0', 'single', 'haul-1', 'haul-2', 'haul-3', 'haul-4', 'haul-5'])
  })

  it('answers analysis_busy to a request that waited too long, and forgets one whose client went away', async () => {
    const gate = createAnalysisGate({ slots: 1, perSeller: 1, maxWaitMs: 50 })
    let finish!: () => void
    const first = gate.run(1, () => new Promise<void>((resolve) => (finish = resolve)))
    await expect(gate.run(2, async () => 'never')).rejects.toMatchObject({ status: 503, code: 'analysis_busy' })
    const aborted = new AbortController()
    const gone = gate.run(3, async () => 'never', aborted.signal)
    aborted.abort(new Error('client went away'))
    await expect(gone).rejects.toThrow('client went away')
    expect(gate.load()).toEqual({ running: 1, waiting: 0 })
    finish()
    await first
    expect(await gate.run(4, async () => 'ran')).toBe('ran')
  })
})

describe('POST /api/analyze-image under a haul', () => {
  const ai = heldAnalyzer()
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp({ analyzer: ai.analyzer, analysisConcurrency: 2 })
  })
  afterAll(() => t.close())

  it("lets another seller's single photo through while one seller's haul waits its turn", async () => {
    const hauler = client(t.app)
    const other = client(t.app)
    await hauler.post('/api/register', newUser('hauler'))
    await other.post('/api/register', newUser('single'))
    const photo = await solidJpeg({ r: 10, g: 200, b: 90 }, 320, 240)

    const haul = Array.from({ length: 6 }, () =>
      hauler.post('/api/analyze-image', photoForm(photo, { id: randomUUID() })),
    )
    await until(() => ai.started.length === 1)
    const single = other.post('/api/analyze-image', photoForm(photo, { id: randomUUID() }))
    // The other seller's photo is analysed next, beside the haul's one running analysis, not after the haul.
    await until(() => ai.started.length === 2)
    expect(ai.waiting).toHaveLength(2)
    ai.releaseOne()
    ai.releaseOne()
    expect((await single).status).toBe(200)
    while (ai.started.length < 6 || ai.waiting.length) {
      ai.releaseOne()
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    expect((await Promise.all(haul)).map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200])
  })
})
