import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGoogleIdentity } from '../../../api/services/accounts/google-identity.ts'
import {
  createGoogleTestKey,
  oauthClientTrusting,
  signIdToken,
  TEST_GOOGLE_CLIENT_ID,
  type GoogleTestKey,
  type IdTokenClaims,
} from '../../helpers/google-tokens.ts'
import { confirmAddress, requestResetToken } from '../../helpers/reset-link.ts'
import { client, createTestApp, newUser, readJson, type TestApp } from '../../helpers/test-app.ts'

const EXPIRED = 'Your Google sign-in expired. Tap Sign in with Google again.'
const UNVERIFIED =
  "Your Google account's email address is not verified. Verify it with Google, or register with a password."
const UNVERIFIABLE = 'Google sign-in could not be verified. Try again, or sign in with your username and password.'
const WRONG_PASSWORD = 'Incorrect username or password. Check both and try again.'
const HOUR = 60 * 60

let key: GoogleTestKey
beforeAll(async () => {
  key = await createGoogleTestKey()
})

/** The app's Google verifier for TEST_GOOGLE_CLIENT_ID, trusting the test key as if it were Google's. */
const googleTrustingTestKey = () =>
  createGoogleIdentity({ clientId: TEST_GOOGLE_CLIENT_ID, oauthClient: oauthClientTrusting(key) })
const nowInSeconds = () => Math.floor(Date.now() / 1000)
const countUsers = async (t: TestApp) => (await t.db.sql`select count(*)::int as n from users`)[0]!.n as number

/** A Google account as its token describes it: a fresh subject id and a verified address. */
const googleAccount = (name: string, claims: Partial<IdTokenClaims> = {}): IdTokenClaims => ({
  sub: `1${Math.floor(Math.random() * 1e15)}`,
  email: `${name}@gmail.example`,
  given_name: 'Gina',
  family_name: 'Google',
  ...claims,
})

const signInWithGoogle = (t: TestApp, credential: string, c = client(t.app)) =>
  c.post('/api/auth/google', { credential })

/** Signs in with a token for these claims and answers the account's id. */
async function googleUserId(t: TestApp, claims: IdTokenClaims): Promise<number> {
  const response = await signInWithGoogle(t, signIdToken(key, claims))
  expect(response.status).toBe(200)
  return (await readJson(response)).id as number
}

async function expectRefused(t: TestApp, credential: string, message: string) {
  const before = await countUsers(t)
  const response = await signInWithGoogle(t, credential)
  expect(response.status).toBe(401)
  expect(await readJson(response)).toMatchObject({ code: 'google_token_invalid', message })
  expect(response.headers.get('set-cookie')).toBeNull()
  expect(await countUsers(t)).toBe(before)
}

describe('Sign in with Google', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ google: googleTrustingTestKey() })
  })
  afterAll(() => t.close())

  it('tells the app the client id, so it can show the button', async () => {
    const response = await client(t.app).get('/api/auth/config')
    expect(response.status).toBe(200)
    expect(await readJson(response)).toMatchObject({ googleClientId: TEST_GOOGLE_CLIENT_ID })
  })

  it('creates the first account from a valid token (never an admin: that takes the setup code), with a session that works', async () => {
    const c = client(t.app)
    const response = await signInWithGoogle(t, signIdToken(key, googleAccount('gina')), c)
    expect(response.status).toBe(200)
    expect(await readJson(response)).toMatchObject({
      username: 'gina@gmail.example',
      email: 'gina@gmail.example',
      firstName: 'Gina',
      lastName: 'Google',
      isAdmin: false,
    })
    expect(response.headers.get('set-cookie')).toMatch(/snaplist_session=.+HttpOnly/)
    const me = await c.get('/api/user')
    expect(me.status).toBe(200)
    expect((await readJson(me)).username).toBe('gina@gmail.example')
    await t.settle()
    expect(await t.db.sql`select recipient from mail_outbox where template = 'welcome'`).toEqual([
      { recipient: 'gina@gmail.example' },
    ])
  })

  it('names a later account from the full name or the email address when the token has no given and family names', async () => {
    const fromName = await signInWithGoogle(
      t,
      signIdToken(
        key,
        googleAccount('mary', { given_name: undefined, family_name: undefined, name: 'Mary Jane Watson' }),
      ),
    )
    expect(await readJson(fromName)).toMatchObject({ firstName: 'Mary', lastName: 'Jane Watson', isAdmin: false })
    const fromEmail = await signInWithGoogle(
      t,
      signIdToken(key, googleAccount('nameless', { given_name: undefined, family_name: undefined })),
    )
    expect(await readJson(fromEmail)).toMatchObject({ firstName: 'nameless', lastName: '' })
  })

  it('refuses a token issued to another app', async () => {
    await expectRefused(
      t,
      signIdToken(key, googleAccount('other-app', { aud: 'someone-else.apps.googleusercontent.com' })),
      UNVERIFIABLE,
    )
  })

  it('refuses an expired token and says to sign in again', async () => {
    await expectRefused(
      t,
      signIdToken(key, googleAccount('late', { iat: nowInSeconds() - 2 * HOUR, exp: nowInSeconds() - HOUR })),
      EXPIRED,
    )
  })

  it('refuses a token whose email address Google has not verified', async () => {
    await expectRefused(t, signIdToken(key, googleAccount('unverified', { email_verified: false })), UNVERIFIED)
  })

  it('refuses a token from another issuer', async () => {
    await expectRefused(t, signIdToken(key, googleAccount('issuer', { iss: 'https://evil.example' })), UNVERIFIABLE)
  })

  it('refuses a tampered token, one signed with another key, and one that is not a token at all', async () => {
    const [header, payload, signature] = signIdToken(key, googleAccount('tamper')).split('.')
    const otherPayload = signIdToken(key, googleAccount('tamper', { email: 'victim@gmail.example' })).split('.')[1]
    await expectRefused(t, `${header}.${otherPayload}.${signature}`, UNVERIFIABLE)
    const flipped = `${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`
    await expectRefused(t, `${header}.${payload}.${flipped}`, UNVERIFIABLE)
    const impostor = { ...(await createGoogleTestKey()), kid: key.kid }
    await expectRefused(t, signIdToken(impostor, googleAccount('impostor')), UNVERIFIABLE)
    await expectRefused(t, 'not-a-token', UNVERIFIABLE)
  })

  it('asks for the credential when there is none', async () => {
    const response = await client(t.app).post('/api/auth/google', {})
    expect(response.status).toBe(400)
    expect((await readJson(response)).message).toBe(
      'The Google sign-in credential is missing. Tap Sign in with Google again.',
    )
  })

  it('refuses a token sent from another website', async () => {
    const response = await client(t.app).post(
      '/api/auth/google',
      { credential: signIdToken(key, googleAccount('csrf')) },
      { origin: 'https://evil.example' },
    )
    expect(response.status).toBe(403)
  })

  it('gives the same Google account one user, however often and however concurrently it signs in', async () => {
    const account = googleAccount('twice')
    const before = await countUsers(t)
    const ids = await Promise.all([googleUserId(t, account), googleUserId(t, account), googleUserId(t, account)])
    expect(await googleUserId(t, account)).toBe(ids[0])
    expect(new Set(ids).size).toBe(1)
    expect(await countUsers(t)).toBe(before + 1)
  })

  it("links an account with a password and a confirmed address, the same as Google's, instead of making a second one", async () => {
    const pat = client(t.app)
    const registered = await readJson(await pat.post('/api/register', { ...newUser('pat'), email: 'pat@example.com' }))
    expect((await confirmAddress(t, pat, 'pat@example.com')).status).toBe(200)
    const before = await countUsers(t)
    const account = googleAccount('pat', { email: 'PAT@example.com' })
    const ids = await Promise.all([googleUserId(t, account), googleUserId(t, account)])
    expect(ids).toEqual([registered.id, registered.id])
    expect(await countUsers(t)).toBe(before)
    const byPassword = await client(t.app).post('/api/login', { username: 'pat', password: newUser('pat').password })
    expect((await readJson(byPassword)).id).toBe(registered.id)
  })

  it('never links an account whose address nobody confirmed, and says how to get in', async () => {
    const { id } = await readJson(
      await client(t.app).post('/api/register', { ...newUser('unconfirmed'), email: 'unconfirmed@gmail.example' }),
    )
    const before = await countUsers(t)
    const refused = await signInWithGoogle(t, signIdToken(key, googleAccount('unconfirmed')))
    expect(refused.status).toBe(401)
    expect(await readJson(refused)).toMatchObject({
      code: 'google_email_unconfirmed',
      message:
        'An account with this email exists but its address is not confirmed. Sign in with its password, or reset the password.',
    })
    expect(refused.headers.get('set-cookie')).toBeNull()
    expect(await countUsers(t)).toBe(before)
    const [row] = await t.db.sql`select google_sub from users where id = ${id}`
    expect(row!.googleSub).toBeNull()
  })

  it('finds the account by its Google subject id after the email address changes at Google', async () => {
    const account = googleAccount('mover')
    const id = await googleUserId(t, account)
    expect(await googleUserId(t, { ...account, email: 'moved@gmail.example' })).toBe(id)
    const [row] = await t.db.sql`select email from users where id = ${id}`
    expect(row!.email).toBe('mover@gmail.example')
  })

  it('refuses an address whose account signs in with a different Google account, and a username already taken', async () => {
    await googleUserId(t, googleAccount('owner'))
    const other = await signInWithGoogle(t, signIdToken(key, googleAccount('owner')))
    expect(other.status).toBe(401)
    expect(await readJson(other)).toMatchObject({
      code: 'google_account_conflict',
      message: expect.stringMatching(/different Google account/),
    })

    // Registration now refuses a username that is someone else's email address; an account from before that rule:
    const squatting = await client(t.app).post('/api/register', {
      ...newUser('squatter@gmail.example'),
      email: 'squatter@example.com',
    })
    expect(squatting.status).toBe(400)
    await t.db.sql`
      insert into users (username, email, first_name, last_name, password_hash)
      values ('squatter@gmail.example', 'squatter@example.com', 'Sam', 'Seller', null)`
    const taken = await signInWithGoogle(t, signIdToken(key, googleAccount('squatter')))
    expect(taken.status).toBe(401)
    expect((await readJson(taken)).message).toMatch(
      /already has the username squatter@gmail\.example\. Register with a different username/,
    )
  })

  it('gives an account made with Google no password until one is set through password reset', async () => {
    const account = googleAccount('nopass')
    const id = await googleUserId(t, account)
    const [stored] = await t.db.sql`select password_hash from users where id = ${id}`
    expect(stored!.passwordHash).toBeNull()
    const empty = await client(t.app).post('/api/login', { username: account.email, password: '' })
    expect(empty.status).toBe(400)
    for (const password of ['any password', 'null', 'undefined']) {
      const guess = await client(t.app).post('/api/login', { username: account.email, password })
      expect(guess.status).toBe(401)
      expect((await readJson(guess)).message).toBe(WRONG_PASSWORD)
    }

    const token = await requestResetToken(t, account.email)
    expect((await client(t.app).post('/api/reset-password', { token, password: 'my first password' })).status).toBe(200)
    const byPassword = await client(t.app).post('/api/login', {
      username: account.email,
      password: 'my first password',
    })
    expect(byPassword.status).toBe(200)
    expect((await readJson(byPassword)).id).toBe(id)
    expect(await googleUserId(t, account)).toBe(id)
  })
})

describe('Sign in with Google limits', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ google: googleTrustingTestKey() })
    await client(t.app).post('/api/register', newUser('bystander'))
  })
  afterAll(() => t.close())

  it('counts refused tokens against the client address, shared with password sign-in, then answers 429', async () => {
    const forged = signIdToken(key, googleAccount('guess', { aud: 'someone-else.apps.googleusercontent.com' }))
    for (let attempt = 0; attempt < 30; attempt++) expect((await signInWithGoogle(t, forged)).status).toBe(401)
    const limited = await signInWithGoogle(t, signIdToken(key, googleAccount('valid')))
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
    expect((await readJson(limited)).message).toMatch(/Too many failed sign-in attempts\. Try again in 15 minutes/)
    const byPassword = await client(t.app).post('/api/login', {
      username: 'bystander',
      password: newUser('bystander').password,
    })
    expect(byPassword.status).toBe(429)
  })
})

describe('Sign in with Google while Google cannot be reached', () => {
  let t: TestApp
  beforeAll(async () => {
    // Nothing listens on the discard port: fetching the certificates fails as it would with Google down.
    t = await createTestApp({
      google: createGoogleIdentity({
        clientId: TEST_GOOGLE_CLIENT_ID,
        certificatesUrl: 'http://127.0.0.1:9/oauth2/v1/certs',
      }),
    })
  })
  afterAll(() => t.close())

  it('answers 503 with what to do, and does not count it as a failed sign-in', async () => {
    const response = await signInWithGoogle(t, signIdToken(key, googleAccount('unreachable')))
    expect(response.status).toBe(503)
    expect(await readJson(response)).toMatchObject({
      code: 'google_unavailable',
      message: expect.stringMatching(/^Google could not be reached.+Try again in a minute/),
    })
    expect(await t.db.sql`select key from rate_limits where hits > 0`).toEqual([])
    expect(await countUsers(t)).toBe(0)
  })
})

describe('Sign in with Google switched off', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('tells the app there is no client id and refuses the route with a clear message', async () => {
    expect(await readJson(await client(t.app).get('/api/auth/config'))).toMatchObject({ googleClientId: null })
    const response = await signInWithGoogle(t, signIdToken(key, googleAccount('off')))
    expect(response.status).toBe(404)
    expect(await readJson(response)).toMatchObject({
      code: 'google_sign_in_not_configured',
      message: 'Google sign-in is not configured on this server. Sign in with your username and password.',
    })
    expect(await countUsers(t)).toBe(0)
  })
})
