// The signed-in seller's own account: change the password or the email address, sign out everywhere, delete the
// account. Each asks for the password first (or, where the account has none, the username, which proves nothing: the
// session must then have signed in with Google in the last 12 hours), and a wrong one counts as a failed sign-in, so a
// stolen session cannot guess its way to the password. A right one is the session's recent proof (recent-proof.ts).
import { APP_NAME } from '../../contract/email-template.ts'
import type {
  AccountConfirmationInput,
  ChangeEmailInput,
  ChangePasswordInput,
  ReauthInput,
} from '../../contract/account.ts'
import type { Sql } from '../../db/client.ts'
import * as sessions from '../../db/sessions.ts'
import * as users from '../../db/users.ts'
import { AppError, badRequest } from '../../errors.ts'
import { deleteAccount } from './account-removal.ts'
import { changeNoticeAfterReply } from './account-mail.ts'
import type { AccountServiceDeps } from './register-and-sign-in.ts'
import type { EmailVerificationService } from './email-verification.ts'
import { hashPassword, verifyPassword } from './passwords.ts'
import { passwordProblem } from './password-policy.ts'
import type { FailedLoginLimiter } from '../rate-limit.ts'
import { sessionKey } from './sessions.ts'
import { requireRecentProof } from './recent-proof.ts'
import type { FileStorage } from '../listings/storage.ts'

export interface AccountSettingsDeps extends Pick<AccountServiceDeps, 'jobs'> {
  sql: Sql
  limiter: FailedLoginLimiter
  verification: EmailVerificationService
  storage: FileStorage
}

/** Who is asking: the signed-in user, their session's token and the client's address (for the limiter). */
export interface Caller {
  user: users.UserRow
  sessionToken: string
  clientAddress: string
}

const wrongConfirmation = (field: string, message: string) =>
  new AppError(403, 'wrong_password', message, { fields: { [field]: message } })
const noPasswordYet = () =>
  new AppError(
    409,
    'no_password',
    'Your account signs in with Google and has no password yet. Set one with "Forgot password" on the sign-in screen, then try again.',
  )
const lastAdmin = () =>
  new AppError(
    403,
    'last_admin',
    'You are the only administrator, so your account cannot be deleted. Make another account an administrator first (npm run user:admin).',
  )

export interface AccountSettingsService {
  /** The password typed again: this session may do what needs a recent proof for the next 12 hours. */
  reauthenticate(caller: Caller, input: ReauthInput): Promise<void>
  /** Sets the new password and ends every other session of the account; this one stays signed in. */
  changePassword(caller: Caller, input: ChangePasswordInput, appUrl: string): Promise<void>
  /**
   * Mails a link to the new address, which replaces the current one only once that link is opened (a taken one: see the
   * job).
   */
  changeEmail(caller: Caller, input: ChangeEmailInput, appUrl: string): Promise<users.UserRow>
  signOutEverywhere(caller: Caller, input: AccountConfirmationInput): Promise<void>
  /** Deletes the account and all it owns; the last administrator cannot, so the server always keeps one. */
  deleteOwnAccount(caller: Caller, input: AccountConfirmationInput): Promise<void>
}

export function createAccountSettingsService({
  sql,
  limiter,
  verification,
  storage,
  jobs,
}: AccountSettingsDeps): AccountSettingsService {
  /**
   * Throws unless typed is the account's password, or, when allowUsername and the account has no password, its
   * username. Counted like a sign-in, on the same counters: refused once the account's attempts are used up.
   */
  async function proveOwner(
    { user, clientAddress, sessionToken }: Caller,
    typed: string,
    field: string,
    allowUsername = false,
  ): Promise<void> {
    const stored = await users.findPasswordHash(sql, user.id)
    if (!stored && !allowUsername) throw noPasswordYet()
    // Anyone holding the session can read the username off the screen: it confirms a click, never who is there.
    if (!stored) await requireRecentProof(sql, sessionToken)
    // Counted before the check, atomically, on the sign-in counters: parallel guesses cannot all pass a read of them.
    const subject = { accountId: user.id }
    await limiter.attempt(subject, clientAddress)
    const matches = stored ? await verifyPassword(typed, stored) : typed === user.username
    if (matches) {
      if (stored) await sessions.markPasswordProved(sql, sessionKey(sessionToken))
      return limiter.succeeded(subject, clientAddress)
    }
    throw wrongConfirmation(
      field,
      stored
        ? 'That password is not correct. Type your current password.'
        : 'That is not your username. Type it exactly as shown.',
    )
  }

  return {
    async reauthenticate(caller: Caller, { password }: ReauthInput): Promise<void> {
      await proveOwner(caller, password, 'password')
    },

    async changePassword(
      caller: Caller,
      { currentPassword, newPassword }: ChangePasswordInput,
      appUrl: string,
    ): Promise<void> {
      // The rules registration and reset follow; checked first, so a refused password costs no sign-in attempt.
      const weakPassword = passwordProblem(newPassword, caller.user)
      if (weakPassword) throw badRequest(weakPassword, { newPassword: weakPassword })
      await proveOwner(caller, currentPassword, 'currentPassword')
      const passwordHash = await hashPassword(newPassword)
      await sql.begin(async (tx) => {
        await users.setPassword(tx, caller.user.id, passwordHash)
        await sessions.deleteOtherSessions(tx, caller.user.id, sessionKey(caller.sessionToken))
      })
      const { email, username } = caller.user
      await changeNoticeAfterReply(
        jobs,
        email,
        username,
        `The password of your ${APP_NAME} account was changed, and every other device was signed out.`,
        appUrl,
      )
    },

    async changeEmail(caller: Caller, { email, password }: ChangeEmailInput, appUrl: string): Promise<users.UserRow> {
      await proveOwner(caller, password, 'password')
      if (email.toLowerCase() === caller.user.email.toLowerCase())
        throw badRequest('That is already your email address.', { email: 'That is already your email address.' })
      // Another account's address is answered as a free one (the mail job tells its owner instead of sending a link).
      return verification.sendChangeLink(caller.user, email, appUrl)
    },

    async signOutEverywhere(caller: Caller, { confirmation }: AccountConfirmationInput): Promise<void> {
      await proveOwner(caller, confirmation, 'confirmation', true)
      await sql.begin(async (tx) => {
        await sessions.deleteUserSessions(tx, caller.user.id)
        await users.clearResetToken(tx, caller.user.id)
      })
    },

    async deleteOwnAccount(caller: Caller, { confirmation }: AccountConfirmationInput): Promise<void> {
      await proveOwner(caller, confirmation, 'confirmation', true)
      await deleteAccount({ sql, storage }, caller.user.id, async (tx, user) => {
        // The table lock makes two administrators deleting themselves at once take turns, so one always stays.
        await users.lockForNewAccount(tx)
        if (user.isAdmin && !(await users.hasOtherAdmin(tx, user.id))) throw lastAdmin()
      })
    },
  }
}
