// The address a request came from, for per-client limits. Behind a proxy (TRUST_PROXY) the first X-Forwarded-For hop.
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'

export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  // Requests made with app.request() in tests have no socket behind them.
  if (!c.env || !('incoming' in (c.env as object))) return 'local'
  return getConnInfo(c).remote.address ?? 'unknown'
}
