// Printable labels (issue 32, decision 0044): GET /api/labels answers SKU, title and bin of the seller's own listings
// among the ids asked, in the order asked, and how they fall on the paper from Start at label N (issue 47); anything
// else is a clear 400.
import { describe, expect, it } from 'vitest'
import { LABELS_MAX } from '../../../api/contract/labels.ts'
import { readJson } from '../../helpers/test-app.ts'
import { createListing, twoSellersPerFile, type Seller } from '../../helpers/two-sellers.ts'

const s = twoSellersPerFile('labels')

const create = async (seller: Seller, fields: Record<string, unknown>) => (await createListing(seller, fields)).id

describe('GET /api/labels', () => {
  it("answers the seller's own listings among the ids, in the order asked", async () => {
    const bowl = await create(s.alice, { title: 'Pyrex bowl', sku: 'BOWL-1', bin: 'Shelf B2' })
    const lamp = await create(s.alice, { title: 'Brass lamp' })
    const bobs = await create(s.bob, { title: 'Bob’s vase', sku: 'VASE-1', bin: 'Bob’s shelf' })
    const response = await s.alice.get(`/api/labels?ids=${lamp},${bobs},${bowl},${lamp}`)
    expect(response.status).toBe(200)
    expect(await readJson(response)).toEqual({
      labels: [
        { id: lamp, sku: `SL-${lamp}`, title: 'Brass lamp', bin: '' },
        { id: bowl, sku: 'BOWL-1', title: 'Pyrex bowl', bin: 'Shelf B2' },
      ],
      blanks: 0,
      sheets: 1,
    })
  })

  it('refuses ids that are not listing numbers, or too many, with a clear 400', async () => {
    const tooMany = Array.from({ length: LABELS_MAX + 1 }, (_, index) => index + 1).join(',')
    // 2147483648 and 9999999999 are whole numbers, but past what a listing id (a Postgres integer) can be.
    for (const ids of ['', 'abc', '1,,2', '1;2', '-1', '2147483648', '1,9999999999', tooMany]) {
      const response = await s.alice.get(`/api/labels?ids=${ids}`)
      expect(response.status, ids.slice(0, 20)).toBe(400)
      expect((await readJson(response)).code).toBe('invalid_input')
    }
    const largest = await s.alice.get('/api/labels?ids=2147483647')
    expect(largest.status).toBe(200)
    expect(await readJson(largest)).toEqual({ labels: [], blanks: 0, sheets: 0 })
  })

  it('starts at label N of the first sheet, and a 2 × 1 in thermal roll takes a page a label', async () => {
    const ids = await Promise.all(['Mug', 'Plate', 'Spoon'].map((title) => create(s.alice, { title })))
    const ask = async (query: string) => readJson(await s.alice.get(`/api/labels?ids=${ids.join(',')}&${query}`))
    // Letter's 30 a sheet: from label 12 the three fit the first sheet; from label 29 the third goes on a second.
    expect(await ask('paper=letter&start=12')).toMatchObject({ blanks: 11, sheets: 1 })
    expect(await ask('paper=letter&start=29')).toMatchObject({ blanks: 28, sheets: 2 })
    expect(await ask('paper=letter&start=30')).toMatchObject({ blanks: 29, sheets: 2 })
    expect(await ask('paper=a4&start=21')).toMatchObject({ blanks: 20, sheets: 2 })
    const thermal = await ask('paper=thermal')
    expect(thermal).toMatchObject({ blanks: 0, sheets: 3 })
    expect((thermal as { labels: { title: string }[] }).labels.map((label) => label.title)).toEqual([
      'Mug',
      'Plate',
      'Spoon',
    ])
  })

  it('refuses a start past the sheet, a paper it does not know, with a clear 400', async () => {
    const id = await create(s.alice, { title: 'Cup' })
    const refusals: [string, string][] = [
      ['paper=letter&start=31', 'Start at label must be a whole number from 1 to 30, the labels on one sheet.'],
      ['paper=a4&start=22', 'Start at label must be a whole number from 1 to 21, the labels on one sheet.'],
      ['start=0', 'Start at label must be a whole number from 1 to 30, the labels on one sheet.'],
      ['start=-3', 'Start at label must be a whole number.'],
      ['start=2.5', 'Start at label must be a whole number.'],
      ['start=1e1', 'Start at label must be a whole number.'],
      ['start=', 'Start at label must be a whole number.'],
      ['paper=thermal&start=2', 'Start at label must be 1 on thermal labels: the printer starts at its next label.'],
      ['paper=legal', 'paper must be one of letter, a4, thermal.'],
    ]
    for (const [query, message] of refusals) {
      const response = await s.alice.get(`/api/labels?ids=${id}&${query}`)
      expect(response.status, query).toBe(400)
      expect(await readJson(response), query).toMatchObject({ code: 'invalid_input', message })
    }
  })
})
