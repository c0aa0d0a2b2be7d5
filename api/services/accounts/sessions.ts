// Session tokens: a random id in an HttpOnly cookie, its SHA-256 in Postgres, 30 days from the last use and never
// more than 90 days from sign-in (a stolen cookie used daily still ends).
import { randomBytes } from 'node:crypto'
import type { Sql } from '../../db/client.ts'
import * as sessions from '../../db/sessions.ts'
import type { UserRow } from '../../db/users.ts'
import { hashSecret } from '../secret-hash.ts'

export const SESSION_COOKIE = 'snaplist_session'
export const SESSION_DAYS = 30
/** The absolute lifetime: a session this old is refused even when it was used yesterday. */
export const SESSION_MAX_DAYS = 90
const DAY_MS = 24 * 60 * 60 * 1000
// Sliding expiry is written at most once a day per session, so an ordinary request costs one read.
const EXTEND_AFTER_MS = DAY_MS

/** The key of a session's row, by which other tables (oauth_states) refer to the session. */
export const sessionKey = hashSecret
const freshExpiry = () => new Date(Date.now() + SESSION_DAYS * DAY_MS)
/** 30 days from now, but not past the session's 90th day. */
const renewedExpiry = (createdAt: Date) =>
  new Date(Math.min(Date.now() + SESSION_DAYS * DAY_MS, createdAt.getTime() + SESSION_MAX_DAYS * DAY_MS))

export interface StartedSession {
  token: string
  expiresAt: Date
}

export interface ResolvedSession {
  user: UserRow
  /** Set when the expiry moved forward and the cookie should be sent again. */
  renewedUntil?: Date
}

export interface SessionService {
  start(userId: number): Promise<StartedSession>
  resolve(token: string): Promise<ResolvedSession | undefined>
  /** Whether the session still holds, without sliding its expiry (an open event stream asks now and then). */
  holds(token: string): Promise<boolean>
  end(token: string): Promise<void>
}

export function createSessionService(sql: Sql): SessionService {
  /** The session's row while it is unexpired and younger than SESSION_MAX_DAYS, however often it was used. */
  const findLive = async (tokenHash: string) => {
    const row = await sessions.findSessionUser(sql, tokenHash)
    return row && Date.now() - row.createdAt.getTime() < SESSION_MAX_DAYS * DAY_MS ? row : undefined
  }

  return {
    async start(userId: number): Promise<StartedSession> {
      const token = randomBytes(32).toString('base64url')
      const expiresAt = freshExpiry()
      await sessions.insertSession(sql, hashSecret(token), userId, expiresAt)
      return { token, expiresAt }
    },

    async resolve(token: string): Promise<ResolvedSession | undefined> {
      const tokenHash = hashSecret(token)
      const row = await findLive(tokenHash)
      if (!row) return undefined
      const { expiresAt, createdAt, ...user } = row
      const renewedUntil = renewedExpiry(createdAt)
      if (renewedUntil.getTime() - expiresAt.getTime() < EXTEND_AFTER_MS) return { user }
      await sessions.extendSession(sql, tokenHash, renewedUntil)
      return { user, renewedUntil }
    },

    async holds(token: string): Promise<boolean> {
      return (await findLive(hashSecret(token))) !== undefined
    },

    async end(token: string): Promise<void> {
      await sessions.deleteSession(sql, hashSecret(token))
    },
  }
}
