// Device cookies (OWASP's defence against lockout by online guessing): a device that signed in to an account keeps a
// random token in an HttpOnly cookie; its sign-ins to that account are counted on the device alone, so someone else's
// failed guesses, however many, never stop the owner signing in from their phone. The token proves nothing else: it
// is no session and opens nothing by itself.
import { randomBytes } from 'node:crypto'
import type { Sql } from '../../db/client.ts'
import * as devices from '../../db/login-devices.ts'
import { hashSecret } from '../secret-hash.ts'

export const DEVICE_COOKIE = 'snaplist_device'
/** A year: sellers sign in on their phone now and then, and a device forgotten is only counted like a new one. */
export const DEVICE_COOKIE_DAYS = 365
const DEVICES_KEPT_PER_ACCOUNT = 20
/** What remember() issues: 32 random bytes, base64url. A cookie of any other shape is replaced. */
const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/

export interface LoginDevices {
  /** Whether this cookie's device signed in to the account before. */
  isKnown(userId: number, token: string | undefined): Promise<boolean>
  /**
   * Records a sign-in; returns the token for the cookie: the browser's own when it has one (a shared phone is the
   * device of each account signed in on it), else a new one.
   */
  remember(userId: number, token: string | undefined): Promise<string>
}

export function createLoginDevices(sql: Sql): LoginDevices {
  return {
    async isKnown(userId: number, token: string | undefined): Promise<boolean> {
      return token !== undefined && (await devices.isKnownDevice(sql, userId, hashSecret(token)))
    },

    async remember(userId: number, token: string | undefined): Promise<string> {
      const kept = token && DEVICE_TOKEN.test(token) ? token : randomBytes(32).toString('base64url')
      // Only a new device can take the account past the number kept.
      if (await devices.rememberDevice(sql, userId, hashSecret(kept)))
        await devices.forgetOldDevices(sql, userId, DEVICES_KEPT_PER_ACCOUNT)
      return kept
    },
  }
}
