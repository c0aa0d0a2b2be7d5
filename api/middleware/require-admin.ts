// Lets only administrators through: 401 for nobody signed in, 403 for a signed-in user who is not an admin.
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../app-env.ts'
import { ACCESS_DENIED_MESSAGE } from '../contract/admin.ts'
import { forbidden } from '../errors.ts'
import { requireUser } from './session.ts'

export function requireAdmin() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!requireUser(c).isAdmin) throw forbidden(ACCESS_DENIED_MESSAGE)
    await next()
  })
}
