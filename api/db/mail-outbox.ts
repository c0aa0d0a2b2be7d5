// SQL for the mail_outbox table: mail kept in the database while no SMTP server is configured.
import type { Sql } from './client.ts'

export interface OutboxMail {
  recipient: string
  subject: string
  html: string
  text: string | null
  template: string
}

export async function insertOutboxMail(sql: Sql, mail: OutboxMail): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into mail_outbox (recipient, subject, html, text, template)
    values (${mail.recipient}, ${mail.subject}, ${mail.html}, ${mail.text}, ${mail.template})
    returning id`
  return row!.id
}

/** Deletes the mail stored more than maxAgeHours ago (reset links among it); returns how many. */
export async function deleteOldMail(sql: Sql, maxAgeHours: number): Promise<number> {
  const result = await sql`delete from mail_outbox where created_at <= now() - make_interval(hours => ${maxAgeHours})`
  return result.count
}
