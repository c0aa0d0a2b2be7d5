import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeSmtp, type FakeSmtp } from '../../fakes/smtp.ts'
import { requestResetToken, tokenIn } from '../../helpers/reset-link.ts'
import {
  client,
  createTestApp,
  createTestAppWithMailDown,
  newUser,
  readJson,
  TEST_MAIL_FROM,
  TEST_ORIGIN,
  type TestApp,
} from '../../helpers/test-app.ts'
import { onPostgresRerun } from '../../helpers/test-db.ts'

const REPLY = "If your email address is registered with us, you'll receive a password reset link shortly."
const PASSWORD = newUser('x').password
const NEW_PASSWORD = 'a brand new passphrase'

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const signIn = (t: TestApp, username: string, password: string) =>
  client(t.app).post('/api/login', { username, password })

/** Both uses of a link, checking it and setting a password with it, are refused with this code and message. */
async function expectLinkRefused(t: TestApp, token: string, refusal: { code: string; message: string }) {
  const check = await client(t.app).get(`/api/reset-password/${token}`)
  const use = await client(t.app).post('/api/reset-password', { token, password: 'yet another passphrase' })
  for (const response of [check, use]) {
    expect(response.status).toBe(400)
    expect(await readJson(response)).toMatchObject(refusal)
  }
}

describe('forgot-password', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
    await client(t.app).post('/api/register', newUser('known'))
  })
  afterAll(() => t.close())

  it('answers a registered and an unknown address with the same status and body', async () => {
    const known = await client(t.app).post('/api/forgot-password', { username: 'known@example.com' })
    const unknown = await client(t.app).post('/api/forgot-password', { username: 'nobody@example.com' })
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(known.status)
    const body = await known.text()
    expect(await unknown.text()).toBe(body)
    expect(JSON.parse(body)).toEqual({ message: REPLY })
    await t.settle()
    const mails = await t.db.sql`select recipient from mail_outbox where template = 'password-reset'`
    expect(mails.map((mail) => mail.recipient)).toEqual(['known@example.com'])
  })

  it('requires a valid email address in the username field and writes nothing', async () => {
    for (const username of ['not-an-email', '', undefined]) {
      const response = await client(t.app).post('/api/forgot-password', { username })
      expect(response.status).toBe(400)
      expect((await readJson(response)).fields).toEqual({ username: 'Please enter a valid email address' })
    }
    await t.settle()
    expect(await t.db.sql`select 1 from rate_limits where key like 'reset:perEmail:not-an-email'`).toHaveLength(0)
  })

  it('stores only the SHA-256 of a 32-byte token, valid for 1 hour', async () => {
    const token = await requestResetToken(t, 'known@example.com')
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    const [row] = await t.db.sql`select reset_token_hash, reset_token_expiry from users where username = 'known'`
    expect(row!.resetTokenHash).toBe(sha256(token))
    expect(JSON.stringify(await t.db.sql`select * from users`)).not.toContain(token)
    const minutesLeft = (row!.resetTokenExpiry.getTime() - Date.now()) / 60_000
    expect(minutesLeft).toBeGreaterThan(59)
    expect(minutesLeft).toBeLessThanOrEqual(60)
  })

  it('links to the configured address, never to the host a forged Host header names', async () => {
    // What an attacker sends straight to the server (no browser): a Host and a matching Origin of their own.
    const forged = await t.app.request('http://evil.example/api/forgot-password', {
      method: 'POST',
      headers: { host: 'evil.example', origin: 'http://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'known@example.com' }),
    })
    expect(forged.status).toBe(200)
    await t.settle()
    const [mail] = await t.db
      .sql`select text, html from mail_outbox where template = 'password-reset' order by id desc limit 1`
    expect(mail!.text).toMatch(new RegExp(`^${TEST_ORIGIN}/reset-password\\?token=`, 'm'))
    expect(`${mail!.text}${mail!.html}`).not.toContain('evil.example')
  })

  it('without SMTP, logs where the reset email went but not its link, unless the server runs in development', async () => {
    for (const development of [false, true]) {
      const notices: string[] = []
      const local = await createTestApp({ mailLog: (notice) => notices.push(notice), development })
      try {
        await client(local.app).post('/api/register', newUser('laptop'))
        const token = await requestResetToken(local, 'laptop@example.com')
        const notice = notices.find((line) => line.includes('password-reset'))
        expect(notice).toMatch(/SMTP_URL is not set.*password-reset email to laptop@example\.com/)
        if (development) expect(notice).toContain(`http://localhost/reset-password?token=${token}`)
        else expect(notices.join('\n')).not.toContain(token)
      } finally {
        await local.close()
      }
    }
  })
})

describe.skipIf(onPostgresRerun)('forgot-password timing', () => {
  const SAMPLES = 8
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
    for (let i = 0; i < SAMPLES; i++) await client(t.app).post('/api/register', newUser(`timed${i}`))
  })
  afterAll(() => t.close())

  const timeRequest = async (email: string) => {
    const started = performance.now()
    const response = await client(t.app).post('/api/forgot-password', { username: email })
    const elapsed = performance.now() - started
    expect(response.status).toBe(200)
    // Each sample starts with nothing left running from the one before.
    await t.settle()
    return elapsed
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

  it('takes as long for an unknown address as for a registered one', async () => {
    await timeRequest('warm-up@example.com')
    const known: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < SAMPLES; i++) {
      known.push(await timeRequest(`timed${i}@example.com`))
      unknown.push(await timeRequest(`stranger${i}@example.com`))
    }
    const difference = Math.abs(median(known) - median(unknown))
    console.log(
      `forgot-password median of ${SAMPLES}: registered ${median(known).toFixed(2)} ms, unknown ${median(unknown).toFixed(2)} ms`,
    )
    expect(difference).toBeLessThan(10)
  })
})

describe('forgot-password limits', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  const resetMailsTo = async (email: string) => {
    await t.settle()
    return (await t.db.sql`select 1 from mail_outbox where recipient = ${email} and template = 'password-reset'`).length
  }

  it('answers requests for one address past five an hour the same 200, mailing nothing more, so nobody can stop its owner asking', async () => {
    await client(t.app).post('/api/register', newUser('target'))
    // Someone who knows the address asks five times: the owner gets five links, each replacing the last.
    for (let i = 0; i < 5; i++)
      expect((await client(t.app).post('/api/forgot-password', { username: 'Target@example.com' })).status).toBe(200)
    expect(await resetMailsTo('target@example.com')).toBe(5)
    // The owner's own request: the same answer as always (no 429), and the newest link in the inbox still works.
    const owners = await client(t.app).post('/api/forgot-password', { username: 'target@EXAMPLE.com' })
    expect(owners.status).toBe(200)
    expect(await readJson(owners)).toEqual({ message: REPLY })
    expect(await resetMailsTo('target@example.com')).toBe(5)
    const [newest] = await t.db
      .sql`select text from mail_outbox where recipient = 'target@example.com' order by id desc limit 1`
    const token = tokenIn(String(newest!.text))!
    expect((await client(t.app).post('/api/reset-password', { token, password: NEW_PASSWORD })).status).toBe(200)
  })

  it('answers more than 20 requests from one client within 15 minutes the same 200, mailing none of the extra ones', async () => {
    // Six were counted above from this client: a request past the limit counts too.
    for (let i = 0; i < 15; i++)
      expect((await client(t.app).post('/api/forgot-password', { username: `spray${i}@example.com` })).status).toBe(200)
    await client(t.app).post('/api/register', newUser('fresh'))
    const extra = await client(t.app).post('/api/forgot-password', { username: 'fresh@example.com' })
    expect(extra.status).toBe(200)
    expect(await resetMailsTo('fresh@example.com')).toBe(0)
  })
})

describe('reset-password', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  async function registerWithTwoSessions(name: string) {
    const laptop = client(t.app)
    await laptop.post('/api/register', newUser(name))
    const phone = client(t.app)
    await phone.post('/api/login', { username: name, password: PASSWORD })
    return [laptop, phone]
  }

  it('accepts the link, sets the new password, ends every session and refuses the same link again', async () => {
    const devices = await registerWithTwoSessions('resetter')
    const token = await requestResetToken(t, 'resetter@example.com')
    expect((await client(t.app).get(`/api/reset-password/${token}`)).status).toBe(200)

    const response = await client(t.app).post('/api/reset-password', { token, password: NEW_PASSWORD })
    expect(response.status).toBe(200)
    expect((await readJson(response)).message).toMatch(/password has been reset/)
    for (const device of devices) expect((await device.get('/api/user')).status).toBe(401)
    expect((await signIn(t, 'resetter', PASSWORD)).status).toBe(401)
    expect((await signIn(t, 'resetter', NEW_PASSWORD)).status).toBe(200)

    await expectLinkRefused(t, token, {
      code: 'reset_token_invalid',
      message: 'This password reset link is not valid or has already been used. Request a new link.',
    })
    expect((await signIn(t, 'resetter', NEW_PASSWORD)).status).toBe(200)
  })

  it('refuses an expired link with its own message and keeps the old password', async () => {
    await client(t.app).post('/api/register', newUser('sleepy'))
    const token = await requestResetToken(t, 'sleepy@example.com')
    await t.db.sql`update users set reset_token_expiry = now() - interval '1 second' where username = 'sleepy'`
    await expectLinkRefused(t, token, {
      code: 'reset_token_expired',
      message: 'This password reset link has expired: links work for 1 hour. Request a new link.',
    })
    expect((await signIn(t, 'sleepy', PASSWORD)).status).toBe(200)
  })

  it('refuses an unknown or malformed token, and says when the token is missing', async () => {
    for (const token of [randomBytes(32).toString('base64url'), 'abc', 'x'.repeat(43)]) {
      const response = await client(t.app).get(`/api/reset-password/${token}`)
      expect(response.status).toBe(400)
      expect((await readJson(response)).code).toBe('reset_token_invalid')
    }
    const missing = await client(t.app).post('/api/reset-password', { password: NEW_PASSWORD })
    expect(missing.status).toBe(400)
    expect((await readJson(missing)).fields).toEqual({ token: 'Reset token is missing. Please check your email link.' })
  })

  it('refuses a password under 8 characters without spending the link', async () => {
    await client(t.app).post('/api/register', newUser('hasty'))
    const token = await requestResetToken(t, 'hasty@example.com')
    const short = await client(t.app).post('/api/reset-password', { token, password: 'short' })
    expect(short.status).toBe(400)
    expect((await readJson(short)).fields).toEqual({ password: 'Password must be at least 8 characters' })
    expect((await client(t.app).get(`/api/reset-password/${token}`)).status).toBe(200)
  })

  it('refuses a common password and one made of the username or email, without spending the link', async () => {
    await client(t.app).post('/api/register', newUser('choosy'))
    const token = await requestResetToken(t, 'choosy@example.com')
    const refusals = {
      password1: 'This password is too common. Choose one that is harder to guess.',
      'P@ssw0rd!': 'This password is too common. Choose one that is harder to guess.',
      'choosy@example.com': 'Your password cannot contain your username or email address.',
      'my CHOOSY secret': 'Your password cannot contain your username or email address.',
    }
    for (const [password, message] of Object.entries(refusals)) {
      const refused = await client(t.app).post('/api/reset-password', { token, password })
      expect(refused.status).toBe(400)
      expect(await readJson(refused)).toMatchObject({ code: 'invalid_input', fields: { password: message } })
    }
    expect((await signIn(t, 'choosy', PASSWORD)).status).toBe(200)
    expect((await client(t.app).get(`/api/reset-password/${token}`)).status).toBe(200)
  })

  it('a newer link replaces the previous one', async () => {
    await client(t.app).post('/api/register', newUser('twice'))
    const first = await requestResetToken(t, 'twice@example.com')
    const second = await requestResetToken(t, 'twice@example.com')
    expect((await client(t.app).get(`/api/reset-password/${first}`)).status).toBe(400)
    expect((await client(t.app).get(`/api/reset-password/${second}`)).status).toBe(200)
  })

  it('lifts a sign-in lockout: whoever reset the password can sign in at once', async () => {
    await client(t.app).post('/api/register', newUser('locked'))
    for (let i = 0; i < 5; i++) await signIn(t, 'locked', `guess ${i}`)
    expect((await signIn(t, 'locked', PASSWORD)).status).toBe(429)
    const token = await requestResetToken(t, 'locked@example.com')
    await client(t.app).post('/api/reset-password', { token, password: NEW_PASSWORD })
    expect((await signIn(t, 'locked', NEW_PASSWORD)).status).toBe(200)
  })
})

describe.skipIf(onPostgresRerun)('mail through a real SMTP server', () => {
  let smtp: FakeSmtp
  let t: TestApp
  beforeAll(async () => {
    smtp = await startFakeSmtp()
    t = await createTestApp({ smtpUrl: smtp.smtpUrl, publicUrl: 'https://snaplist.example' })
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })

  it('delivers the reset email rendered from the active template, with a link that resets the password', async () => {
    const admin = client(t.app)
    await admin.post('/api/register', { ...newUser('mailadmin'), setupCode: t.setupCode })
    const templates = (await readJson(await admin.get('/api/email-templates'))) as unknown as {
      id: number
      name: string
      subject: string
    }[]
    const reset = templates.find((row) => row.name === 'password-reset')!
    const edited = { ...reset, subject: 'Your {{appName}} reset link, {{username}}' }
    expect((await admin.call('PUT', `/api/email-templates/${reset.id}`, edited)).status).toBe(200)

    await client(t.app).post('/api/forgot-password', { username: 'mailadmin@example.com' })
    await t.settle()
    const mail = smtp.messages.find((message) => message.subject.startsWith('Your Snaplist reset link'))
    expect(mail, 'the reset email reached the SMTP server').toBeDefined()
    expect(mail!).toMatchObject({
      from: 'no-reply@snaplist.test',
      to: ['mailadmin@example.com'],
      subject: 'Your Snaplist reset link, mailadmin',
    })
    expect(mail!.raw).toContain(`From: ${TEST_MAIL_FROM}`)
    expect(mail!.html).toContain('If the button does not work, copy this address into your browser')
    const token = tokenIn(mail!.html!)
    expect(mail!.html).toContain(`href="https://snaplist.example/reset-password?token=${token}"`)
    expect(mail!.text).toContain(`https://snaplist.example/reset-password?token=${token}`)

    expect((await client(t.app).post('/api/reset-password', { token, password: NEW_PASSWORD })).status).toBe(200)
    expect((await signIn(t, 'mailadmin', NEW_PASSWORD)).status).toBe(200)
    expect(await t.db.sql`select 1 from mail_outbox`).toHaveLength(0)
  })

  it('sends the welcome email through SMTP too', async () => {
    await client(t.app).post('/api/register', newUser('welcomed'))
    await t.settle()
    const mail = smtp.messages.find(
      (message) => message.to.includes('welcomed@example.com') && message.subject.startsWith('Welcome'),
    )
    expect(mail?.subject).toBe('Welcome to Snaplist, welcomed')
    expect(mail?.html).toContain('href="https://snaplist.example"')
  })
})

describe.skipIf(onPostgresRerun)('when the mail server is down', () => {
  it('still registers the account and answers forgot-password, and logs why the mail did not go', async () => {
    const t = await createTestAppWithMailDown()
    try {
      expect((await client(t.app).post('/api/register', newUser('offline'))).status).toBe(201)
      expect((await client(t.app).post('/api/forgot-password', { username: 'offline@example.com' })).status).toBe(200)
      await t.settle()
      const lines = t.errorLines()
      expect(
        lines.some((line) =>
          /Background job welcome-email [0-9a-f-]{36} failed.*Sending the welcome email through SMTP failed: ESOCKET.*ECONNREFUSED/s.test(
            line,
          ),
        ),
      ).toBe(true)
      expect(
        lines.some((line) =>
          /Background job password-reset-email [0-9a-f-]{36} failed.*Sending the password-reset email through SMTP failed/s.test(
            line,
          ),
        ),
      ).toBe(true)
      expect(lines.join('\n')).not.toMatch(/token=/)
    } finally {
      await t.close()
    }
  })
})
