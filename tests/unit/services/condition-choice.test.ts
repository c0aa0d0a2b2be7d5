// The condition a listing goes to eBay with when the seller has not chosen one (api/services/ebay/condition-choice.ts):
// what it went with before, else Snaplist's used/new as eBay names it, else the category's first condition on the same
// side, so a used book (eBay's Books have no plain Used) is never offered as Brand New.
import { describe, expect, it } from 'vitest'
import type { EbayConditionOption } from '../../../api/contract/ebay-publish.ts'
import type { Listing } from '../../../api/contract/listing.ts'
import { resolveCondition } from '../../../api/services/ebay/condition-choice.ts'

const BOOKS: EbayConditionOption[] = [
  { value: 'NEW', label: 'Brand New' },
  { value: 'LIKE_NEW', label: 'Like New' },
  { value: 'USED_VERY_GOOD', label: 'Very Good' },
  { value: 'USED_GOOD', label: 'Good' },
]
const listing = (condition: 'used' | 'new', ebayCondition: string | null = null) =>
  ({ condition, ebayCondition }) as unknown as Listing

describe('the condition a listing goes with', () => {
  it('is eBay’s first used condition for a used item in a category without plain Used', () => {
    expect(resolveCondition(listing('used'), undefined, BOOKS)).toBe('USED_VERY_GOOD')
  })

  it('is New for a new item, and what it went with before when the category still allows it', () => {
    expect(resolveCondition(listing('new'), undefined, BOOKS)).toBe('NEW')
    expect(resolveCondition(listing('used', 'USED_GOOD'), undefined, BOOKS)).toBe('USED_GOOD')
  })

  it('is the seller’s choice when the category allows it, and refused when it does not', () => {
    expect(resolveCondition(listing('used'), 'LIKE_NEW', BOOKS)).toBe('LIKE_NEW')
    expect(() => resolveCondition(listing('used'), 'USED_EXCELLENT', BOOKS)).toThrow(/does not allow that condition/)
  })
})
