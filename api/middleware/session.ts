// Resolves the session cookie into c.var.user and keeps the cookie's expiry in step with the sliding session.
import type { Context } from 'hono'
import { deleteCookie, setCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../app-env.ts'
import { SIGNED_IN_HINT_COOKIE } from '../contract/session-hint.ts'
import { ACCOUNT_CHANGED, SYNC_ACCOUNT_HEADER } from '../contract/sync.ts'
import type { UserRow } from '../db/users.ts'
import { AppError, unauthorized } from '../errors.ts'
import { SESSION_COOKIE, type SessionService } from '../services/accounts/sessions.ts'
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS } from '../services/accounts/login-devices.ts'
import { readCookie } from './read-cookie.ts'

export function writeSessionCookie(c: Context, token: string, expiresAt: Date, secure: boolean) {
  setCookie(c, SESSION_COOKIE, token, { httpOnly: true, sameSite: 'Lax', secure, path: '/', expires: expiresAt })
  writeSignedInHint(c, secure, expiresAt)
}

export function clearSessionCookie(c: Context, secure: boolean) {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure })
  deleteCookie(c, SIGNED_IN_HINT_COOKIE, { path: '/', secure })
}

/** The device cookie outlives sessions and sign-outs: it only says this browser signed in before (login-devices.ts). */
export function writeDeviceCookie(c: Context, token: string, secure: boolean) {
  setCookie(c, DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    path: '/api/',
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  })
}

/** The page's hint that a session may exist (api/contract/session-hint.ts); it lives as long as the session cookie. */
export function writeSignedInHint(c: Context, secure: boolean, expiresAt?: Date) {
  setCookie(c, SIGNED_IN_HINT_COOKIE, '1', {
    sameSite: 'Lax',
    secure,
    path: '/',
    ...(expiresAt ? { expires: expiresAt } : {}),
  })
}

export function sessionMiddleware(sessions: SessionService, isSecure: (c: Context) => boolean) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const cookies = c.req.header('cookie')
    const token = readCookie(cookies, SESSION_COOKIE)
    const resolved = token ? await sessions.resolve(token) : undefined
    c.set('user', resolved?.user)
    c.set('sessionToken', resolved ? token : undefined)
    if (token && !resolved) clearSessionCookie(c, isSecure(c))
    if (token && resolved?.renewedUntil) writeSessionCookie(c, token, resolved.renewedUntil, isSecure(c))
    // A hint that outlived its session goes (sessions from before the hint get it with their page, api/static.ts).
    if (!token && readCookie(cookies, SIGNED_IN_HINT_COOKIE))
      deleteCookie(c, SIGNED_IN_HINT_COOKIE, { path: '/', secure: isSecure(c) })
    await next()
  })
}

export function requireUser(c: Context<AppEnv>): UserRow {
  const user = c.get('user')
  if (!user) throw unauthorized()
  // The phone's sync engine names the account a queued change belongs to: on a shared phone another account may have
  // signed in while it was sending, and that account must not receive the change.
  const sentFor = c.req.header(SYNC_ACCOUNT_HEADER)
  if (sentFor !== undefined && sentFor !== String(user.id)) {
    throw new AppError(
      409,
      ACCOUNT_CHANGED,
      'This change was made by another account on this phone; it waits for that account to sign in.',
    )
  }
  return user
}
