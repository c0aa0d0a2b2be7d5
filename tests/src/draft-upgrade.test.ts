// A phone's drafts saved by the app before IndexedDB version 7 (docs/decisions/0081): their catalog category, stored
// as ebayCategory and ebayCategoryChosen then, reads as catalogCategory and catalogCategoryChosen once the app opens
// the database, and such a draft still sends its listing with the category it had.
import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import Dexie from 'dexie'
import { afterEach, describe, expect, it } from 'vitest'
import { SnaplistDb } from '../../src/offline/db.ts'

const names: string[] = []
afterEach(async () => {
  for (const name of names.splice(0)) await Dexie.delete(name)
})

/** A database as the app before version 7 left it (version 6's schema), holding these drafts. */
async function savedByTheOldApp(drafts: Record<string, unknown>[]): Promise<string> {
  const name = `before-7-${randomUUID()}`
  names.push(name)
  const old = new Dexie(name)
  old.version(6).stores({
    drafts: 'id, state, updatedAt, userId, editOf.listingId, haulId',
    photos: 'id, draftId, userId',
    outbox: '++id, draftId, status, nextAttemptAt, userId',
    signedIn: 'key',
    shares: 'id, userId',
    expenses: 'id, userId',
  })
  await old.table('drafts').bulkPut(drafts)
  old.close()
  return name
}

const draft = (id: string, extra: Record<string, unknown>) => ({
  id,
  userId: 7,
  createdAt: 1,
  updatedAt: 1,
  fields: { title: 'Levi’s 501 jeans' },
  edited: [],
  aiFilled: [],
  photoIds: [],
  state: 'queued',
  suggestionsReady: false,
  ...extra,
})

describe('IndexedDB version 7', () => {
  it('moves a draft’s catalog category to its new names, and leaves a draft without one as it was', async () => {
    const jeans = { id: '11483', name: "Men's Jeans" }
    const name = await savedByTheOldApp([
      draft('chosen', { ebayCategory: jeans, ebayCategoryChosen: true, aspects: { Inseam: '32' } }),
      draft('suggested', { ebayCategory: jeans, ebayCategoryChosen: false }),
      draft('none', {}),
    ])
    const db = new SnaplistDb(name)
    const chosen = (await db.drafts.get('chosen')) as unknown as Record<string, unknown>
    expect(chosen).toMatchObject({ catalogCategory: jeans, catalogCategoryChosen: true, aspects: { Inseam: '32' } })
    expect(chosen).not.toHaveProperty('ebayCategory')
    expect(chosen).not.toHaveProperty('ebayCategoryChosen')
    expect(await db.drafts.get('suggested')).toMatchObject({ catalogCategory: jeans, catalogCategoryChosen: false })
    const none = (await db.drafts.get('none')) as unknown as Record<string, unknown>
    expect(none).not.toHaveProperty('catalogCategory')
    expect(none).not.toHaveProperty('catalogCategoryChosen')
    expect(db.verno).toBe(7)
    db.close()
  })
})
