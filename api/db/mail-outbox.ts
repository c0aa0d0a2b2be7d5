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
