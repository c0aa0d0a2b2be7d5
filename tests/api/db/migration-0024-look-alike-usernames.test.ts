// Migration 0024 (issue 27 F13): usernames unique by what they look like. Accounts registered before it under
// look-alike names keep working (the oldest holds the skeleton), and from then on no new look-alike is taken in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../api/db/client.ts'
import { schemaBefore } from '../../helpers/schema-before.ts'

const SKELETON_MIGRATION = '0024_look_alike_usernames_and_analysis_results.sql'

let db: Database
let apply: (file: string) => Promise<void>

beforeAll(async () => {
  ;({ db, apply } = await schemaBefore(SKELETON_MIGRATION))
}, 60_000)
afterAll(() => db?.close())

const insertUser = (
  username: string,
  email = `${username.codePointAt(0)}-${username.length}-${Math.random()}@example.com`,
) =>
  db.sql`insert into users (username, email, first_name, last_name, password_hash) values (${username}, ${email}, 'A', 'B', 'x') returning id`

describe.skipIf(process.env.TEST_DB === 'postgres')('migration 0024: username skeletons', () => {
  it('fills the skeleton of existing accounts, look-alikes included, then refuses new look-alikes', async () => {
    const [alice] = await insertUser('alice')
    const [cyrillic] = await insertUser('\u0430lice')
    const [greek] = await insertUser('\u0391LICE')
    await insertUser('bob')
    await apply(SKELETON_MIGRATION)

    const rows = await db.sql<
      { id: number; usernameSkeleton: string }[]
    >`select id, username_skeleton from users order by id`
    expect(rows.map((row) => row.usernameSkeleton)).toEqual([
      'alice',
      `alice\n${cyrillic!.id}`,
      `alice\n${greek!.id}`,
      'bob',
    ])
    expect(rows[0]!.id).toBe(alice!.id)

    for (const lookAlike of ['al\u0131ce', 'ALIC\u0415', '\uff41lice'])
      await expect(insertUser(lookAlike)).rejects.toMatchObject({ code: '23505' })
    await insertUser('alicia')
    // A renamed account's skeleton follows its name.
    await db.sql`update users set username = 'B\u041eB' where username = 'bob'`
    expect((await db.sql`select username_skeleton from users where username = 'B\u041eB'`)[0]).toEqual({
      usernameSkeleton: 'bob',
    })
  })
})
