// SQL for the sessions table. Tokens never reach this module: callers pass the token's hash.
import type { Sql, Tx } from './client.ts'
import { USER_COLUMNS_OF_U, type UserRow } from './users.ts'

export interface SessionUserRow extends UserRow {
  expiresAt: Date
  createdAt: Date
}

export async function insertSession(sql: Sql, tokenHash: string, userId: number, expiresAt: Date): Promise<void> {
  await sql`insert into sessions (token_hash, user_id, expires_at) values (${tokenHash}, ${userId}, ${expiresAt})`
}

// Run by every signed-in request, so it reads only what every request needs (issue 31): the password's proof is read
// by the few routes that ask for it, and the session's age is checked by the caller on created_at, where the same test
// in SQL cost PGlite more than the two columns' reading. One constant text, prepared once: a column list spliced in
// with sql.unsafe() made a second query object per request.
const SESSION_USER = `
  select ${USER_COLUMNS_OF_U}, s.expires_at, s.created_at
  from sessions s join users u on u.id = s.user_id
  where s.token_hash = $1 and s.expires_at > now()`

/** The unexpired session's user, with the session's expiry and start. */
export async function findSessionUser(sql: Sql, tokenHash: string): Promise<SessionUserRow | undefined> {
  const [row] = await sql.unsafe<SessionUserRow[]>(SESSION_USER, [tokenHash], { prepare: true })
  return row
}

/** When the session last proved its password (signing in counts); undefined for no such session. */
export async function findPasswordProvedAt(sql: Sql, tokenHash: string): Promise<Date | undefined> {
  const [row] = await sql<
    { passwordProvedAt: Date }[]
  >`select password_proved_at from sessions where token_hash = ${tokenHash} and expires_at > now()`
  return row?.passwordProvedAt
}

export async function extendSession(sql: Sql, tokenHash: string, expiresAt: Date): Promise<void> {
  await sql`update sessions set expires_at = ${expiresAt} where token_hash = ${tokenHash}`
}

/** The session has just proved its password (or signed in with Google again). */
export async function markPasswordProved(sql: Sql, tokenHash: string): Promise<void> {
  await sql`update sessions set password_proved_at = now() where token_hash = ${tokenHash}`
}

export async function deleteSession(sql: Sql, tokenHash: string): Promise<void> {
  await sql`delete from sessions where token_hash = ${tokenHash}`
}

/** Deletes the sessions that expired or outlived maxAgeDays; returns how many. */
export async function deleteExpiredSessions(sql: Sql, maxAgeDays: number): Promise<number> {
  const result =
    await sql`delete from sessions where expires_at <= now() or created_at <= now() - make_interval(days => ${maxAgeDays})`
  return result.count
}

/** Signs the user out everywhere but this session (its token's hash). */
export async function deleteOtherSessions(sql: Sql | Tx, userId: number, keepTokenHash: string): Promise<void> {
  await sql`delete from sessions where user_id = ${userId} and token_hash <> ${keepTokenHash}`
}

/** Signs the user out everywhere. */
export async function deleteUserSessions(sql: Sql | Tx, userId: number): Promise<void> {
  await sql`delete from sessions where user_id = ${userId}`
}
