// Registration and sign-in: the rules about who an account is and when it may start a session.
import type { LoginInput, RegisterInput } from '../../contract/user.ts'
import type { Sql } from '../../db/client.ts'
import * as users from '../../db/users.ts'
import { badRequest, conflict, isUniqueViolation, unauthorized } from '../../errors.ts'
import { welcomeAfterReply } from './account-mail.ts'
import { setupCodeRequired, spendSetupCode } from './admin-setup.ts'
import type { EmailVerificationService } from './email-verification.ts'
import type { LoginDevices } from './login-devices.ts'
import type { JobQueue } from '../jobs.ts'
import { passwordProblem } from './password-policy.ts'
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords.ts'
import type { FailedLoginLimiter, RegistrationLimiter } from '../rate-limit.ts'
import { hashSecret } from '../secret-hash.ts'

const USERNAME_TAKEN = 'That username is already taken. Choose another one.'
const EMAIL_TAKEN = 'An account with that email already exists. Sign in, or reset your password if you forgot it.'
// Sign-in takes a username or an email address, so a username that is someone else's address would answer for it.
const USERNAME_NOT_OWN_EMAIL = 'A username with @ in it must be your own email address.'

export interface AccountServiceDeps {
  sql: Sql
  limiter: FailedLoginLimiter
  registrationLimiter: RegistrationLimiter
  jobs: JobQueue
  verification: EmailVerificationService
  devices: LoginDevices
}

/** The rules a new account's username and password follow beyond their format (the contract checks that). */
function refuseUnfitAccount({ username, email, password }: RegisterInput): void {
  const fields: Record<string, string> = {}
  if (username.includes('@') && username.toLowerCase() !== email.toLowerCase()) fields.username = USERNAME_NOT_OWN_EMAIL
  const weakPassword = passwordProblem(password, { username, email })
  if (weakPassword) fields.password = weakPassword
  if (Object.keys(fields).length > 0) throw badRequest(Object.values(fields).join(' '), fields)
}

export interface AccountService {
  /** Whether the register form asks for the setup code (no administrator yet). */
  setupCodeRequired(): Promise<boolean>
  /** Makes the account and mails the welcome, then the link that confirms the address (unconfirmed until opened). */
  register(input: RegisterInput, clientAddress: string, appUrl: string): Promise<users.UserRow>
  /** deviceToken: the browser's device cookie, if any (login-devices.ts). */
  login(input: LoginInput, clientAddress: string, deviceToken?: string): Promise<users.UserRow>
}

export function createAccountService({
  sql,
  limiter,
  registrationLimiter,
  jobs,
  verification,
  devices,
}: AccountServiceDeps): AccountService {
  async function insertAccount(input: RegisterInput): Promise<users.UserRow> {
    const passwordHash = await hashPassword(input.password)
    try {
      return await sql.begin(async (tx) => {
        await users.lockForNewAccount(tx)
        const taken = await users.findTakenIdentity(tx, input.username, input.email)
        if (taken.usernameTaken) throw conflict(USERNAME_TAKEN, { username: USERNAME_TAKEN })
        if (taken.emailTaken) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN })
        // isAdmin from the client is never read: only a live setup code makes the administrator.
        const { username, email, firstName, lastName, setupCode } = input
        if (setupCode) await spendSetupCode(tx, setupCode)
        return users.insertUser(tx, { username, email, firstName, lastName, passwordHash, isAdmin: Boolean(setupCode) })
      })
    } catch (error) {
      // Two sign-ups racing for the same name: the unique index is the final word.
      if (isUniqueViolation(error)) {
        const isEmail = error.constraint_name === 'users_email_key'
        throw isEmail
          ? conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN })
          : conflict(USERNAME_TAKEN, { username: USERNAME_TAKEN })
      }
      throw error
    }
  }

  return {
    setupCodeRequired: () => setupCodeRequired(sql),

    async register(input: RegisterInput, clientAddress: string, appUrl: string): Promise<users.UserRow> {
      refuseUnfitAccount(input)
      await registrationLimiter.consume(clientAddress)
      const user = await insertAccount(input)
      await welcomeAfterReply(jobs, user, appUrl)
      return verification.sendFirstLink(user, appUrl)
    },

    async login(
      { username, password }: LoginInput,
      clientAddress: string,
      deviceToken?: string,
    ): Promise<users.UserRow> {
      const account = await users.findUserForLogin(sql, username)
      // Counted on the account itself, whichever of its names was typed, or on the owner's known device alone;
      // counted before the password is checked.
      const subject = account ? { accountId: account.id } : { typedName: username }
      const knownDevice =
        account && deviceToken && (await devices.isKnown(account.id, deviceToken)) ? hashSecret(deviceToken) : undefined
      await limiter.attempt(subject, clientAddress, knownDevice)
      // No account, or one made with Google that has no password yet: the decoy costs the same time and never matches.
      const matches = await verifyPassword(password, account?.passwordHash ?? (await decoyPasswordHash()))
      if (!account || !matches) throw unauthorized('Incorrect username or password. Check both and try again.')
      await limiter.succeeded(subject, clientAddress, knownDevice)
      const { passwordHash: _omitted, ...user } = account
      return user
    },
  }
}
