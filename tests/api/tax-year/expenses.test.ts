// The seller's expenses (issue 52, decision 0061): made once per phone id, with a receipt photo of their own; changed,
// searched, deleted with the receipt's photo; totals by month and category; another seller's are never reached.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { EXPENSES_PAGE, type ExpensesPage } from '../../../api/contract/expenses.ts'
import { readJson, uploadPhotos } from '../../helpers/test-app.ts'
import { twoSellersPerFile, type Seller } from '../../helpers/two-sellers.ts'

const s = twoSellersPerFile('expenses')

const expense = (fields: Record<string, unknown> = {}) => ({
  clientId: randomUUID(),
  spentOn: '2026-03-04',
  amount: '12.34',
  category: 'packaging',
  place: 'Uline',
  note: 'Poly mailers',
  ...fields,
})

async function listOf(query: string, seller: Seller = s.alice): Promise<ExpensesPage> {
  const response = await seller.get(`/api/expenses?${query}`)
  expect(response.status, await response.clone().text()).toBe(200)
  return (await readJson(response)) as ExpensesPage
}

describe('expenses', () => {
  it('keeps an expense once per phone id, in cents, with a receipt photo the seller uploaded', async () => {
    const [receipt] = await uploadPhotos(s.alice, 1)
    const body = expense({ receiptUrl: receipt })
    const made = await s.alice.post('/api/expenses', body)
    expect(made.status).toBe(201)
    const first = await readJson(made)
    expect(first).toMatchObject({
      spentOn: '2026-03-04',
      amountCents: 1234,
      category: 'packaging',
      receiptUrl: receipt,
    })
    const again = await s.alice.post('/api/expenses', body)
    expect(again.status).toBe(200)
    expect((await readJson(again)).id).toBe(first.id)

    // Bob can neither attach Alice's photo nor read, change or delete her expense.
    const stolen = await s.bob.post('/api/expenses', expense({ receiptUrl: receipt }))
    expect(stolen.status).toBe(400)
    expect((await readJson(stolen)).fields.receiptUrl).toMatch(/photo you uploaded/)
    expect((await s.bob.call('PATCH', `/api/expenses/${first.id}`, { amount: '1' })).status).toBe(404)
    expect((await s.bob.call('DELETE', `/api/expenses/${first.id}`)).status).toBe(404)
    expect((await listOf('year=2026', s.bob)).expenses).toEqual([])

    // Deleted, its receipt's photo goes with it.
    expect((await s.alice.call('DELETE', `/api/expenses/${first.id}`)).status).toBe(200)
    expect(await s.t.db.sql`select 1 from images where url = ${receipt!}`).toHaveLength(0)
    expect((await s.alice.call('DELETE', `/api/expenses/${first.id}`)).status).toBe(404)
  })

  it('refuses what is not an expense, saying why, and keeps nothing', async () => {
    for (const [fields, message] of [
      [{ amount: '0' }, /Amount must be more than \$0/],
      [{ amount: '1.234' }, /at most 2 decimals/],
      [{ amount: '' }, /Amount is required/],
      [{ spentOn: '2026-02-30' }, /Date must be a date/],
      [{ category: 'lunch' }, /Choose a category/],
      [{ note: 'x'.repeat(501) }, /Note must be at most 500/],
    ] as const) {
      const response = await s.alice.post('/api/expenses', expense(fields))
      expect(response.status).toBe(400)
      expect((await readJson(response)).message).toMatch(message)
    }
    expect((await listOf('year=2026&q=Poly')).expenses).toEqual([])
  })

  it('changes an expense, finds it by where or note, and totals the year by month and category', async () => {
    const a = await readJson(await s.alice.post('/api/expenses', expense({ spentOn: '2026-01-10', amount: '10.01' })))
    await s.alice.post(
      '/api/expenses',
      expense({ spentOn: '2026-01-20', amount: '5', category: 'storage', place: 'U-Store', note: '' }),
    )
    await s.alice.post('/api/expenses', expense({ spentOn: '2026-02-02', amount: '7.50', note: 'tape 100%' }))
    await s.alice.post('/api/expenses', expense({ spentOn: '2025-12-31', amount: '99' }))
    const changed = await s.alice.call('PATCH', `/api/expenses/${a.id}`, { amount: '10.02', note: 'Boxes' })
    expect(await readJson(changed)).toMatchObject({ amountCents: 1002, note: 'Boxes', place: 'Uline' })

    const year = await listOf('year=2026')
    expect(year.expenses.map((each) => each.spentOn)).toEqual(['2026-02-02', '2026-01-20', '2026-01-10'])
    expect(year.months).toEqual([
      { month: '2026-01', category: 'packaging', amountCents: 1002 },
      { month: '2026-01', category: 'storage', amountCents: 500 },
      { month: '2026-02', category: 'packaging', amountCents: 750 },
    ])
    expect(year.totalCents).toBe(2252)
    expect((await listOf('year=2026&q=store')).expenses.map((each) => each.place)).toEqual(['U-Store'])
    expect((await listOf('year=2026&q=100%25')).totalCents).toBe(750)
    expect((await listOf('year=2026&category=storage')).totalCents).toBe(500)
  })

  it('reads a long year a page at a time', async () => {
    for (let index = 0; index < EXPENSES_PAGE + 3; index += 1)
      await s.bob.post('/api/expenses', expense({ spentOn: '2024-06-01', amount: '1' }))
    const first = await listOf('year=2024', s.bob)
    expect(first.expenses).toHaveLength(EXPENSES_PAGE)
    const second = await listOf(`year=2024&after=${first.next}`, s.bob)
    expect(second.expenses).toHaveLength(3)
    expect(second.next).toBeNull()
    expect(new Set([...first.expenses, ...second.expenses].map((each) => each.id)).size).toBe(EXPENSES_PAGE + 3)
    expect((await s.bob.get('/api/expenses?year=2024&after=2024-06-01_x')).status).toBe(400)
  })
})
