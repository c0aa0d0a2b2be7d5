// Compresses every text answer (JSON, HTML, the rest of text/*) the client accepts compressed, brotli before gzip
// (issue 31: a 10,000-listing seller's JSON went out as 8.6 MB). Left alone: server-sent events (each event must leave
// at once, and compressing would hold them back), answers already encoded (the build's precompressed files,
// api/static.ts), HEAD, and bodies too small to gain (a header's worth of bytes).
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib'

/** Below this many bytes the compressed answer saves less than its work and its headers cost. */
const MIN_BYTES = 1024

export type Encoding = 'br' | 'gzip'

/** The encoding to answer in, of those the request's Accept-Encoding allows (q=0 refuses one), brotli first. */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined
  const accepted = new Set<string>()
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param))
    if (!refused) accepted.add(name.trim())
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip')) return 'gzip'
  return undefined
}

// An answer made for one request is compressed quickly rather than as small as possible (brotli 5 is about gzip's
// speed and a sixth smaller on the listings' JSON).
const compressors: Record<Encoding, (body: Uint8Array) => Promise<Buffer>> = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      },
    }),
  gzip: (body) => promisify(gzip)(body, { level: 6 }),
}

export const compressBody = (encoding: Encoding, body: Uint8Array) => compressors[encoding](body)

/** Says caches must keep each encoding apart (once, however many layers say it). */
export function varyByEncoding(headers: Headers) {
  if (!/\baccept-encoding\b/i.test(headers.get('Vary') ?? '')) headers.append('Vary', 'Accept-Encoding')
}

function isCompressible(c: Context): boolean {
  const { headers, status } = c.res
  if (c.req.method === 'HEAD' || status === 204 || status === 304 || headers.has('Content-Encoding')) return false
  if (/\bno-transform\b/i.test(headers.get('Cache-Control') ?? '')) return false
  return COMPRESSIBLE_CONTENT_TYPE_REGEX.test(headers.get('Content-Type') ?? '')
}

export function compressText() {
  return createMiddleware(async (c, next) => {
    await next()
    if (!isCompressible(c)) return
    varyByEncoding(c.res.headers)
    const encoding = acceptedEncoding(c.req.header('Accept-Encoding'))
    if (!encoding) return
    const body = new Uint8Array(await c.res.arrayBuffer())
    const headers = new Headers(c.res.headers)
    if (body.byteLength >= MIN_BYTES) {
      headers.set('Content-Encoding', encoding)
      headers.delete('Content-Length')
    }
    const sent = body.byteLength >= MIN_BYTES ? new Uint8Array(await compressBody(encoding, body)) : body
    const { status, statusText } = c.res
    // Cleared first: Hono would otherwise copy the old answer's headers over the new one's (Content-Length included).
    c.res = undefined
    c.res = new Response(sent, { status, statusText, headers })
  })
}
