// The row's sale line (src/features/listings/SaleLines.tsx, issue 50): a last sale that came back whole (cancelled by the
// marketplace, or returned) says so, not "Sold for … · 1 left" as if it stood.
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Listing } from '../../../api/contract/listing.ts'
import { SaleLines } from '../../../src/features/listings/SaleLines.tsx'
import { renderScreen } from '../render.tsx'

const listing = (fields: Partial<Listing>) =>
  ({
    id: 5,
    quantity: 1,
    soldPrice: 39.5,
    soldAt: '2026-12-07T10:00:00.000Z',
    soldOn: 'ebay',
    soldOrderId: '12-34567-89012',
    soldWhere: null,
    soldGivenBack: null,
    oversoldOrders: [],
    ...fields,
  }) as Listing

// The router draws the screen a tick later.
const saleLine = async () => (await screen.findByText(/on Dec 7, 2026/)).textContent

describe('SaleLines', () => {
  it('reads a standing sale as sold, with what is left', async () => {
    renderScreen(<SaleLines listing={listing({})} />)
    expect(await saleLine()).toBe('Sold for $39.50 on Dec 7, 2026 · eBay order 12-34567-89012 · 1 left')
  })

  it('reads a cancelled sale as cancelled, its piece back in stock', async () => {
    renderScreen(<SaleLines listing={listing({ soldGivenBack: 'cancelled' })} />)
    expect(await saleLine()).toBe(
      'Sale cancelled: sold for $39.50 on Dec 7, 2026 · eBay order 12-34567-89012 · back in stock, 1 left',
    )
  })

  it('reads a return as the seller said it came back', async () => {
    renderScreen(<SaleLines listing={listing({ soldGivenBack: 'damaged', quantity: 0 })} />)
    expect(await saleLine()).toBe('Returned damaged: sold for $39.50 on Dec 7, 2026 · eBay order 12-34567-89012')
  })
})
