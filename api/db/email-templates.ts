// SQL for the email_templates table. Names are unique regardless of case.
import type { EmailTemplate, EmailTemplateInput } from '../contract/email-template.ts'
import type { Sql } from './client.ts'

const COLUMNS = 'id, name, subject, html_content, text_content, is_active, created_at, updated_at'

export async function listTemplates(sql: Sql): Promise<EmailTemplate[]> {
  return sql<EmailTemplate[]>`select ${sql.unsafe(COLUMNS)} from email_templates order by lower(name)`
}

/** The active template the app sends for this purpose: the one chosen for it (email_template_purposes), else the one named after it. */
export async function findActiveTemplateFor(sql: Sql, purpose: string): Promise<EmailTemplate | undefined> {
  const [row] = await sql<EmailTemplate[]>`
    select ${sql.unsafe(COLUMNS)} from email_templates
    where is_active and (id in (select template_id from email_template_purposes where purpose = ${purpose}) or lower(name) = lower(${purpose}))
    order by lower(name) = lower(${purpose})
    limit 1`
  return row
}

export async function findTemplate(sql: Sql, id: number): Promise<EmailTemplate | undefined> {
  const [row] = await sql<EmailTemplate[]>`select ${sql.unsafe(COLUMNS)} from email_templates where id = ${id}`
  return row
}

/** Whether another template (not the one with exceptId) already uses this name. */
export async function isNameTaken(sql: Sql, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await sql<{ taken: boolean }[]>`
    select exists (select 1 from email_templates where lower(name) = lower(${name}) and id <> ${exceptId ?? 0}) as taken`
  return row!.taken
}

export async function insertTemplate(sql: Sql, input: EmailTemplateInput): Promise<EmailTemplate> {
  const [row] = await sql<EmailTemplate[]>`
    insert into email_templates (name, subject, html_content, text_content, is_active)
    values (${input.name}, ${input.subject}, ${input.htmlContent}, ${input.textContent}, ${input.isActive})
    returning ${sql.unsafe(COLUMNS)}`
  return row!
}

export async function updateTemplate(
  sql: Sql,
  id: number,
  input: EmailTemplateInput,
): Promise<EmailTemplate | undefined> {
  const [row] = await sql<EmailTemplate[]>`
    update email_templates
    set name = ${input.name}, subject = ${input.subject}, html_content = ${input.htmlContent},
        text_content = ${input.textContent}, is_active = ${input.isActive}, updated_at = now()
    where id = ${id}
    returning ${sql.unsafe(COLUMNS)}`
  return row
}

export async function deleteTemplate(sql: Sql, id: number): Promise<boolean> {
  const result = await sql`delete from email_templates where id = ${id}`
  return result.count > 0
}
