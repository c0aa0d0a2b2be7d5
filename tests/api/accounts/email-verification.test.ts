// Email verification: the link mailed at registration, what opening it does (and for whom), resending it, and the
// attack it exists for: registering someone else's address first, to keep a way in once its owner arrives with Google.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RESEND_LIMITS } from '../../../api/services/accounts/email-verification.ts'
import { createGoogleIdentity } from '../../../api/services/accounts/google-identity.ts'
import {
  createGoogleTestKey,
  oauthClientTrusting,
  signIdToken,
  TEST_GOOGLE_CLIENT_ID,
  type GoogleTestKey,
} from '../../helpers/google-tokens.ts'
import { confirmAddress, requestResetToken, verifyTokenFor } from '../../helpers/reset-link.ts'
import { client, createTestApp, newUser, readJson, type TestApp } from '../../helpers/test-app.ts'

let key: GoogleTestKey
let t: TestApp
beforeAll(async () => {
  key = await createGoogleTestKey()
  t = await createTestApp({
    google: createGoogleIdentity({ clientId: TEST_GOOGLE_CLIENT_ID, oauthClient: oauthClientTrusting(key) }),
  })
})
afterAll(() => t?.close())

type Client = ReturnType<typeof client>

async function register(name: string, email = `${name}@example.com`): Promise<Client & { id: number }> {
  const seller = client(t.app)
  const response = await seller.post('/api/register', { ...newUser(name), email })
  expect(response.status).toBe(201)
  return Object.assign(seller, { id: (await readJson(response)).id as number })
}

const storedToken = async (id: number) =>
  (
    await t.db.sql<
      { emailTokenHash: string | null; emailTokenExpiry: Date | null }[]
    >`select email_token_hash, email_token_expiry from users where id = ${id}`
  )[0]!

describe('the confirmation link mailed at registration', () => {
  it('marks a new account unconfirmed and confirms it when its owner opens the link signed in; the link works once', async () => {
    const dana = await register('dana')
    expect(await readJson(await dana.get('/api/user'))).toMatchObject({
      emailVerified: false,
      pendingEmail: null,
      hasPassword: true,
    })
    const token = await verifyTokenFor(t, 'dana@example.com')
    const stored = await storedToken(dana.id)
    expect(stored.emailTokenHash).toBe(createHash('sha256').update(token).digest('hex'))
    const hours = (stored.emailTokenExpiry!.getTime() - Date.now()) / 3_600_000
    expect(hours).toBeGreaterThan(23.9)
    expect(hours).toBeLessThanOrEqual(24)

    const confirmed = await dana.post('/api/account/verify-email', { token })
    expect(confirmed.status).toBe(200)
    expect(await readJson(confirmed)).toMatchObject({ email: 'dana@example.com', emailVerified: true })
    expect(await readJson(await dana.get('/api/user'))).toMatchObject({ emailVerified: true })

    const again = await dana.post('/api/account/verify-email', { token })
    expect(again.status).toBe(400)
    expect((await readJson(again)).code).toBe('email_token_invalid')
  })

  it('confirms nothing for a visitor who is not signed in, or is signed in to another account', async () => {
    const erin = await register('erin')
    const token = await verifyTokenFor(t, 'erin@example.com')
    expect((await client(t.app).post('/api/account/verify-email', { token })).status).toBe(401)
    const other = await register('frank')
    const wrongAccount = await other.post('/api/account/verify-email', { token })
    expect(wrongAccount.status).toBe(400)
    expect((await readJson(wrongAccount)).code).toBe('email_token_invalid')
    for (const seller of [erin, other])
      expect((await readJson(await seller.get('/api/user'))).emailVerified).toBe(false)
    expect((await erin.post('/api/account/verify-email', { token })).status).toBe(200)
  })

  it('refuses an expired link with its own message, and a made-up one', async () => {
    const gail = await register('gail')
    const token = await verifyTokenFor(t, 'gail@example.com')
    await t.db.sql`update users set email_token_expiry = now() - interval '1 second' where id = ${gail.id}`
    const expired = await gail.post('/api/account/verify-email', { token })
    expect(await readJson(expired)).toMatchObject({
      code: 'email_token_expired',
      message: expect.stringMatching(/expired: links work for 24 hours/),
    })
    const madeUp = await gail.post('/api/account/verify-email', { token: 'x'.repeat(43) })
    expect((await readJson(madeUp)).code).toBe('email_token_invalid')
    expect((await readJson(await gail.get('/api/user'))).emailVerified).toBe(false)
  })
})

describe('resending the confirmation link', () => {
  it('sends a new link to the address the seller saw, which replaces the previous link', async () => {
    const hank = await register('hank')
    const first = await verifyTokenFor(t, 'hank@example.com')
    const wrong = await hank.post('/api/account/verification-email', { email: 'someone-else@example.com' })
    expect(wrong.status).toBe(409)
    const resent = await hank.post('/api/account/verification-email', { email: 'HANK@example.com' })
    expect(resent.status).toBe(200)
    const second = await verifyTokenFor(t, 'hank@example.com')
    expect(second).not.toBe(first)
    expect((await readJson(await hank.post('/api/account/verify-email', { token: first }))).code).toBe(
      'email_token_invalid',
    )
    expect((await hank.post('/api/account/verify-email', { token: second })).status).toBe(200)
    const nothingLeft = await hank.post('/api/account/verification-email', { email: 'hank@example.com' })
    expect(nothingLeft.status).toBe(409)
  })

  it('allows 5 an hour per account even when they arrive at once, then answers 429', async () => {
    const ivan = await register('ivan')
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => ivan.post('/api/account/verification-email', { email: 'ivan@example.com' })),
    )
    const statuses = replies.map((reply) => reply.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(RESEND_LIMITS.perAccount.max)
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - RESEND_LIMITS.perAccount.max)
  })
})

describe('registering someone else’s address first (issue 13, finding 3)', () => {
  const VICTIM = 'victim@gmail.example'
  const ATTACKER_PASSWORD = 'attacker knows this one'
  const victimAtGoogle = { sub: '1098765432101234', email: VICTIM, given_name: 'Vic', family_name: 'Tim' }

  it('gives the attacker nothing: Google refuses to link, and the owner takes the account back by reset', async () => {
    const attacker = client(t.app)
    const registered = await attacker.post('/api/register', {
      ...newUser('squatter'),
      email: VICTIM,
      password: ATTACKER_PASSWORD,
    })
    const { id } = await readJson(registered)
    await t.db.sql`
      insert into marketplace_connections (user_id, platform, access_token, account_name)
      values (${id}, 'ebay', 'sealed-attacker-token', 'attacker_ebay_shop')`

    // The owner opens the link the attacker's registration mailed them, signed out or signed in elsewhere: nothing.
    const owner = client(t.app)
    expect((await owner.post('/api/account/verify-email', { token: await verifyTokenFor(t, VICTIM) })).status).toBe(401)

    // The owner signs in with Google: no session, no link to the attacker's account.
    const google = await owner.post('/api/auth/google', { credential: signIdToken(key, victimAtGoogle) })
    expect(google.status).toBe(401)
    expect((await readJson(google)).code).toBe('google_email_unconfirmed')
    expect(google.headers.get('set-cookie')).toBeNull()

    // The owner resets the password through their mailbox: the attacker is out, with their eBay account.
    const token = await requestResetToken(t, VICTIM)
    expect((await owner.post('/api/reset-password', { token, password: 'the owner chose this' })).status).toBe(200)
    expect((await attacker.get('/api/user')).status).toBe(401)
    expect((await client(t.app).post('/api/login', { username: 'squatter', password: ATTACKER_PASSWORD })).status).toBe(
      401,
    )
    expect(await t.db.sql`select 1 from marketplace_connections where user_id = ${id}`).toHaveLength(0)

    // The address is now confirmed, so Google finds the same account, whose password only the owner knows.
    const linked = await owner.post('/api/auth/google', { credential: signIdToken(key, victimAtGoogle) })
    expect(linked.status).toBe(200)
    expect(await readJson(linked)).toMatchObject({ id, emailVerified: true })
    expect((await client(t.app).post('/api/login', { username: VICTIM, password: ATTACKER_PASSWORD })).status).toBe(401)
  })

  it('links Google to an address its owner confirmed by the emailed link', async () => {
    const owner = await register('jane', 'jane@gmail.example')
    expect((await confirmAddress(t, owner, 'jane@gmail.example')).status).toBe(200)
    const google = await client(t.app).post('/api/auth/google', {
      credential: signIdToken(key, { sub: '1234509876', email: 'jane@gmail.example' }),
    })
    expect(google.status).toBe(200)
    expect((await readJson(google)).id).toBe(owner.id)
  })
})

describe('a confirmation email still queued when the address changes again', () => {
  it('is not sent: only the newest address gets a link, and no link confirms an address it was not mailed to', async () => {
    const ivy = await register('ivy')
    await t.settle()
    const change = (email: string) =>
      ivy.call('PUT', '/api/account/email', { email, password: newUser('ivy').password })
    expect((await change('ivy.first@example.com')).status).toBe(200)
    expect((await change('ivy.second@example.com')).status).toBe(200)
    await t.settle()
    const mailed = await t.db.sql<{ recipient: string }[]>`
      select recipient from mail_outbox where template = 'email-verification' and recipient like 'ivy.%' order by id`
    expect(mailed.map((mail) => mail.recipient)).toEqual(['ivy.second@example.com'])
    expect((await confirmAddress(t, ivy, 'ivy.second@example.com')).status).toBe(200)
    expect(await readJson(await ivy.get('/api/user'))).toMatchObject({
      email: 'ivy.second@example.com',
      pendingEmail: null,
    })
  })
})
