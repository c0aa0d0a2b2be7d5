// The mail an account gets about itself (welcome, a changed password or address), always sent as a durable job after
// the reply: a mail failure never fails the request, and a restart loses none (decision 0009).
import { APP_NAME } from '../../contract/email-template.ts'
import type * as users from '../../db/users.ts'
import type { JobQueue } from '../jobs.ts'
import type { Mailer } from '../mail/mail.ts'

export const WELCOME_EMAIL_JOB = 'welcome-email'
export const ACCOUNT_CHANGE_EMAIL_JOB = 'account-change-email'

interface WelcomeJob {
  to: string
  username: string
  appUrl: string
}

interface AccountChangeJob extends WelcomeJob {
  change: string
}

export interface AccountMail {
  sendWelcome(job: WelcomeJob): Promise<void>
  sendChangeNotice(job: AccountChangeJob): Promise<void>
}

/** What sends the welcome and account change emails the functions below enqueue: the handlers of their jobs. */
export function createAccountMail(mailer: Mailer): AccountMail {
  return {
    sendWelcome: ({ to, username, appUrl }: WelcomeJob) =>
      mailer.sendTemplate('welcome', to, { username, appName: APP_NAME, appUrl }),
    sendChangeNotice: ({ to, username, change, appUrl }: AccountChangeJob) =>
      mailer.sendTemplate('account-changed', to, {
        username,
        appName: APP_NAME,
        change,
        forgotUrl: `${appUrl}/forgot-password`,
      }),
  }
}

/** Enqueues the welcome email, sent after the reply: a mail failure never fails a sign-up, and a restart loses none. */
export async function welcomeAfterReply(jobs: JobQueue, user: users.UserRow, appUrl: string): Promise<void> {
  await jobs.send(WELCOME_EMAIL_JOB, { to: user.email, username: user.username, appUrl } satisfies WelcomeJob)
}

/**
 * Tells the owner, at the address that had it, that a password or the email address changed, after the reply: so a
 * change they did not make does not go unnoticed.
 */
export async function changeNoticeAfterReply(
  jobs: JobQueue,
  to: string,
  username: string,
  change: string,
  appUrl: string,
): Promise<void> {
  await jobs.send(ACCOUNT_CHANGE_EMAIL_JOB, { to, username, change, appUrl } satisfies AccountChangeJob)
}
