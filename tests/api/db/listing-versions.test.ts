// A listing's version counts every change of what the seller edits (migration 0013's trigger, rewritten by each
// migration that adds a field): an edit made against an older version is refused (decision 0016) only if every field
// counts. A field added to listing-fields.ts without its column in the trigger fails here, by name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LISTING_FIELD_ENTRIES } from '../../../api/contract/listing-fields.ts'
import type { ListingFieldSpec } from '../../../api/contract/listing-field-specs.ts'
import { createTestApp, readJson, registeredClient, type TestApp } from '../../helpers/test-app.ts'

let t: TestApp
let listingId: number

/** A value unlike the new listing's, as the column keeps it, that the column's checks take. */
function changedValue(spec: ListingFieldSpec): unknown {
  switch (spec.kind) {
    case 'text':
      return { gtin: '9780134685991', digits: '123', measure: '12.5', none: 'changed' }[spec.format ?? 'none']
    case 'whole':
      return spec.fallback + 7
    case 'money':
      return 1234
    case 'date':
      return '2026-01-02'
    case 'keywords':
      return ['changed']
    case 'choice':
      return spec.options.at(-1)!.value
  }
}

beforeAll(async () => {
  t = await createTestApp()
  const seller = await registeredClient(t.app, 'versions')
  const created = await seller.post('/api/listings', { title: 'Pyrex bowl', category: 'home', color: 'white' })
  expect(created.status, await created.clone().text()).toBe(201)
  listingId = (await readJson(created)).id as number
})
afterAll(() => t.close())

const versionNow = async () =>
  (await t.db.sql<{ version: number }[]>`select version from listings where id = ${listingId}`)[0]!.version

describe("a listing's version", () => {
  it.each(LISTING_FIELD_ENTRIES.map(([name, spec]) => [name, spec] as const))(
    'counts a change of %s',
    async (_name, spec) => {
      const before = await versionNow()
      await t.db
        .sql`update listings set ${t.db.sql(spec.column)} = ${changedValue(spec) as string} where id = ${listingId}`
      expect(await versionNow()).toBe(before + 1)
    },
  )

  it('does not count what the server records beside the fields', async () => {
    const before = await versionNow()
    await t.db.sql`update listings set sold_out = true, sold_on = 'ebay' where id = ${listingId}`
    expect(await versionNow()).toBe(before)
  })
})
