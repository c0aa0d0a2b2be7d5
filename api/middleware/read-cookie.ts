// One cookie's value from a Cookie header, found without parsing the rest. Every signed-in request reads its session
// cookie, and hono's getCookie, which parses and validates every pair, cost each one 2 µs of the 50 µs that /api/user
// spent beyond a bare primary-key select (issue 31). Snaplist's own cookies are plain tokens, never quoted or escaped.
import type { Context } from 'hono'

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined
  const prefix = `${name}=`
  for (let at = 0; at < header.length;) {
    while (header.charCodeAt(at) === 32) at++
    const end = header.indexOf(';', at)
    const stop = end === -1 ? header.length : end
    // The first pair of that name counts, as browsers send the most specific path's cookie first (RFC 6265 5.4).
    if (header.startsWith(prefix, at)) return header.slice(at + prefix.length, stop).trim() || undefined
    at = stop + 1
  }
  return undefined
}

/** The request's cookie of that name (one of Snaplist's own). */
export const requestCookie = (c: Context, name: string) => readCookie(c.req.header('cookie'), name)
