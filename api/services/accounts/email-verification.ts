// Email verification: a link mailed to the address (at registration, on an email change, or on request) whose token
// is stored only as its SHA-256, single use, valid 24 hours. Opening it confirms the address only for the account
// that is signed in on that device: the link proves the mailbox, the session proves the account, so a victim who
// opens the link of an account someone else registered with their address confirms nothing for that person.
import { APP_NAME } from '../../contract/email-template.ts'
import { VERIFY_LINK_HOURS } from '../../contract/account.ts'
import type { Sql } from '../../db/client.ts'
import * as users from '../../db/users.ts'
import { AppError, conflict, isUniqueViolation } from '../../errors.ts'
import { changeNoticeAfterReply } from './account-mail.ts'
import type { JobQueue } from '../jobs.ts'
import { hashLinkToken, isLinkToken, newLinkToken } from './link-tokens.ts'
import type { Mailer } from '../mail/mail.ts'
import { createLimiter } from '../rate-limit.ts'

const LINK_LIFETIME_MS = VERIFY_LINK_HOURS * 60 * 60 * 1000

/** Confirmation emails one account may ask for, by a resend or an email change (registration's first is free). */
export const RESEND_LIMITS = { perAccount: { max: 5, windowSeconds: 60 * 60 } }

/** What the holder of an address another account asked for is told: no name of that account, nothing to do. */
const ADDRESS_TRIED = `Someone tried to use this email address for another ${APP_NAME} account. It was not added to that account, and nothing of yours changed.`

const invalidLink = () =>
  new AppError(
    400,
    'email_token_invalid',
    'This confirmation link is not valid for the account you are signed in to, or has already been used. Sign in to the account it was sent for, or send a new link.',
  )
const expiredLink = () =>
  new AppError(
    400,
    'email_token_expired',
    `This confirmation link has expired: links work for ${VERIFY_LINK_HOURS} hours. Send a new link.`,
  )
const ADDRESS_TAKEN = 'Another account already uses that email address. Use a different one.'
export const addressTaken = () => conflict(ADDRESS_TAKEN, { email: ADDRESS_TAKEN })
const nothingToConfirm = () =>
  conflict('That address is not waiting for confirmation any more. Refresh the page to see your current email address.')

/** The address the account's next link goes to: the pending new address, else the unconfirmed current one. */
export const addressAwaitingConfirmation = (user: users.UserRow): string | null =>
  user.pendingEmail ?? (user.emailVerified ? null : user.email)

export interface EmailVerificationDeps {
  sql: Sql
  mailer: Mailer
  jobs: JobQueue
}

export const CONFIRMATION_EMAIL_JOB = 'email-confirmation'

export interface ConfirmationJob {
  userId: number
  pendingEmail: string | null
  appUrl: string
}

export interface EmailVerificationService {
  /**
   * The job: the token is made here, so it is never stored in plaintext (not in the jobs table either). A job
   * overtaken by a later request for another address finds the address changed and sends nothing.
   */
  mailLink(job: ConfirmationJob): Promise<void>
  /** A new account's first link, mailed after the reply. */
  sendFirstLink(user: users.UserRow, appUrl: string): Promise<users.UserRow>
  /**
   * Starts an email change: the new address gets the link and replaces the current one once it is opened. Counted
   * with the resends, so nobody mails a stream of links to addresses of their choosing.
   */
  sendChangeLink(user: users.UserRow, newEmail: string, appUrl: string): Promise<users.UserRow>
  /** Another link to the address the seller saw awaiting confirmation, counted atomically per account. */
  resend(user: users.UserRow, email: string, appUrl: string): Promise<users.UserRow>
  /** Confirms the address the link went to; when that replaces the account's address, the old one is told. */
  confirm(user: users.UserRow, token: string, appUrl: string): Promise<users.UserRow>
}

export function createEmailVerificationService({ sql, mailer, jobs }: EmailVerificationDeps): EmailVerificationService {
  const resendLimiter = createLimiter(
    sql,
    'verify-email',
    RESEND_LIMITS,
    (wait) =>
      `You asked for several confirmation emails already. Check your inbox and spam folder, or try again in ${wait}.`,
  )

  async function mailLink({ userId, pendingEmail, appUrl }: ConfirmationJob): Promise<void> {
    // An address another account holds gets no link: its owner is told someone tried it, while the asker's reply
    // was the same as for a free address, so an email change cannot tell which addresses are registered.
    const holder = pendingEmail === null ? undefined : await users.findUserByEmail(sql, pendingEmail)
    if (holder && holder.id !== userId)
      return changeNoticeAfterReply(jobs, holder.email, holder.username, ADDRESS_TRIED, appUrl)
    const { token, hash } = newLinkToken()
    const user = await users.setEmailTokenWhilePending(sql, userId, {
      hash,
      expiresAt: new Date(Date.now() + LINK_LIFETIME_MS),
      pendingEmail,
    })
    if (!user) return
    const verifyUrl = `${appUrl}/verify-email?token=${token}`
    await mailer.sendTemplate('email-verification', pendingEmail ?? user.email, {
      username: user.username,
      verifyUrl,
      appName: APP_NAME,
    })
  }

  /** Records the address awaiting confirmation (voiding any earlier link) and enqueues the mail with its new link. */
  async function sendLink(user: users.UserRow, pendingEmail: string | null, appUrl: string): Promise<users.UserRow> {
    const updated = await users.awaitConfirmation(sql, user.id, pendingEmail)
    await jobs.send(CONFIRMATION_EMAIL_JOB, { userId: user.id, pendingEmail, appUrl } satisfies ConfirmationJob)
    return updated
  }

  return {
    mailLink,

    sendFirstLink: (user: users.UserRow, appUrl: string) => sendLink(user, null, appUrl),

    async sendChangeLink(user: users.UserRow, newEmail: string, appUrl: string): Promise<users.UserRow> {
      await resendLimiter.consume({ perAccount: String(user.id) })
      return sendLink(user, newEmail, appUrl)
    },

    async resend(user: users.UserRow, email: string, appUrl: string): Promise<users.UserRow> {
      const awaiting = addressAwaitingConfirmation(user)
      if (!awaiting || awaiting.toLowerCase() !== email.toLowerCase()) throw nothingToConfirm()
      await resendLimiter.consume({ perAccount: String(user.id) })
      return sendLink(user, user.pendingEmail, appUrl)
    },

    async confirm(user: users.UserRow, token: string, appUrl: string): Promise<users.UserRow> {
      const hash = isLinkToken(token) ? hashLinkToken(token) : undefined
      const expiry = hash && (await users.findEmailTokenExpiry(sql, user.id, hash))
      if (!hash || !expiry) throw invalidLink()
      if (expiry.getTime() <= Date.now()) throw expiredLink()
      try {
        const confirmed = await users.confirmEmailByToken(sql, user.id, hash)
        if (!confirmed) throw invalidLink()
        if (confirmed.email !== user.email) {
          const change = `The email address of your ${APP_NAME} account was changed to ${confirmed.email}.`
          await changeNoticeAfterReply(jobs, user.email, user.username, change, appUrl)
        }
        return confirmed
      } catch (error) {
        if (isUniqueViolation(error)) throw addressTaken()
        throw error
      }
    },
  }
}
