// The bulk price rule (api/contract/bulk-actions.ts, decision 0038): rounded to the cent, never below the floor, a cut
// that the floor stops at or above today's price leaves the listing as it is, when the floor held a cut (issue 47);
// and the inputs the contract refuses.
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  BulkActionInputSchema,
  floorHolds,
  newPriceCents,
  type PriceAction,
} from '../../../api/contract/bulk-actions.ts'

const cut = (value: number, floor: number, by: PriceAction['by'] = 'percent'): PriceAction => ({
  kind: 'price',
  by,
  direction: 'down',
  value,
  floor,
})

describe('newPriceCents', () => {
  it('takes a percent off, rounded to the cent, and stops at the floor', () => {
    expect(newPriceCents(3950, cut(10, 30))).toBe(3555)
    expect(newPriceCents(3950, cut(10, 36))).toBe(3600)
    expect(newPriceCents(999, cut(33, 0))).toBe(669)
  })

  it('leaves a price at or below the floor as it is, rather than raising it', () => {
    expect(newPriceCents(3000, cut(10, 36))).toBeNull()
    expect(newPriceCents(3600, cut(10, 36))).toBeNull()
  })

  it('raises by an amount or a percent, and never to $0 by a cut', () => {
    expect(newPriceCents(3950, { kind: 'price', by: 'amount', direction: 'up', value: 5.25 })).toBe(4475)
    expect(newPriceCents(3950, { kind: 'price', by: 'percent', direction: 'up', value: 10 })).toBe(4345)
    expect(newPriceCents(500, cut(5, 0, 'amount'))).toBeNull()
  })
})

describe('floorHolds', () => {
  it('is true when the whole cut would go below the floor (stopped at it, or already at or below it)', () => {
    expect(floorHolds(3950, cut(10, 36))).toBe(true)
    expect(floorHolds(2000, cut(10, 36))).toBe(true)
    expect(floorHolds(3600, cut(10, 36))).toBe(true)
    expect(floorHolds(5000, cut(10, 36))).toBe(false)
    expect(floorHolds(4000, cut(10, 36))).toBe(false)
    expect(floorHolds(3950, { kind: 'price', by: 'amount', direction: 'up', value: 5 })).toBe(false)
  })
})

describe('BulkActionInputSchema', () => {
  const input = (action: unknown, selection: unknown = { by: 'ids', listingIds: [1] }) =>
    v.safeParse(BulkActionInputSchema, { clientId: crypto.randomUUID(), action, selection }).success

  it('takes each kind of action on ids or on the search', () => {
    expect(input(cut(10, 5))).toBe(true)
    expect(input({ kind: 'quantity', quantity: 3 }, { by: 'search', q: 'jacket', status: 'live' })).toBe(true)
    expect(input({ kind: 'end' })).toBe(true)
    expect(input({ kind: 'delete' }, { by: 'search' })).toBe(true)
  })

  it('refuses a negative floor, a cut without a floor, a percent out of range, an empty or oversized selection', () => {
    expect(input(cut(10, -1))).toBe(false)
    expect(input({ kind: 'price', by: 'percent', direction: 'down', value: 10 })).toBe(false)
    expect(input(cut(100, 1))).toBe(false)
    expect(input({ ...cut(901, 1), direction: 'up' })).toBe(false)
    expect(input(cut(10, 1), { by: 'ids', listingIds: [] })).toBe(false)
    expect(input(cut(10, 1), { by: 'ids', listingIds: Array.from({ length: 1001 }, (_, index) => index + 1) })).toBe(
      false,
    )
    expect(input(cut(10, 1), { by: 'ids', listingIds: [1, 1] })).toBe(false)
  })
})
