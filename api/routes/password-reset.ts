// /api/forgot-password and /api/reset-password: password reset by emailed link (docs/product.md §2, §5, §7).
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../app-env.ts'
import {
  FORGOT_PASSWORD_REPLY,
  ForgotPasswordSchema,
  ResetPasswordSchema,
  ResetTokenParamSchema,
} from '../contract/password-reset.ts'
import type { PasswordResetService } from '../services/accounts/password-reset.ts'
import { valid } from '../validate.ts'

export interface PasswordResetRouteDeps {
  passwordReset: PasswordResetService
  appUrl: string
  /** The address the request came from, for per-client limits. */
  clientAddress: (c: Context) => string
}

export function passwordResetRoutes({ passwordReset, appUrl, clientAddress }: PasswordResetRouteDeps) {
  return new Hono<AppEnv>()
    .post('/forgot-password', valid('json', ForgotPasswordSchema), async (c) => {
      await passwordReset.requestLink(c.req.valid('json').username, clientAddress(c), appUrl)
      return c.json({ message: FORGOT_PASSWORD_REPLY }, 200)
    })
    .get('/reset-password/:token', valid('param', ResetTokenParamSchema), async (c) => {
      await passwordReset.verify(c.req.valid('param').token)
      return c.json({ message: 'This reset link is valid. Choose a new password.' }, 200)
    })
    .post('/reset-password', valid('json', ResetPasswordSchema), async (c) => {
      const { token, password } = c.req.valid('json')
      await passwordReset.reset(token, password, appUrl)
      return c.json({ message: 'Your password has been reset. Sign in with your new password.' }, 200)
    })
}
