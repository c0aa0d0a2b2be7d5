// A stand-in for Google's ID-token signing certificates (https://www.googleapis.com/oauth2/v1/certs: PEM certificates
// by key id, cacheable) that publishes a test key's certificate instead. A server started with GOOGLE_CERTS_URL set
// to it verifies the tokens a test signs, through the real google-auth-library code, with no network.
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { certificatesOf, type GoogleTestKey } from '../helpers/google-tokens.ts'
import { closeServer } from './close-server.ts'

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
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) =>
      resolve({ url: `http://127.0.0.1:${info.port}${CERTIFICATES_PATH}`, close: () => closeServer(server) }),
    )
  })
}
