// /api/register, /api/login, /api/auth/google, /api/logout, /api/user: accounts and the session cookie; and
// /api/auth/config, which tells the app whether to offer Sign in with Google.
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { GoogleSignInSchema, type AuthConfig } from '../contract/google-sign-in.ts'
import { LoginSchema, RegisterSchema } from '../contract/user.ts'
import type { UserRow } from '../db/users.ts'
import { requestCookie } from '../middleware/read-cookie.ts'
import { clearSessionCookie, requireUser, writeDeviceCookie, writeSessionCookie } from '../middleware/session.ts'
import { DEVICE_COOKIE, type LoginDevices } from '../services/accounts/login-devices.ts'
import type { AccountService } from '../services/accounts/register-and-sign-in.ts'
import type { GoogleSignInService } from '../services/accounts/google-sign-in.ts'
import type { SessionService } from '../services/accounts/sessions.ts'
import { valid } from '../validate.ts'

export interface AuthRouteDeps {
  accounts: AccountService
  googleSignIn: GoogleSignInService
  sessions: SessionService
  devices: LoginDevices
  isSecure: (c: Context) => boolean
  /** The address links in emails start with. */
  appUrl: string
  /** The address the request came from, for per-client limits. */
  clientAddress: (c: Context) => string
}

export function authRoutes({
  accounts,
  googleSignIn,
  sessions,
  devices,
  isSecure,
  appUrl,
  clientAddress,
}: AuthRouteDeps) {
  async function signIn(c: Context<AppEnv>, user: UserRow, status: 200 | 201) {
    const previous = c.get('sessionToken')
    if (previous) await sessions.end(previous)
    const { token, expiresAt } = await sessions.start(user.id)
    writeSessionCookie(c, token, expiresAt, isSecure(c))
    writeDeviceCookie(c, await devices.remember(user.id, requestCookie(c, DEVICE_COOKIE)), isSecure(c))
    return c.json(user, status)
  }

  return new Hono<AppEnv>()
    .post('/register', valid('json', RegisterSchema), async (c) => {
      const user = await accounts.register(c.req.valid('json'), clientAddress(c), appUrl)
      return signIn(c, user, 201)
    })
    .post('/login', valid('json', LoginSchema), async (c) => {
      const user = await accounts.login(c.req.valid('json'), clientAddress(c), requestCookie(c, DEVICE_COOKIE))
      return signIn(c, user, 200)
    })
    .get('/auth/config', async (c) =>
      c.json(
        {
          googleClientId: googleSignIn.clientId,
          setupCodeRequired: await accounts.setupCodeRequired(),
        } satisfies AuthConfig,
        200,
      ),
    )
    .post('/auth/google', valid('json', GoogleSignInSchema), async (c) => {
      const user = await googleSignIn.signIn(c.req.valid('json').credential, clientAddress(c), appUrl)
      return signIn(c, user, 200)
    })
    .post('/logout', async (c) => {
      const token = c.get('sessionToken')
      if (token) await sessions.end(token)
      clearSessionCookie(c, isSecure(c))
      return c.json({ message: 'Signed out.' }, 200)
    })
    .get('/user', (c) => c.json(requireUser(c), 200))
}
