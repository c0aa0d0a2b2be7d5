// /api/account/...: the signed-in seller's own account (password, email address and its confirmation, sessions,
// deletion), and /api/auth/reauth, the password typed again for what needs a recent proof. Every change is a POST, PUT
// or DELETE; nothing here is a GET.
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../app-env.ts'
import {
  AccountConfirmationSchema,
  ChangeEmailSchema,
  ChangePasswordSchema,
  ReauthSchema,
  ResendVerificationSchema,
  VerifyEmailSchema,
} from '../contract/account.ts'
import { clearSessionCookie, requireUser } from '../middleware/session.ts'
import type { AccountSettingsService, Caller } from '../services/accounts/account-settings.ts'
import type { EmailVerificationService } from '../services/accounts/email-verification.ts'
import { unauthorized } from '../errors.ts'
import { valid } from '../validate.ts'

export interface AccountRouteDeps {
  settings: AccountSettingsService
  verification: EmailVerificationService
  isSecure: (c: Context) => boolean
  /** The address links in emails start with. */
  appUrl: string
  /** The address the request came from, for per-client limits. */
  clientAddress: (c: Context) => string
}

export function accountRoutes({ settings, verification, isSecure, appUrl, clientAddress }: AccountRouteDeps) {
  const callerOf = (c: Context<AppEnv>): Caller => {
    const user = requireUser(c)
    const sessionToken = c.get('sessionToken')
    if (!sessionToken) throw unauthorized()
    return { user, sessionToken, clientAddress: clientAddress(c) }
  }

  return new Hono<AppEnv>()
    .post('/auth/reauth', valid('json', ReauthSchema), async (c) => {
      await settings.reauthenticate(callerOf(c), c.req.valid('json'))
      return c.json({ message: 'Thanks, that is you.' }, 200)
    })
    .put('/account/password', valid('json', ChangePasswordSchema), async (c) => {
      await settings.changePassword(callerOf(c), c.req.valid('json'), appUrl)
      return c.json({ message: 'Password changed. You stay signed in here; every other device was signed out.' }, 200)
    })
    .put('/account/email', valid('json', ChangeEmailSchema), async (c) => {
      return c.json(await settings.changeEmail(callerOf(c), c.req.valid('json'), appUrl), 200)
    })
    .post('/account/verification-email', valid('json', ResendVerificationSchema), async (c) => {
      return c.json(await verification.resend(requireUser(c), c.req.valid('json').email, appUrl), 200)
    })
    .post('/account/verify-email', valid('json', VerifyEmailSchema), async (c) => {
      return c.json(await verification.confirm(requireUser(c), c.req.valid('json').token, appUrl), 200)
    })
    .post('/account/sign-out-everywhere', valid('json', AccountConfirmationSchema), async (c) => {
      await settings.signOutEverywhere(callerOf(c), c.req.valid('json'))
      clearSessionCookie(c, isSecure(c))
      return c.json({ message: 'Signed out on every device.' }, 200)
    })
    .delete('/account', valid('json', AccountConfirmationSchema), async (c) => {
      await settings.deleteOwnAccount(callerOf(c), c.req.valid('json'))
      clearSessionCookie(c, isSecure(c))
      return c.json({ message: 'Your account and everything in it was deleted.' }, 200)
    })
}
