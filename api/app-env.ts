// The Hono environment every route and middleware shares: what a request carries once the middleware has run.
import type { RequestIdVariables } from 'hono/request-id'
import type { UserRow } from './db/users.ts'

export interface AppEnv {
  Variables: RequestIdVariables & {
    user: UserRow | undefined
    sessionToken: string | undefined
    /** Sent by a browser from another site (Origin or Sec-Fetch-Site), set by middleware/same-origin.ts. */
    fromAnotherSite: boolean
  }
}
