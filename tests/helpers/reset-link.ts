// The password reset link a test asks for, read back from the mail outbox the app writes to when SMTP is not set.
import { expect } from 'vitest'
import { client, type TestApp } from './test-app.ts'

export const tokenIn = (text: string) => /\/reset-password\?token=([\w-]+)/.exec(text)?.[1]

/** Asks for a reset link and returns the token from the mail the outbox holds for it. */
export async function requestResetToken(t: TestApp, email: string): Promise<string> {
  expect((await client(t.app).post('/api/forgot-password', { username: email })).status).toBe(200)
  await t.settle()
  const [mail] = await t.db.sql`select text from mail_outbox where recipient = ${email} and template = 'password-reset' order by id desc limit 1`
  const token = tokenIn(String(mail?.text))
  expect(token, 'a reset link in the mail').toMatch(/^[\w-]{43}$/)
  return token!
}
