// SQL for marketplace_connections. Tokens reach this module already sealed (api/services/crypto.ts) and leave it so.
import type { Platform } from '../contract/marketplaces.ts'
import type { Sql, Tx } from './client.ts'

export interface ConnectionRow {
  id: number
  userId: number
  platform: Platform
  /** Sealed. */
  accessToken: string
  /** Sealed. */
  refreshToken: string | null
  tokenExpiry: Date | null
  refreshTokenExpiry: Date | null
  accountName: string | null
  accountId: string | null
  /** 'deleted' once the marketplace reported the account deleted or closed. */
  accountDeletionStatus: string | null
  /** When the seller's sales there were last read whole (a poll, or the Dashboard asking); null: never. */
  lastSyncedAt: Date | null
  createdAt: Date
  /** What the seller granted; null for connections made before scopes were recorded. */
  scopes: string[] | null
}

export interface SealedTokens {
  accessToken: string
  refreshToken: string | null
  tokenExpiry: Date | null
  refreshTokenExpiry: Date | null
  /** The grant's scopes, stored with a new connection (a refresh keeps them). */
  scopes?: readonly string[] | null
}

export interface Account {
  accountName: string | null
  accountId: string | null
}

// lastSyncedAt is when the seller's sales there were last read (sales_polls, migration 0030).
const COLUMNS = `id, user_id, platform, access_token, refresh_token, token_expiry, refresh_token_expiry, account_name,
  account_id, account_deletion_status, created_at, scopes,
  (select updated_at from sales_polls p
    where p.user_id = marketplace_connections.user_id and p.marketplace = marketplace_connections.platform) as last_synced_at`

export async function listConnections(sql: Sql, userId: number): Promise<ConnectionRow[]> {
  return sql<
    ConnectionRow[]
  >`select ${sql.unsafe(COLUMNS)} from marketplace_connections where user_id = ${userId} order by platform`
}

export async function findConnection(sql: Sql, userId: number, platform: Platform): Promise<ConnectionRow | undefined> {
  const [row] = await sql<ConnectionRow[]>`
    select ${sql.unsafe(COLUMNS)} from marketplace_connections where user_id = ${userId} and platform = ${platform}`
  return row
}

/** Stores a new grant; connecting the same platform again replaces the earlier account and tokens. */
export async function saveConnection(
  sql: Sql | Tx,
  userId: number,
  platform: Platform,
  tokens: SealedTokens,
  account: Account,
): Promise<ConnectionRow> {
  const [row] = await sql<ConnectionRow[]>`
    insert into marketplace_connections
      (user_id, platform, access_token, refresh_token, token_expiry, refresh_token_expiry, account_name, account_id, scopes)
    values (${userId}, ${platform}, ${tokens.accessToken}, ${tokens.refreshToken}, ${tokens.tokenExpiry},
            ${tokens.refreshTokenExpiry}, ${account.accountName}, ${account.accountId}, ${tokens.scopes ? sql.array([...tokens.scopes]) : null}::text[])
    on conflict (user_id, platform) do update set
      access_token = excluded.access_token, refresh_token = excluded.refresh_token, token_expiry = excluded.token_expiry,
      refresh_token_expiry = excluded.refresh_token_expiry, account_name = excluded.account_name,
      account_id = excluded.account_id, scopes = excluded.scopes, account_deletion_status = null, updated_at = now()
    returning ${sql.unsafe(COLUMNS)}`
  return row!
}

/**
 * Stores refreshed tokens unless another request refreshed this connection first (its refresh token is no longer the
 * one this refresh started from): that request's tokens are as good and stay.
 */
export async function replaceTokens(
  sql: Sql,
  id: number,
  previousRefreshToken: string,
  tokens: SealedTokens,
): Promise<void> {
  await sql`
    update marketplace_connections set
      access_token = ${tokens.accessToken}, refresh_token = ${tokens.refreshToken}, token_expiry = ${tokens.tokenExpiry},
      refresh_token_expiry = ${tokens.refreshTokenExpiry}, updated_at = now()
    where id = ${id} and refresh_token = ${previousRefreshToken}`
}

export async function updateAccount(sql: Sql, id: number, account: Account): Promise<void> {
  await sql`
    update marketplace_connections set account_name = ${account.accountName}, account_id = ${account.accountId}, updated_at = now()
    where id = ${id} and (account_name is distinct from ${account.accountName} or account_id is distinct from ${account.accountId})`
}

/**
 * The marketplace no longer honours this grant (revoked, or the refresh token ran out): the seller must connect again.
 * Only while the refresh token is still the one that was refused: a refresh that landed meanwhile brought a good one.
 * Returns the seller whose connection this call ended (the one to tell); undefined when it had ended already.
 */
export async function markLapsed(sql: Sql, id: number, refreshToken: string | null): Promise<number | undefined> {
  // The row locked before it is read: of two calls at once, the second reads the first's end and tells nobody.
  const [row] = await sql<{ userId: number; wasConnected: boolean }[]>`
    with before as (
      select id, case when refresh_token is null then token_expiry else refresh_token_expiry end as grant_end
      from marketplace_connections where id = ${id} for update)
    update marketplace_connections c set token_expiry = least(token_expiry, now()),
      refresh_token_expiry = least(refresh_token_expiry, now()), updated_at = now()
    from before
    where c.id = before.id and c.refresh_token is not distinct from ${refreshToken}
    returning c.user_id, (before.grant_end is null or before.grant_end > now()) as was_connected`
  return row?.wasConnected ? row.userId : undefined
}

export async function deleteConnection(sql: Sql, userId: number, platform: Platform): Promise<boolean> {
  const result = await sql`delete from marketplace_connections where user_id = ${userId} and platform = ${platform}`
  return result.count === 1
}

/** Forgets every connection to this account there, whatever its grant (the marketplace asked: the store is gone). */
export async function deleteAccountConnections(sql: Sql, platform: Platform, accountId: string): Promise<number> {
  const result =
    await sql`delete from marketplace_connections where platform = ${platform} and account_id = ${accountId}`
  return result.count
}

/** Disconnects every marketplace of the user. */
export async function deleteUserConnections(sql: Sql | Tx, userId: number): Promise<void> {
  await sql`delete from marketplace_connections where user_id = ${userId}`
}

/**
 * The marketplace says this account was deleted or closed: every connection to it loses its tokens (the row stays,
 * lapsed, with the deletion recorded, so the seller sees why). Matched by the marketplace's immutable account id, or by
 * name for a connection stored before its id was known. Returns how many connections were erased.
 */
export async function eraseAccount(
  sql: Sql,
  platform: Platform,
  accountId: string,
  accountName: string | undefined,
): Promise<number> {
  const result = await sql`
    update marketplace_connections set access_token = '', refresh_token = null, token_expiry = now(), refresh_token_expiry = null,
      account_deletion_status = 'deleted', updated_at = now()
    where platform = ${platform} and (account_id = ${accountId} or (account_id is null and account_name = ${accountName ?? null}))`
  return result.count
}

/** A condition on the table: the grant has not run out nor been reported deleted, so the seller's sales can be read. */
export const GRANT_WORKS = `account_deletion_status is null and coalesce(refresh_token_expiry, token_expiry, 'infinity') > now()`

/** Sellers whose grant on this marketplace works, with the account (a shop, where the marketplace has them): their sales are read. */
export async function listWorkingGrants(
  sql: Sql,
  platform: Platform,
): Promise<{ userId: number; accountId: string | null }[]> {
  return sql<{ userId: number; accountId: string | null }[]>`
    select user_id, account_id from marketplace_connections where platform = ${platform} and ${sql.unsafe(GRANT_WORKS)}`
}

/** Whether this seller's grant there still works (a lapsed one is read by no job until they connect again). */
export async function hasWorkingGrant(sql: Sql | Tx, userId: number, platform: Platform): Promise<boolean> {
  const rows = await sql`select 1 from marketplace_connections
    where user_id = ${userId} and platform = ${platform} and ${sql.unsafe(GRANT_WORKS)}`
  return rows.length > 0
}

/** The sellers whose working grant is for this account on the marketplace (a shop pushing a sale). */
export async function sellersOfAccount(sql: Sql, platform: Platform, accountId: string): Promise<number[]> {
  const rows = await sql<{ userId: number }[]>`select user_id from marketplace_connections
    where platform = ${platform} and account_id = ${accountId} and ${sql.unsafe(GRANT_WORKS)}`
  return rows.map((row) => row.userId)
}
