// A stand-in for Google's ID-token signing certificates (https://www.googleapis.com/oauth2/v1/certs: PEM certificates
// by key id, cacheable) that publishes a test key's certificate instead. A server started with GOOGLE_CERTS_URL set
// to it verifies the tokens a test signs, through the real google-auth-library code, with no network.
import { Hono } from 'hono'
import { certificatesOf, type GoogleTestKey } from '../helpers/google-tokens.ts'
import { listen } from './listen.ts'

const CERTIFICATES_PATH = '/oauth2/v1/certs'

export interface FakeGoogleCerts {
  /** The value for GOOGLE_CERTS_URL. */
  url: string
  close(): Promise<void>
}

export function startFakeGoogleCerts(key: GoogleTestKey): Promise<FakeGoogleCerts> {
  const app = new Hono().get(CERTIFICATES_PATH, (c) => {
    // Google's own header: the library caches the certificates for max-age.
    c.header('Cache-Control', 'public, max-age=3600, must-revalidate, no-transform')
    return c.json(certificatesOf(key))
  })
  return listen(app, 0, (url) => ({ url: `${url}${CERTIFICATES_PATH}` }))
}
