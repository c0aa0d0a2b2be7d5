// Migration 0071 (issue 49, decision 0079): an import's total, applied to the schema before it on an install with a
// running import. The import there is kept, its total unknown until the marketplace says; a total is never negative.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../api/db/client.ts'
import { schemaBefore } from '../../helpers/schema-before.ts'

const TOTAL = '0071_marketplace_import_total.sql'
let db: Database
let applyFrom: (file: string, until?: string) => Promise<void>

beforeAll(async () => {
  ;({ db, applyFrom } = await schemaBefore(TOTAL))
}, 60_000)
afterAll(() => db?.close())

describe('migration 0071: an import’s total', () => {
  it('keeps the imports there were, total unknown, and takes no negative total', async () => {
    const [user] = await db.sql<{ id: number }[]>`
      insert into users (username, email, first_name, last_name, password_hash)
      values ('rita', 'rita@example.com', 'Rita', 'Seller', 'x') returning id`
    await db.sql`insert into marketplace_imports (user_id, marketplace, status, pages)
      values (${user!.id}, 'shopify', 'running', 2)`
    await applyFrom(TOTAL)
    expect(await db.sql`select status, pages, total from marketplace_imports`).toEqual([
      { status: 'running', pages: 2, total: null },
    ])
    await db.sql`update marketplace_imports set total = 40`
    await expect(db.sql`update marketplace_imports set total = -1`).rejects.toMatchObject({ code: '23514' })
    expect(await db.sql`select total from marketplace_imports`).toEqual([{ total: 40 }])
  })
})
