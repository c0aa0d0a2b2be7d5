// Outgoing mail: through an SMTP server with nodemailer when SMTP_URL is set, otherwise into the mail_outbox table,
// with a log line saying where it went (and, in development, the email itself, reset link included). The Mailer renders
// the app's templates and hands the result to whichever transport is configured.
import nodemailer from 'nodemailer'
import type { AppTemplateName, PlaceholderValues } from '../../contract/email-template.ts'
import type { Sql } from '../../db/client.ts'
import { insertOutboxMail } from '../../db/mail-outbox.ts'
import type { EmailTemplateService, RenderedMail } from './email-templates.ts'

export interface OutgoingMail extends RenderedMail {
  to: string
  /** Which template it came from, for the outbox and the log. */
  template: string
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>
}

export interface SmtpConfig {
  /** smtp://user:pass@host:587 or smtps://… (nodemailer's connection URL). */
  url: string
  from: string
}

// nodemailer waits minutes by default; a reset email that cannot be handed over within these is reported instead.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }

interface SmtpFailure {
  code?: string
  responseCode?: number
  message?: string
}

/** nodemailer's failure as a log line. Its messages name the host and the server's reply, never the password. */
function describeSmtpFailure(error: unknown): string {
  const { code, responseCode, message } = (error ?? {}) as SmtpFailure
  return [code, responseCode && `server replied ${responseCode}`, message].filter(Boolean).join(', ') || 'unknown error'
}

export function createSmtpTransport({ url, from }: SmtpConfig): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS })
  return {
    async send({ to, subject, html, text, template }) {
      try {
        await transporter.sendMail({ from, to, subject, html, ...(text === null ? {} : { text }) })
      } catch (error) {
        throw new Error(`Sending the ${template} email through SMTP failed: ${describeSmtpFailure(error)}`, {
          cause: error,
        })
      }
    },
  }
}

const linksIn = (html: string) =>
  [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'))

export interface OutboxOptions {
  /** Receives the notice for each stored mail; the server log unless a test listens instead. */
  log?: (notice: string) => void
  /** Print the mail's content, links (reset tokens) included: only in development (NODE_ENV=development). */
  printContent?: boolean
}

/** Keeps mail in the mail_outbox table (for a day, see housekeeping.ts) and says in the log where each one went. */
export function createOutboxTransport(
  sql: Sql,
  { log = console.log, printContent = false }: OutboxOptions = {},
): MailTransport {
  return {
    async send(mail) {
      const id = await insertOutboxMail(sql, {
        recipient: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        template: mail.template,
      })
      const where = `Email not sent (SMTP_URL is not set): the ${mail.template} email to ${mail.to} is kept in mail_outbox as id ${id} for a day.`
      if (!printContent) {
        // A reset link in the log would outlive the link's hour in every log file and collector it reaches.
        log(`${where}\n  Its content and links are printed only when NODE_ENV=development.`)
        return
      }
      // In development the log is how a person running Snaplist on a laptop reads their reset link.
      const body = mail.text ?? `Links: ${[...new Set(linksIn(mail.html))].join(' ') || 'none'}`
      log(`${where}\n  Subject: ${mail.subject}\n${body.replace(/^/gm, '  | ')}`)
    },
  }
}

export interface Mailer {
  sendTemplate<Name extends AppTemplateName>(name: Name, to: string, values: PlaceholderValues<Name>): Promise<void>
}

export function createMailer(transport: MailTransport, templates: EmailTemplateService): Mailer {
  return {
    async sendTemplate<Name extends AppTemplateName>(
      name: Name,
      to: string,
      values: PlaceholderValues<Name>,
    ): Promise<void> {
      await transport.send({ to, template: name, ...(await templates.render(name, values)) })
    },
  }
}
