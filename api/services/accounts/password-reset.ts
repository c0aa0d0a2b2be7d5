// Password reset by email: a single-use link valid for 1 hour whose token (32 random bytes) is stored only as its
// SHA-256. Asking for a link answers the same, in the same time, whether or not the address has an account.
import { APP_NAME } from '../../contract/email-template.ts'
import { RESET_LINK_HOURS } from '../../contract/password-reset.ts'
import type { Sql } from '../../db/client.ts'
import * as connections from '../../db/marketplace-connections.ts'
import * as sessions from '../../db/sessions.ts'
import * as users from '../../db/users.ts'
import { AppError, badRequest } from '../../errors.ts'
import { changeNoticeAfterReply } from './account-mail.ts'
import type { JobQueue } from '../jobs.ts'
import { hashLinkToken as hashToken, isLinkToken, newLinkToken } from './link-tokens.ts'
import type { Mailer } from '../mail/mail.ts'
import { passwordProblem, type PasswordOwner } from './password-policy.ts'
import { hashPassword } from './passwords.ts'
import type { FailedLoginLimiter, PasswordResetLimiter } from '../rate-limit.ts'

const LINK_LIFETIME_MS = RESET_LINK_HOURS * 60 * 60 * 1000

const invalidLink = () =>
  new AppError(
    400,
    'reset_token_invalid',
    'This password reset link is not valid or has already been used. Request a new link.',
  )
const expiredLink = () =>
  new AppError(
    400,
    'reset_token_expired',
    `This password reset link has expired: links work for ${RESET_LINK_HOURS} hour. Request a new link.`,
  )

export interface PasswordResetDeps {
  sql: Sql
  mailer: Mailer
  jobs: JobQueue
  limiter: PasswordResetLimiter
  loginLimiter: FailedLoginLimiter
}

export const RESET_EMAIL_JOB = 'password-reset-email'

/** Only the address typed: whether it has an account is found out in the job, and the token is made there too. */
export interface ResetLinkJob {
  email: string
  appUrl: string
}

export interface PasswordResetService {
  /** The job: mails a link to the address when it has an account (the token is made here, never stored in plaintext). */
  mailLink(job: ResetLinkJob): Promise<void>
  /**
   * Counts the request against the limits, enqueues the job (the same row for any address), then answers. Looking
   * the address up, making the token and sending the mail all happen in the job, after the reply, so neither the
   * reply nor its timing says whether the address is registered.
   */
  requestLink(email: string, clientAddress: string, appUrl: string): Promise<void>
  verify(token: string): Promise<void>
  /**
   * Sets the new password, spends the token, confirms the address and signs the account out everywhere, all or
   * nothing. An address nobody had confirmed may have been registered by someone else (to be there when its owner
   * arrives): its owner takes the account over without the marketplaces that person may have connected.
   */
  reset(token: string, password: string, appUrl: string): Promise<void>
}

export function createPasswordResetService({
  sql,
  mailer,
  jobs,
  limiter,
  loginLimiter,
}: PasswordResetDeps): PasswordResetService {
  async function mailLink({ email, appUrl }: ResetLinkJob): Promise<void> {
    const user = await users.findUserByEmail(sql, email)
    if (!user) return
    const { token, hash } = newLinkToken()
    await users.setResetToken(sql, user.id, hash, new Date(Date.now() + LINK_LIFETIME_MS))
    const resetUrl = `${appUrl}/reset-password?token=${token}`
    await mailer.sendTemplate('password-reset', user.email, { username: user.username, resetUrl, appName: APP_NAME })
  }

  /** The account the link is for, while the link still works. */
  async function holderOf(token: string): Promise<PasswordOwner> {
    const holder = isLinkToken(token) ? await users.findResetTokenHolder(sql, hashToken(token)) : undefined
    if (!holder) throw invalidLink()
    if (holder.resetTokenExpiry.getTime() <= Date.now()) throw expiredLink()
    return holder
  }

  return {
    mailLink,

    async requestLink(email: string, clientAddress: string, appUrl: string): Promise<void> {
      // Past the limits nothing is sent, but the answer is the same: a 429 would let anyone who knows an address stop
      // its owner asking (the owner still has the newest link, mailed to them by the requests that were counted).
      const counted = await limiter.consume(email, clientAddress).then(
        () => true,
        (error: unknown) => {
          if (error instanceof AppError && error.status === 429) return false
          throw error
        },
      )
      if (counted) await jobs.send(RESET_EMAIL_JOB, { email, appUrl } satisfies ResetLinkJob)
    },

    async verify(token: string): Promise<void> {
      await holderOf(token)
    },

    async reset(token: string, password: string, appUrl: string): Promise<void> {
      const weakPassword = passwordProblem(password, await holderOf(token))
      if (weakPassword) throw badRequest(weakPassword, { password: weakPassword })
      const passwordHash = await hashPassword(password)
      const user = await sql.begin(async (tx) => {
        // Checked again here: another request may have spent the token while the password was hashing.
        const account = await users.setPasswordByResetToken(tx, hashToken(token), passwordHash)
        if (!account) throw invalidLink()
        await sessions.deleteUserSessions(tx, account.id)
        if (!account.wasVerified) await connections.deleteUserConnections(tx, account.id)
        return account
      })
      const change = `The password of your ${APP_NAME} account was reset with a link sent to this address, and every device was signed out.`
      await changeNoticeAfterReply(jobs, user.email, user.username, change, appUrl)
      // Whoever could reset the password may sign in at once, even after a run of failed attempts.
      await loginLimiter.forgetFailures({ accountId: user.id })
    },
  }
}
