// Verifies the ID token Google's Sign in with Google button hands the page, with google-auth-library: signature
// against Google's certificates, audience (our client id), issuer, expiry; then requires a verified email address.
// Every failure becomes one 401 whose message says what to do; the library's own messages (which quote the token)
// never leave this module.
import { OAuth2Client, type TokenPayload } from 'google-auth-library'
import { AppError } from '../../errors.ts'

// The issuers Google's ID tokens carry. The library's default list also accepts its universe domain, which Sign in
// with Google never issues, so the issuer is checked here against exactly these.
const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com']

export interface GoogleIdentityConfig {
  /** The OAuth client id (GOOGLE_CLIENT_ID): tokens issued to any other client are refused. */
  clientId: string
  /** Where the library fetches Google's signing certificates (PEM); Google's address unless set. */
  certificatesUrl?: string
  /** The library's client; tests pass one whose certificates come from their own key instead of Google. */
  oauthClient?: OAuth2Client
}

/** Who Google says signed in: the subject id never changes, the email address may. */
export interface GoogleProfile {
  subject: string
  email: string
  givenName: string | undefined
  familyName: string | undefined
  name: string | undefined
}

const TOKEN_INVALID = 'google_token_invalid'
const tokenInvalid = (message: string) => new AppError(401, TOKEN_INVALID, message)
/** The credential itself was refused (a failed sign-in attempt), as opposed to Google being unreachable. */
export const isGoogleTokenRefusal = (error: unknown) => error instanceof AppError && error.code === TOKEN_INVALID

const expired = () => tokenInvalid('Your Google sign-in expired. Tap Sign in with Google again.')
const unverified = () =>
  tokenInvalid(
    "Your Google account's email address is not verified. Verify it with Google, or register with a password.",
  )
const unverifiable = () =>
  tokenInvalid('Google sign-in could not be verified. Try again, or sign in with your username and password.')
const googleUnreachable = () =>
  new AppError(
    503,
    'google_unavailable',
    'Google could not be reached to check your sign-in. Try again in a minute, or sign in with your username and password.',
  )

/** The library throws plain Errors; their messages are the only way to tell these cases apart. */
function translate(error: unknown): AppError {
  const message = error instanceof Error ? error.message : ''
  if (message.startsWith('Token used too late')) return expired()
  // Google's certificates could not be fetched: nothing is wrong with the token, so this is not counted against it.
  if (message.startsWith('Failed to retrieve verification certificates')) return googleUnreachable()
  return unverifiable()
}

async function verifiedPayload(client: OAuth2Client, idToken: string, audience: string): Promise<TokenPayload> {
  let payload: TokenPayload | undefined
  try {
    payload = (await client.verifyIdToken({ idToken, audience })).getPayload()
  } catch (error) {
    throw translate(error)
  }
  if (!payload || !GOOGLE_ISSUERS.includes(payload.iss)) throw unverifiable()
  return payload
}

const oauthClientFetchingFrom = (certificatesUrl: string | undefined) =>
  new OAuth2Client(certificatesUrl ? { endpoints: { oauth2FederatedSignonPemCertsUrl: certificatesUrl } } : {})

export interface GoogleIdentity {
  clientId: string
  verify(credential: string): Promise<GoogleProfile>
}

export function createGoogleIdentity({
  clientId,
  certificatesUrl,
  oauthClient = oauthClientFetchingFrom(certificatesUrl),
}: GoogleIdentityConfig): GoogleIdentity {
  return {
    clientId,

    async verify(credential: string): Promise<GoogleProfile> {
      const payload = await verifiedPayload(oauthClient, credential, clientId)
      if (!payload.sub || !payload.email) throw unverifiable()
      // Linking finds accounts by email address, so only an address Google has verified may do it.
      if (payload.email_verified !== true) throw unverified()
      return {
        subject: payload.sub,
        email: payload.email,
        givenName: payload.given_name,
        familyName: payload.family_name,
        name: payload.name,
      }
    },
  }
}
