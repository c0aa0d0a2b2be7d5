// api/contract/listing-search.ts: the words a Dashboard search looks for.
import { describe, expect, it } from 'vitest'
import { SEARCH_WORDS_MAX, searchWords } from '../../../api/contract/listing-search.ts'

describe('searchWords', () => {
  it('lower-cases, splits at any space and drops the empty ones', () => {
    expect(searchWords("  Levi's \t DENIM\n jacket ")).toEqual(["levi's", 'denim', 'jacket'])
    expect(searchWords('   ')).toEqual([])
  })

  it(`counts at most ${SEARCH_WORDS_MAX} words: each is one condition on the seller's rows`, () => {
    expect(searchWords('a b c d e f g h i j')).toHaveLength(SEARCH_WORDS_MAX)
  })
})
