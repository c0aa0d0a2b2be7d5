// Google ID tokens without Google: an RSA key and a self-signed certificate made here, tokens signed with them the
// way Google signs its own (RS256 JWT naming the key by kid), and google-auth-library's real OAuth2Client with one
// change: its verification certificates come from this key instead of Google's certificate endpoint.
import { createSign, randomBytes } from 'node:crypto'
import { OAuth2Client } from 'google-auth-library'
import { generate } from 'selfsigned'

export const TEST_GOOGLE_CLIENT_ID = 'test-client.apps.googleusercontent.com'

export interface GoogleTestKey {
  kid: string
  privateKey: string
  certificate: string
}

export async function createGoogleTestKey(): Promise<GoogleTestKey> {
  const pems = await generate([{ name: 'commonName', value: 'Snaplist test stand-in for Google' }], {
    keySize: 2048,
    algorithm: 'sha256',
  })
  return { kid: randomBytes(8).toString('hex'), privateKey: pems.private, certificate: pems.cert }
}

type CertificatesResponse = Awaited<ReturnType<OAuth2Client['getFederatedSignonCertsAsync']>>

/** The certificates Google publishes, as Google serves them (PEM by key id), but for this key. */
export const certificatesOf = (key: GoogleTestKey) => ({ [key.kid]: key.certificate })

/** Everything the library does to verify a token runs as in production; only where the certificates come from differs. */
class TestKeyOAuthClient extends OAuth2Client {
  constructor(private readonly key: GoogleTestKey) {
    super()
  }

  override async getFederatedSignonCertsAsync(): Promise<CertificatesResponse> {
    return { certs: certificatesOf(this.key), format: 'PEM' as CertificatesResponse['format'] }
  }
}

/** google-auth-library's client, trusting this key as if it were Google's. */
export const oauthClientTrusting = (key: GoogleTestKey): OAuth2Client => new TestKeyOAuthClient(key)

export interface IdTokenClaims {
  sub: string
  email: string
  email_verified?: boolean
  given_name?: string
  family_name?: string
  name?: string
  aud?: string
  iss?: string
  /** Seconds since the epoch. */
  iat?: number
  exp?: number
}

const encodePart = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** An ID token as Google's button hands it over, valid for an hour unless the claims say otherwise. */
export function signIdToken(key: GoogleTestKey, claims: IdTokenClaims): string {
  const now = Math.floor(Date.now() / 1000)
  const payload = {
    iss: 'https://accounts.google.com',
    aud: TEST_GOOGLE_CLIENT_ID,
    azp: TEST_GOOGLE_CLIENT_ID,
    email_verified: true,
    iat: now,
    exp: now + 60 * 60,
    ...claims,
  }
  const signed = `${encodePart({ alg: 'RS256', kid: key.kid, typ: 'JWT' })}.${encodePart(payload)}`
  const signature = createSign('RSA-SHA256').update(signed).sign(key.privateKey).toString('base64url')
  return `${signed}.${signature}`
}
