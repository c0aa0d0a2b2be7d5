// What an analysis does to a draft on the phone (docs/product.md §12): eBay's item specifics filled except those the
// seller typed, guesses marked until edited or confirmed (the parcel, only ever estimated, always), and a later analysis
// replacing marks only where it fills.
import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { EMPTY_SUGGESTION, type AspectSuggestion, type DraftAnalysis } from '../../api/contract/analysis.ts'
import { SnaplistDb } from '../../src/offline/db.ts'
import { aspectGuessKey } from '../../src/offline/draft-fills.ts'
import { createDraftStore } from '../../src/offline/drafts.ts'

let db: SnaplistDb
beforeEach(() => {
  db = new SnaplistDb(`draft-analysis-${randomUUID()}`)
})
afterEach(() => db.delete())

const aspect = (name: string, value: string, seen: boolean, required = true): AspectSuggestion => ({
  name,
  value,
  seen,
  photo: seen ? 2 : null,
  required,
  allowedValues: [],
})

function analysis(aspects: AspectSuggestion[], brandSeen: boolean): DraftAnalysis {
  return {
    ...EMPTY_SUGGESTION,
    title: "Levi's 501 Jeans",
    brand: "Levi's",
    size: 'W32 L32',
    analyzer: 'gemini',
    source: 'ai',
    facts: {
      brand: { value: "Levi's", seen: brandSeen, photo: brandSeen ? 1 : null },
      size: { value: 'W32 L32', seen: true, photo: 3 },
      material: { value: '', seen: false, photo: null },
      model: { value: '', seen: false, photo: null },
    },
    flaws: [],
    ebay: { category: { id: '11483', name: "Men's Jeans" }, aspects },
    market: null,
    priceSource: null,
    gaps: [],
    photoCount: 3,
  }
}

describe('an analysis applied to a draft', () => {
  it("fills eBay's category and item specifics and marks what was only guessed", async () => {
    const store = createDraftStore(db, 1)
    const id = randomUUID()
    // The draft exists once the seller adds a photo (or types).
    await store.editFields(id, {})
    await store.applyAnalysis(
      id,
      analysis(
        [aspect('Inseam', '32 in', true), aspect('Style', 'Straight', false, false), aspect('Rise', '', false)],
        false,
      ),
    )
    const draft = (await db.drafts.get(id))!
    expect(draft.catalogCategory).toEqual({ id: '11483', name: "Men's Jeans" })
    expect(draft.aspects).toEqual({ Inseam: '32 in', Style: 'Straight' })
    expect(draft.guesses?.sort()).toEqual(['brand', aspectGuessKey('Style')].sort())
    expect(draft.fields.brand).toBe("Levi's")
  })

  it('drops a guess mark once the seller edits or confirms it, and never refills what the seller typed', async () => {
    const store = createDraftStore(db, 1)
    const id = randomUUID()
    await store.editFields(id, {})
    const first = analysis([aspect('Inseam', '30 in', false), aspect('Style', 'Straight', false, false)], false)
    await store.applyAnalysis(id, first)
    await store.editAspect(id, 'Inseam', '32 in')
    await store.confirmGuess(id, 'brand')
    await store.confirmGuess(id, aspectGuessKey('Style'))
    let draft = (await db.drafts.get(id))!
    expect(draft.guesses).toEqual([])
    expect(draft.aiFilled).not.toContain('brand')

    // A photo added later: the new analysis fills only what the seller left alone.
    await store.applyAnalysis(id, {
      ...analysis(
        [
          aspect('Inseam', '34 in', false),
          aspect('Style', 'Slim', false, false),
          aspect('Fit', 'Regular', false, false),
        ],
        false,
      ),
      brand: 'Wrangler',
    })
    draft = (await db.drafts.get(id))!
    expect(draft.aspects).toEqual({ Inseam: '32 in', Style: 'Straight', Fit: 'Regular' })
    expect(draft.fields.brand).toBe("Levi's")
    expect(draft.guesses).toEqual([aspectGuessKey('Fit')])
  })

  it('a guess is replaced by a later reading of the same value in a photo', async () => {
    const store = createDraftStore(db, 1)
    const id = randomUUID()
    await store.editFields(id, {})
    await store.applyAnalysis(id, analysis([], false))
    expect((await db.drafts.get(id))!.guesses).toEqual(['brand'])
    await store.applyAnalysis(id, analysis([], true))
    expect((await db.drafts.get(id))!.guesses).toEqual([])
  })

  it('proposes the parcel as a guess to check, which the seller’s own weight replaces', async () => {
    const store = createDraftStore(db, 1)
    const id = randomUUID()
    await store.editFields(id, { packageHeight: '3' })
    await store.applyAnalysis(id, {
      ...analysis([], true),
      packageWeightOz: 24,
      packageLength: 13,
      packageWidth: 10,
      packageHeight: 2,
    })
    let draft = (await db.drafts.get(id))!
    expect(draft.fields).toMatchObject({
      packageWeightOz: '24',
      packageLength: '13',
      packageWidth: '10',
      packageHeight: '3',
    })
    expect(draft.guesses?.sort()).toEqual(['packageLength', 'packageWeightOz', 'packageWidth'])
    await store.editFields(id, { packageWeightOz: '20' })
    draft = (await db.drafts.get(id))!
    expect(draft.guesses?.sort()).toEqual(['packageLength', 'packageWidth'])
  })
  it('reads measurements off a tape as guesses to check, and none once the seller has measured', async () => {
    const store = createDraftStore(db, 1)
    const measuredInCentimetres = {
      ...analysis([], true),
      category: 'clothing' as const,
      measurementUnit: 'cm' as const,
      waist: '81',
      inseam: '77',
    }
    const read = randomUUID()
    await store.editFields(read, { category: 'clothing' })
    await store.applyAnalysis(read, measuredInCentimetres)
    const readDraft = (await db.drafts.get(read))!
    expect(readDraft.fields).toMatchObject({ measurementUnit: 'cm', waist: '81', inseam: '77', pitToPit: '' })
    expect(readDraft.guesses).toEqual(expect.arrayContaining(['measurementUnit', 'waist', 'inseam']))

    // The seller's 31 inches stay inches: the tape's centimetres fill nothing beside them.
    const typed = randomUUID()
    await store.editFields(typed, { category: 'clothing', inseam: '31' })
    await store.applyAnalysis(typed, measuredInCentimetres)
    expect((await db.drafts.get(typed))!.fields).toMatchObject({ measurementUnit: '', waist: '', inseam: '31' })
  })
})
