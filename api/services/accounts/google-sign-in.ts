// Sign in with Google: checks the credential under the failed-sign-in limits, then finds the account by its Google
// subject id, else links the account with the same email address if its owner has confirmed it, else creates one
// with no password. An account whose address nobody confirmed is never linked: whoever registered it may not own the
// address, and linking would let them keep their password to the real owner's account.
import type { Sql, Tx } from '../../db/client.ts'
import * as users from '../../db/users.ts'
import { AppError } from '../../errors.ts'
import { welcomeAfterReply } from './account-mail.ts'
import type { AccountServiceDeps } from './register-and-sign-in.ts'
import { isGoogleTokenRefusal, type GoogleIdentity, type GoogleProfile } from './google-identity.ts'
import type { FailedLoginLimiter } from '../rate-limit.ts'

// The registration form's limit for names.
const NAME_MAX_LENGTH = 100

export interface GoogleSignInDeps extends Pick<AccountServiceDeps, 'jobs'> {
  sql: Sql
  /** Absent when GOOGLE_CLIENT_ID is not set. */
  identity: GoogleIdentity | undefined
  limiter: FailedLoginLimiter
}

const notConfigured = () =>
  new AppError(
    404,
    'google_sign_in_not_configured',
    'Google sign-in is not configured on this server. Sign in with your username and password.',
  )
const emailLinkedElsewhere = () =>
  new AppError(
    401,
    'google_account_conflict',
    "Your Google account's email address belongs to a Snaplist account that signs in with a different Google account. Use that Google account, or sign in with your username and password.",
  )
const emailUnconfirmed = () =>
  new AppError(
    401,
    'google_email_unconfirmed',
    'An account with this email exists but its address is not confirmed. Sign in with its password, or reset the password.',
  )
const usernameTaken = (username: string) =>
  new AppError(
    401,
    'google_account_conflict',
    `Another Snaplist account already has the username ${username}. Register with a different username and this email address, then Sign in with Google will find that account.`,
  )

/** The token's given and family names; without them, its full name split at the first space, or the email's local part. */
function namesOf({ givenName, familyName, name, email }: GoogleProfile) {
  const [firstWord, ...otherWords] = (name ?? '').trim().split(/\s+/)
  const firstName = givenName?.trim() || firstWord || email.split('@')[0]!
  const lastName = familyName?.trim() || otherWords.join(' ')
  return { firstName: firstName.slice(0, NAME_MAX_LENGTH), lastName: lastName.slice(0, NAME_MAX_LENGTH) }
}

interface ResolvedAccount {
  user: users.UserRow
  created: boolean
}

/** Finds, links or creates the account; runs under lockForNewAccount, so nothing else adds or links one meanwhile. */
async function resolveAccount(tx: Tx, profile: GoogleProfile): Promise<ResolvedAccount> {
  // By subject first: the email address at Google may have changed since the account was linked.
  const known = await users.findUserByGoogleSubject(tx, profile.subject)
  if (known) return { user: known, created: false }
  const linked = await users.linkGoogleSubject(tx, profile.email, profile.subject)
  if (linked) return { user: linked, created: false }
  const holder = await users.findUserByEmail(tx, profile.email)
  if (holder) throw holder.emailVerified ? emailLinkedElsewhere() : emailUnconfirmed()
  const taken = await users.findTakenIdentity(tx, profile.email, profile.email)
  if (taken.usernameTaken) throw usernameTaken(profile.email)
  const { subject, email } = profile
  // Never an administrator: that takes a setup code (services/accounts/admin-setup.ts).
  const user = await users.insertUser(tx, {
    username: email,
    email,
    ...namesOf(profile),
    passwordHash: null,
    googleSubject: subject,
    emailVerified: true,
  })
  return { user, created: true }
}

export interface GoogleSignInService {
  /** What the app needs to show Google's button; null when Google sign-in is off. */
  clientId: string | null
  signIn(credential: string, clientAddress: string, appUrl: string): Promise<users.UserRow>
}

export function createGoogleSignInService({ sql, identity, limiter, jobs }: GoogleSignInDeps): GoogleSignInService {
  async function verifyCountingFailures(
    verifier: GoogleIdentity,
    credential: string,
    clientAddress: string,
  ): Promise<GoogleProfile> {
    // Counted before the credential is checked, so parallel guesses cannot all get in under the limit.
    await limiter.attemptFromAddress(clientAddress)
    let refused = false
    try {
      return await verifier.verify(credential)
    } catch (error) {
      refused = isGoogleTokenRefusal(error)
      throw error
    } finally {
      // Only a credential Google's keys refuse counts as a failure; a good one or Google being unreachable does not.
      if (!refused) await limiter.forgiveAddress(clientAddress)
    }
  }

  async function findOrCreateAccount(profile: GoogleProfile): Promise<ResolvedAccount> {
    const known = await users.findUserByGoogleSubject(sql, profile.subject)
    if (known) return { user: known, created: false }
    return sql.begin(async (tx) => {
      // A first sign-in takes the lock every new account takes before it looks again, so a first sign-in racing it
      // with the same Google account waits, then finds this one's account by its subject id (the unique index on
      // google_sub backs this up).
      await users.lockForNewAccount(tx)
      return resolveAccount(tx, profile)
    })
  }

  return {
    clientId: identity?.clientId ?? null,

    async signIn(credential: string, clientAddress: string, appUrl: string): Promise<users.UserRow> {
      if (!identity) throw notConfigured()
      const profile = await verifyCountingFailures(identity, credential, clientAddress)
      const { user, created } = await findOrCreateAccount(profile)
      if (created) await welcomeAfterReply(jobs, user, appUrl)
      return user
    },
  }
}
