// Registration and sign-in: the rules about who an account is and when it may start a session.
import { APP_NAME } from '../contract/email-template.ts'
import type { LoginInput, RegisterInput } from '../contract/user.ts'
import type { Sql } from '../db/client.ts'
import * as users from '../db/users.ts'
import { conflict, isUniqueViolation, unauthorized } from '../errors.ts'
import type { BackgroundTasks } from './background.ts'
import type { EmailVerificationService } from './email-verification.ts'
import type { Mailer } from './mail.ts'
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords.ts'
import type { FailedLoginLimiter } from './rate-limit.ts'

const USERNAME_TAKEN = 'That username is already taken. Choose another one.'
const EMAIL_TAKEN = 'An account with that email already exists. Sign in, or reset your password if you forgot it.'

export interface AccountServiceDeps {
  sql: Sql
  limiter: FailedLoginLimiter
  mailer: Mailer
  background: BackgroundTasks
  verification: EmailVerificationService
}

/** Sends the welcome email after the reply: a mail failure never fails a sign-up. */
export function welcomeAfterReply({ mailer, background }: Pick<AccountServiceDeps, 'mailer' | 'background'>, user: users.UserRow, appUrl: string) {
  background.run('welcome email', () => mailer.sendTemplate('welcome', user.email, { username: user.username, appName: APP_NAME, appUrl }))
}

/**
 * Tells the owner, at the address that had it, that a password or the email address changed, after the reply: so a
 * change they did not make does not go unnoticed.
 */
export function changeNoticeAfterReply({ mailer, background }: Pick<AccountServiceDeps, 'mailer' | 'background'>, to: string, username: string, change: string, appUrl: string) {
  background.run('account change notice', () =>
    mailer.sendTemplate('account-changed', to, { username, appName: APP_NAME, change, forgotUrl: `${appUrl}/forgot-password` }),
  )
}

export function createAccountService({ sql, limiter, mailer, background, verification }: AccountServiceDeps) {
  async function insertAccount(input: RegisterInput): Promise<users.UserRow> {
    const passwordHash = await hashPassword(input.password)
    try {
      return await sql.begin(async (tx) => {
        const taken = await users.findTakenIdentity(tx, input.username, input.email)
        if (taken.usernameTaken) throw conflict(USERNAME_TAKEN, { username: USERNAME_TAKEN })
        if (taken.emailTaken) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN })
        // isAdmin from the client is never read: the database decides (first account only).
        const { username, email, firstName, lastName } = input
        return users.insertUser(tx, { username, email, firstName, lastName, passwordHash })
      })
    } catch (error) {
      // Two sign-ups racing for the same name: the unique index is the final word.
      if (isUniqueViolation(error)) {
        const isEmail = error.constraint_name === 'users_email_key'
        throw isEmail ? conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN }) : conflict(USERNAME_TAKEN, { username: USERNAME_TAKEN })
      }
      throw error
    }
  }

  return {
    /** Makes the account and mails the welcome, then the link that confirms the address (unconfirmed until opened). */
    async register(input: RegisterInput, appUrl: string): Promise<users.UserRow> {
      const user = await insertAccount(input)
      welcomeAfterReply({ mailer, background }, user, appUrl)
      return verification.sendFirstLink(user, appUrl)
    },

    async login({ username, password }: LoginInput, clientAddress: string): Promise<users.UserRow> {
      await limiter.check(username, clientAddress)
      const account = await users.findUserForLogin(sql, username)
      // No account, or one made with Google that has no password yet: the decoy costs the same time and never matches.
      const matches = await verifyPassword(password, account?.passwordHash ?? (await decoyPasswordHash()))
      if (!account || !matches) {
        await limiter.recordFailure(username, clientAddress)
        throw unauthorized('Incorrect username or password. Check both and try again.')
      }
      await limiter.recordSuccess(username)
      const { passwordHash: _omitted, ...user } = account
      return user
    },
  }
}

export type AccountService = ReturnType<typeof createAccountService>
