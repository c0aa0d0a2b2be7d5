// The markdown ladder's arithmetic (api/contract/price-rules.ts, decision 0075): which step is due after so many days
// live, and where a step takes a price: its cut, rounded to the cent, never below the floor.
import { describe, expect, it } from 'vitest'
import { DEFAULT_PRICE_RULES, dueStep, markedDownCents } from '../../../api/contract/price-rules.ts'

const ladder = { ...DEFAULT_PRICE_RULES.ladder, on: true }

describe('dueStep', () => {
  it('is none before the first cut, the first from its day, one more every 14 days after', () => {
    expect([0, 29, 30, 43, 44, 57, 58].map((days) => dueStep(days, ladder))).toEqual([0, 0, 1, 1, 2, 2, 3])
  })
})

describe('markedDownCents', () => {
  it('takes the first cut off a listing never marked down, the next after, rounded to the cent', () => {
    expect(markedDownCents(3950, 100, true, ladder)).toBe(3555)
    expect(markedDownCents(3555, 100, false, ladder)).toBe(3377)
  })

  it('stops at the floor, and leaves a price at or under it', () => {
    expect(markedDownCents(3950, 3866, true, ladder)).toBe(3866)
    expect(markedDownCents(3866, 3866, false, ladder)).toBeNull()
    expect(markedDownCents(3000, 3866, false, ladder)).toBeNull()
  })
})
