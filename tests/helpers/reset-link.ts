// The links a test has the app mail (password reset, email confirmation), read back from the mail outbox the app
// writes to when SMTP is not set.
import { expect } from 'vitest'
import { client, type TestApp } from './test-app.ts'

type Client = ReturnType<typeof client>

const linkTokenIn = (text: string, path: string) => new RegExp(`/${path}\\?token=([\\w-]+)`).exec(text)?.[1]
export const tokenIn = (text: string) => linkTokenIn(text, 'reset-password')

/** The token of the newest mail of this template to this address. */
async function newestToken(t: TestApp, email: string, template: string, path: string): Promise<string> {
  await t.settle()
  const [mail] = await t.db
    .sql`select text from mail_outbox where recipient = ${email} and template = ${template} order by id desc limit 1`
  const token = linkTokenIn(String(mail?.text), path)
  expect(token, `a ${template} link in the mail`).toMatch(/^[\w-]{43}$/)
  return token!
}

/** Asks for a reset link and returns the token from the mail the outbox holds for it. */
export async function requestResetToken(t: TestApp, email: string): Promise<string> {
  expect((await client(t.app).post('/api/forgot-password', { username: email })).status).toBe(200)
  return newestToken(t, email, 'password-reset', 'reset-password')
}

/** The token of the newest confirmation link mailed to this address. */
export const verifyTokenFor = (t: TestApp, email: string) => newestToken(t, email, 'email-verification', 'verify-email')

/** Opens the newest confirmation link mailed to this address as the signed-in seller would. */
export async function confirmAddress(t: TestApp, seller: Client, email: string): Promise<Response> {
  return seller.post('/api/account/verify-email', { token: await verifyTokenFor(t, email) })
}
