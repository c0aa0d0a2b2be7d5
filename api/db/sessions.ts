// SQL for the sessions table. Tokens never reach this module: callers pass the token's hash.
import type { Sql, Tx } from './client.ts'
import { USER_COLUMNS_OF_U, type UserRow } from './users.ts'

export interface SessionUserRow extends UserRow {
  expiresAt: Date
  createdAt: Date
  passwordProvedAt: Date
}

export async function insertSession(sql: Sql, tokenHash: string, userId: number, expiresAt: Date): Promise<void> {
  await sql`insert into sessions (token_hash, user_id, expires_at) values (${tokenHash}, ${userId}, ${expiresAt})`
}

/** The session's user while the session is unexpired and younger than maxAgeDays, however often it was used. */
export async function findSessionUser(
  sql: Sql,
  tokenHash: string,
  maxAgeDays: number,
): Promise<SessionUserRow | undefined> {
  const [row] = await sql<SessionUserRow[]>`
    select ${sql.unsafe(USER_COLUMNS_OF_U)}, s.expires_at, s.created_at, s.password_proved_at
    from sessions s join users u on u.id = s.user_id
    where s.token_hash = ${tokenHash} and s.expires_at > now() and s.created_at > now() - make_interval(days => ${maxAgeDays})`
  return row
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
