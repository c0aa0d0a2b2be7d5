// The address a request came from, for per-client limits. Behind proxies (TRUST_PROXY), the entry the nearest trusted
// proxy added to X-Forwarded-For: each proxy appends the address it was reached from, so the entries on the right are
// the proxies' own and anything further left is whatever the client chose to send.
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'

/** trustedProxies: how many proxies stand in front of the server (0 when X-Forwarded-For is not to be read). */
export function clientAddress(c: Context, trustedProxies: number): string {
  if (trustedProxies > 0) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean)
    // Fewer entries than proxies: the request came through fewer of them, and the farthest entry is the best known.
    const forwarded = hops[hops.length - trustedProxies] ?? hops[0]
    if (forwarded) return forwarded
  }
  // Requests made with app.request() in tests have no socket behind them.
  if (!c.env || !('incoming' in (c.env as object))) return 'local'
  return getConnInfo(c).remote.address ?? 'unknown'
}
