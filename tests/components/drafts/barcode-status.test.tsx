// What the Barcode section says while a code waits to be looked up: past the lookups limit (issue 46 G3), the server's
// own words (how long to wait), and that the phone asks again by itself then.
import { describe, expect, it } from 'vitest'
import { barcodeStatus } from '../../../src/features/drafts/barcode-status.ts'
import type { Draft, OutboxEntry } from '../../../src/offline/db.ts'

const CODE = '9780134685991'
const WORDS =
  'You have made more marketplace lookups (barcodes, categories, checks before posting) than this server allows for now. What you filled in is kept: try again in 5 minutes.'

const waiting = (entry: Partial<OutboxEntry>) => ({
  draft: { barcode: { code: CODE, state: 'waiting' } } as Draft,
  entries: [{ kind: 'lookup-product', attempts: 1, ...entry } as OutboxEntry],
})

describe('the Barcode section while a code waits', () => {
  it('says the server’s words when the lookups limit was reached, and that it is looked up again by itself', () => {
    expect(barcodeStatus(waiting({ lastCode: 'lookup_limit_reached', lastError: WORDS }), true)).toBe(
      `${WORDS} Barcode ${CODE} is looked up again by itself then; the photos fill in the listing meanwhile.`,
    )
  })

  it('says eBay did not answer when it was busy', () => {
    expect(barcodeStatus(waiting({ lastCode: 'ebay_busy', lastError: 'eBay is busy.' }), true)).toBe(
      `eBay’s catalog did not answer for ${CODE}: trying again shortly.`,
    )
  })
})
