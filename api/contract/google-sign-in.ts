// Sign in with Google: what the app learns about it from the server, and the body of POST /api/auth/google.
import * as v from 'valibot'

/** GET /api/auth/config. The OAuth client id is public by design (Google's button puts it in the page). */
export interface AuthConfig {
  /** Null when GOOGLE_CLIENT_ID is not set: the app shows no Google button. */
  googleClientId: string | null
  /** True while no administrator exists: the register form asks for the setup code printed in the server log. */
  setupCodeRequired: boolean
}

// Google's ID tokens are a little over 1 KB; anything far longer is not one.
const CREDENTIAL_MAX_LENGTH = 8192
const CREDENTIAL_MISSING = 'The Google sign-in credential is missing. Tap Sign in with Google again.'

export const GoogleSignInSchema = v.object({
  credential: v.pipe(
    v.optional(v.string(CREDENTIAL_MISSING), ''),
    v.nonEmpty(CREDENTIAL_MISSING),
    v.maxLength(
      CREDENTIAL_MAX_LENGTH,
      'The Google sign-in credential is too long to be real. Tap Sign in with Google again.',
    ),
  ),
})
export type GoogleSignInInput = v.InferOutput<typeof GoogleSignInSchema>
