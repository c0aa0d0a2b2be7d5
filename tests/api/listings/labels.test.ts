// Printable labels (issue 32, decision 0044): GET /api/labels answers SKU, title and bin of the seller's own listings
// among the ids asked, in the order asked; anything else is a clear 400.
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
    expect(await readJson(largest)).toEqual({ labels: [] })
  })
})
