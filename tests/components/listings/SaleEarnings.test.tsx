// A listing's sales as the row opens them (src/features/listings/SaleEarnings.tsx, issue 50): the history under them,
// sold → cancelled → live again, each step with where; the return's two answers asked where the marketplace reported a
// return or a refund, and otherwise folded under "It came back…".
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ListingSales, SaleEarnings as Sale } from '../../../api/contract/sale-earnings.ts'
import { SaleEarnings } from '../../../src/features/listings/SaleEarnings.tsx'
import { answerFetch, renderScreen } from '../render.tsx'

const sale = (fields: Partial<Sale>): Sale => ({
  marketplace: 'ebay',
  saleId: '12-34567-89012#0',
  returnState: null,
  orderId: '12-34567-89012',
  soldAt: '2026-12-07T10:00:00.000Z',
  quantity: 1,
  standing: 'sold',
  counted: 1,
  sale: 39.5,
  shipping: 0,
  refunded: 0,
  fees: 5.77,
  feesState: 'read',
  feeLines: [],
  label: 0,
  cost: 12,
  profit: 21.73,
  estimateBasis: null,
  ...fields,
})

function openSales(sales: ListingSales) {
  answerFetch((method, path) => (method === 'GET' && path === '/api/listings/5/sales' ? sales : undefined))
  renderScreen(<SaleEarnings listingId={5} />)
}

describe('SaleEarnings', () => {
  it('lists the history in order: sold, cancelled, live again on each marketplace', async () => {
    openSales({
      sales: [sale({ standing: 'cancelled', counted: 0, sale: 0, fees: 0, profit: 0 })],
      history: [
        { step: 'sold', marketplace: 'ebay', pieces: 1, at: '2026-12-07T10:00:00.000Z' },
        { step: 'cancelled', marketplace: 'ebay', pieces: 1, at: '2026-12-07T11:00:00.000Z' },
        { step: 'live-again', marketplace: 'ebay', pieces: null, at: '2026-12-07T11:00:05.000Z' },
        { step: 'live-again', marketplace: 'etsy', pieces: null, at: '2026-12-07T11:00:06.000Z' },
      ],
    })
    const history = await screen.findByRole('region', { name: 'History' })
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((step) => step.firstChild?.textContent),
    ).toEqual(['Sold on eBay', 'Cancelled on eBay', 'Live again on eBay', 'Live again on Etsy'])
  })

  it('asks about a return the marketplace reported, or a refund, with both answers in sight', async () => {
    openSales({ sales: [sale({ returnState: 'reported' })], history: [] })
    expect(await screen.findByText('The buyer sent it back and was refunded. Is it sellable?')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Returned — back in stock' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Returned — damaged' })).toBeTruthy()
    expect(screen.queryByText('It came back…')).toBeNull()
  })

  it('folds the answers under "It came back…" on a plain sale', async () => {
    openSales({ sales: [sale({})], history: [] })
    const fold = (await screen.findByText('It came back…')).closest('details')!
    expect(fold.open).toBe(false)
    expect(screen.queryByText(/Is it sellable\?/)).toBeNull()
    expect(within(fold).getByRole('button', { name: 'Returned — back in stock', hidden: true })).toBeTruthy()
  })
})
