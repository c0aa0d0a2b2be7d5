// SQL for oauth_states: pending marketplace authorizations, found by the SHA-256 of their state, each usable once.
import type { Platform } from '../contract/marketplaces.ts'
import type { Sql } from './client.ts'

export interface NewOAuthState {
  stateHash: string
  userId: number
  sessionHash: string
  platform: Platform
  /** Sealed; null without PKCE. */
  codeVerifier: string | null
  redirectUri: string
  /** The store the seller named, where the marketplace connects each seller's own store; null elsewhere. */
  store: string | null
  expiresAt: Date
}

export interface ClaimedOAuthState {
  codeVerifier: string | null
  redirectUri: string
  store: string | null
}

export async function insertState(sql: Sql, state: NewOAuthState): Promise<void> {
  await sql`
    insert into oauth_states (state_hash, user_id, session_hash, platform, code_verifier, redirect_uri, store, expires_at)
    values (${state.stateHash}, ${state.userId}, ${state.sessionHash}, ${state.platform}, ${state.codeVerifier},
            ${state.redirectUri}, ${state.store}, ${state.expiresAt})`
}

/**
 * Spends the state when it belongs to this session and platform, is unused and unexpired; all checked in the one
 * statement that marks it used, so two requests racing with the same state cannot both succeed.
 */
export async function claimState(
  sql: Sql,
  key: { stateHash: string; userId: number; sessionHash: string; platform: Platform },
): Promise<ClaimedOAuthState | undefined> {
  const [row] = await sql<ClaimedOAuthState[]>`
    update oauth_states set used_at = now()
    where state_hash = ${key.stateHash} and user_id = ${key.userId} and session_hash = ${key.sessionHash}
      and platform = ${key.platform} and used_at is null and expires_at > now()
    returning code_verifier, redirect_uri, store`
  return row
}

/**
 * Forgets the user's spent and expired authorizations and all but their newest `keepPending` pending ones; called
 * before each new one, so no user can grow the table without bound.
 */
export async function pruneStates(sql: Sql, userId: number, keepPending: number): Promise<void> {
  await sql`
    delete from oauth_states
    where user_id = ${userId} and state_hash not in (
      select state_hash from oauth_states
      where user_id = ${userId} and used_at is null and expires_at > now()
      order by created_at desc
      limit ${keepPending})`
}

/** Deletes every spent or expired authorization, of all users; returns how many. */
export async function deleteFinishedStates(sql: Sql): Promise<number> {
  const result = await sql`delete from oauth_states where used_at is not null or expires_at <= now()`
  return result.count
}
