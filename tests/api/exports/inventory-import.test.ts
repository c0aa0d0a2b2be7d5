// The seller's costs, bins and SKUs from a spreadsheet (issue 32, api/services/exports/inventory-import.ts): the
// inventory CSV downloaded, filled in and sent back; a preview line by line, then the changes, and nothing for a file or
// a line it refuses.
import { describe, expect, it } from 'vitest'
import type { InventoryImportReply } from '../../../api/contract/books-import.ts'
import type { Listing } from '../../../api/contract/listing.ts'
import { snapshotDatabase } from '../../helpers/db-snapshot.ts'
import { csvRecords } from '../../helpers/csv.ts'
import { readJson } from '../../helpers/test-app.ts'
import { createListing, twoSellersPerFile } from '../../helpers/two-sellers.ts'

const s = twoSellersPerFile('import')

const CSV = { 'content-type': 'text/csv' }
const preview = (text: string, seller = s.alice) => seller.post('/api/imports/inventory.csv/preview', text, CSV)
const apply = (text: string, seller = s.alice) => seller.post('/api/imports/inventory.csv', text, CSV)
const replyOf = async (response: Response) => {
  expect(response.status).toBe(200)
  return (await response.json()) as InventoryImportReply
}
const listingsOf = async (seller = s.alice) =>
  ((await readJson(await seller.get('/api/listings'))) as unknown as Listing[]).sort((a, b) => a.id - b.id)

describe('importing costs, bins and SKUs', () => {
  it('takes the inventory CSV back as a spreadsheet saved it: a preview of each change, then the changes', async () => {
    const bowl = await createListing(s.alice, { title: 'Pyrex bowl', sku: 'BOWL-1', cost: 3.5, bin: 'A1' })
    const lamp = await createListing(s.alice, { title: 'Brass lamp', sku: 'LAMP-1' })
    const vase = await createListing(s.alice, { title: 'Glass vase', sku: 'VASE-1', cost: 2, bin: 'C3' })
    // Response.text() drops the byte order mark, as a spreadsheet does.
    const exported = await (await s.alice.get('/api/exports/inventory.csv')).text()
    expect(csvRecords(exported).map((row) => row.SKU)).toEqual(['BOWL-1', 'LAMP-1', 'VASE-1'])

    // Filled in as a spreadsheet saves it: LF line ends, a $ and thousands comma, a quoted cell, columns moved.
    const edited = [
      'Title,SKU,Cost,Bin,New SKU',
      'Pyrex bowl,BOWL-1,3.50,A1,',
      '"Brass lamp, 1970s",LAMP-1,"$1,204.00","Shelf B2, top",LAMP-70S',
      'Glass vase,VASE-1,,C3,',
      'Mystery box,NOPE-9,4.00,,',
      'Lamp again,LAMP-1,5,,',
      'Bad cost,BOWL-2,abc,,',
      '',
    ].join('\n')
    const before = await snapshotDatabase(s.t.db.sql)
    const seen = await replyOf(await preview(edited))
    expect(await snapshotDatabase(s.t.db.sql)).toEqual(before)
    expect(seen).toEqual({
      applied: false,
      unchanged: 1,
      changes: [
        {
          line: 3,
          listingId: lamp.id,
          sku: 'LAMP-1',
          title: 'Brass lamp',
          values: [
            { field: 'cost', from: '', to: '1204.00' },
            { field: 'bin', from: '', to: 'Shelf B2, top' },
            { field: 'sku', from: 'LAMP-1', to: 'LAMP-70S' },
          ],
        },
        {
          line: 4,
          listingId: vase.id,
          sku: 'VASE-1',
          title: 'Glass vase',
          values: [{ field: 'cost', from: '2.00', to: '' }],
        },
      ],
      refused: [
        { line: 5, message: 'None of your listings has the SKU NOPE-9.' },
        { line: 6, message: 'LAMP-1 is also on line 3: keep one of them.' },
        { line: 7, message: 'None of your listings has the SKU BOWL-2.' },
      ],
    })

    const made = await replyOf(await apply(edited))
    expect(made).toEqual({ ...seen, applied: true })
    const [afterBowl, afterLamp, afterVase] = await listingsOf()
    expect(afterBowl).toMatchObject({ id: bowl.id, sku: 'BOWL-1', cost: 3.5, bin: 'A1', version: bowl.version })
    expect(afterLamp).toMatchObject({ sku: 'LAMP-70S', cost: 1204, bin: 'Shelf B2, top', version: lamp.version + 1 })
    expect(afterVase).toMatchObject({ sku: 'VASE-1', cost: null, bin: 'C3', version: vase.version + 1 })

    // Sent again, it changes nothing more: the lamp is now LAMP-70S, so its old SKU matches nothing.
    const again = await replyOf(await apply(edited))
    expect(again.changes).toEqual([])
    expect(again.refused.map((refusal) => refusal.line)).toEqual([3, 5, 6, 7])
  })

  it("refuses a line whose value breaks the listing's own rules, and a new SKU another listing has", async () => {
    await createListing(s.alice, { title: 'Teapot', sku: 'TEA-1' })
    await createListing(s.alice, { title: 'Tea cups', sku: 'TEA-2' })
    const seen = await replyOf(
      await preview(
        ['SKU,Cost,Bin,New SKU', 'TEA-1,-2,,', 'TEA-1b,,,', `TEA-2,1.999,${'x'.repeat(41)},`, 'TEA-1,,,TEA-2'].join(
          '\r\n',
        ),
      ),
    )
    expect(seen.changes).toEqual([])
    expect(seen.refused).toEqual([
      { line: 2, message: 'Cost cannot be less than $0' },
      { line: 3, message: 'None of your listings has the SKU TEA-1b.' },
      {
        line: 4,
        message: 'Cost can have at most 2 decimals (dollars and cents) Bin or shelf must be at most 40 characters',
      },
      { line: 5, message: 'TEA-1 is also on line 2: keep one of them.' },
    ])
    const renamed = await replyOf(await preview('SKU,New SKU\nTEA-1,TEA-2\n'))
    expect(renamed.refused).toEqual([{ line: 2, message: 'Another of your listings has the SKU TEA-2.' }])
  })

  it("changes only the seller's own listings: another seller's SKU matches nothing", async () => {
    await createListing(s.bob, { title: 'Bob’s radio', sku: 'RADIO-1', cost: 9 })
    const reply = await replyOf(await apply('SKU,Cost\nRADIO-1,0.01\n'))
    expect(reply.refused).toEqual([{ line: 2, message: 'None of your listings has the SKU RADIO-1.' }])
    expect((await listingsOf(s.bob))[0]).toMatchObject({ sku: 'RADIO-1', cost: 9 })
  })

  it('refuses a file it cannot read, with why, and changes nothing', async () => {
    const before = await snapshotDatabase(s.t.db.sql)
    const refusals: [string, Record<string, string>, RegExp][] = [
      ['SKU,Cost\nTEA-1,2', { 'content-type': 'application/json' }, /Content-Type: text\/csv/],
      ['Title,Quantity\nTeapot,1', CSV, /must name its columns: SKU, and Cost, Bin or New SKU/],
      ['SKU\nTEA-1', CSV, /must name its columns/],
      ['SKU,Cost\n"TEA-1,2\n', CSV, /quote on line 2 is never closed/],
      ['', CSV, /The file is empty/],
      ['SKU,Cost\nTEA\u0000,2', CSV, /binary data/],
      [`SKU,Cost\n${'TEA-1,2\n'.repeat(10_001)}`, CSV, /more than 10,000 rows; at most 10,000 at a time/],
    ]
    for (const [text, headers, message] of refusals) {
      const response = await s.alice.post('/api/imports/inventory.csv', text, headers)
      expect(response.status, text.slice(0, 40)).toBe(400)
      expect((await readJson(response)).message).toMatch(message)
    }
    const tooBig = await s.alice.post('/api/imports/inventory.csv', 'SKU,Cost\n' + 'x'.repeat(2 * 1024 * 1024), CSV)
    expect(tooBig.status).toBe(413)
    expect(await snapshotDatabase(s.t.db.sql)).toEqual(before)
  })

  it('tells the open apps of each listing it changed', async () => {
    const listing = await createListing(s.alice, { title: 'Milk glass', sku: 'MILK-1' })
    await apply('SKU,Bin\nMILK-1,D4\n')
    const [change] = await s.t.db.sql<{ kind: string }[]>`
      select kind from change_events where listing_id = ${listing.id} order by id desc limit 1`
    expect(change?.kind).toBe('listing-edited')
  })
})
