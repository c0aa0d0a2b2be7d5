// SQL for the email_template_purposes table: the template an admin chose for one of the app's emails.
import type { Sql } from './client.ts'

export interface PurposeChoice {
  purpose: string
  templateId: number
}

export async function listChoices(sql: Sql): Promise<PurposeChoice[]> {
  return sql<PurposeChoice[]>`select purpose, template_id from email_template_purposes`
}

export async function purposesOfTemplate(sql: Sql, templateId: number): Promise<string[]> {
  const rows = await sql<
    { purpose: string }[]
  >`select purpose from email_template_purposes where template_id = ${templateId}`
  return rows.map((row) => row.purpose)
}

export async function setChoice(sql: Sql, purpose: string, templateId: number): Promise<void> {
  await sql`
    insert into email_template_purposes (purpose, template_id) values (${purpose}, ${templateId})
    on conflict (purpose) do update set template_id = excluded.template_id, updated_at = now()`
}

export async function clearChoice(sql: Sql, purpose: string): Promise<void> {
  await sql`delete from email_template_purposes where purpose = ${purpose}`
}
