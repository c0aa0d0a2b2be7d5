// A session stays signed in for weeks, but what can take over or empty the account needs a password proved in the
// last 12 hours (docs/decisions/0026): the clock is advanced by moving the session's proof back, never by waiting.
import { createHash } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createGoogleIdentity } from '../../../api/services/accounts/google-identity.ts'
import { createEbayProvider } from '../../../api/services/ebay/ebay-connect.ts'
import { startFakeEbay, type FakeEbay } from '../../fakes/ebay.ts'
import { cipher, ebayConfigFor } from '../../helpers/ebay.ts'
import {
  createGoogleTestKey,
  oauthClientTrusting,
  signIdToken,
  TEST_GOOGLE_CLIENT_ID,
} from '../../helpers/google-tokens.ts'
import { client, createTestApp, newUser, readJson, registeredClient, type TestApp } from '../../helpers/test-app.ts'

type Client = ReturnType<typeof client>
const PASSWORD = newUser('x').password

let t: TestApp
let ebay: FakeEbay
let key: Awaited<ReturnType<typeof createGoogleTestKey>>
beforeAll(async () => {
  ebay = await startFakeEbay()
  key = await createGoogleTestKey()
  const ebayConfig = ebayConfigFor(ebay)
  t = await createTestApp({
    ebayConfig,
    marketplaces: { cipher, providers: { ebay: createEbayProvider(ebayConfig)! } },
    google: createGoogleIdentity({ clientId: TEST_GOOGLE_CLIENT_ID, oauthClient: oauthClientTrusting(key) }),
  })
})
afterAll(async () => {
  await t?.close()
  await ebay?.close()
})
afterEach(() => t.db.sql`delete from rate_limits`)

const tokenHashOf = (c: Client) => createHash('sha256').update(c.cookie.split('=')[1]!).digest('hex')

/** The clock moved on: the session last proved its password `hours` ago (and was used since, so it is still open). */
async function provedHoursAgo(c: Client, hours: number) {
  const moved = await t.db.sql`
    update sessions set password_proved_at = now() - make_interval(hours => ${hours}) where token_hash = ${tokenHashOf(c)}`
  expect(moved.count).toBe(1)
}

async function expectReauthRequired(response: Response) {
  expect(response.status).toBe(403)
  expect(await readJson(response)).toMatchObject({ code: 'reauth_required' })
}

const connectEbay = (c: Client) => c.get('/api/marketplace-connections/ebay/auth')
const signOutEverywhere = (c: Client, confirmation: string) =>
  c.post('/api/account/sign-out-everywhere', { confirmation })

describe('a session idle for over 12 hours', () => {
  it('stays signed in for everyday work', async () => {
    const seller = await registeredClient(t.app, 'idler')
    await provedHoursAgo(seller, 13)
    expect((await seller.get('/api/user')).status).toBe(200)
    expect((await seller.get('/api/listings')).status).toBe(200)
  })

  it('may connect a marketplace within 12 hours of signing in', async () => {
    const seller = await registeredClient(t.app, 'fresh')
    await provedHoursAgo(seller, 11)
    expect((await connectEbay(seller)).status).toBe(200)
  })

  it('must prove the password again to connect a marketplace, and then may', async () => {
    const seller = await registeredClient(t.app, 'connector')
    await provedHoursAgo(seller, 13)
    await expectReauthRequired(await connectEbay(seller))
    expect(await t.db.sql`select 1 from oauth_states where user_id = ${seller.id}`).toHaveLength(0)

    const wrong = await seller.post('/api/auth/reauth', { password: 'not my password' })
    expect(wrong.status).toBe(403)
    expect(await readJson(wrong)).toMatchObject({ code: 'wrong_password', fields: { password: expect.any(String) } })
    await expectReauthRequired(await connectEbay(seller))

    const proved = await seller.post('/api/auth/reauth', { password: PASSWORD })
    expect(proved.status).toBe(200)
    const reply = await connectEbay(seller)
    expect(reply.status).toBe(200)
    expect((await readJson(reply)).authUrl).toEqual(expect.any(String))
  })

  it('proves it on this session only: another device of the account stays unproved', async () => {
    const seller = await registeredClient(t.app, 'twodevices')
    const tablet = client(t.app)
    expect((await tablet.post('/api/login', { username: 'twodevices', password: PASSWORD })).status).toBe(200)
    await provedHoursAgo(seller, 13)
    await provedHoursAgo(tablet, 13)
    expect((await seller.post('/api/auth/reauth', { password: PASSWORD })).status).toBe(200)
    expect((await connectEbay(seller)).status).toBe(200)
    await expectReauthRequired(await connectEbay(tablet))
  })

  it('counts wrong passwords like failed sign-ins: the sixth is refused even when right', async () => {
    const seller = await registeredClient(t.app, 'guesser')
    for (let i = 0; i < 5; i++)
      expect((await seller.post('/api/auth/reauth', { password: `guess ${i}` })).status).toBe(403)
    const limited = await seller.post('/api/auth/reauth', { password: PASSWORD })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
  })

  it('refuses re-authentication without a session', async () => {
    const reply = await client(t.app).post('/api/auth/reauth', { password: PASSWORD })
    expect(reply.status).toBe(401)
  })

  it('a typed password is itself the proof: change password and sign out everywhere need no second prompt', async () => {
    const seller = await registeredClient(t.app, 'typist')
    await provedHoursAgo(seller, 20)
    const changed = await seller.call('PUT', '/api/account/password', {
      currentPassword: PASSWORD,
      newPassword: 'a brand new password 9',
    })
    expect(changed.status).toBe(200)
    // The typed password proved it: the session may connect a marketplace now.
    expect((await connectEbay(seller)).status).toBe(200)
    await provedHoursAgo(seller, 20)
    expect((await signOutEverywhere(seller, 'a brand new password 9')).status).toBe(200)
  })
})

describe('an account that signs in with Google and has no password', () => {
  const googleClaims = (name: string) => ({
    sub: `1${Math.floor(Math.random() * 1e15)}`,
    email: `${name}@gmail.example`,
    given_name: 'Gina',
    family_name: 'Google',
  })

  async function googleSeller(name: string) {
    const claims = googleClaims(name)
    const seller = client(t.app)
    const reply = await seller.post('/api/auth/google', { credential: signIdToken(key, claims) })
    expect(reply.status).toBe(200)
    return { seller, claims, username: (await readJson(reply)).username as string }
  }

  it('must sign in with Google again before its username signs it out everywhere or deletes it', async () => {
    const { seller, claims, username } = await googleSeller('gina')
    await provedHoursAgo(seller, 13)
    await expectReauthRequired(await signOutEverywhere(seller, username))
    await expectReauthRequired(await seller.call('DELETE', '/api/account', { confirmation: username }))
    expect((await seller.get('/api/user')).status).toBe(200)

    // No password to type: /api/auth/reauth says so, and signing in with Google again is the proof.
    const noPassword = await seller.post('/api/auth/reauth', { password: 'anything at all' })
    expect(noPassword.status).toBe(409)
    expect(await readJson(noPassword)).toMatchObject({ code: 'no_password' })
    expect((await seller.post('/api/auth/google', { credential: signIdToken(key, claims) })).status).toBe(200)
    expect((await signOutEverywhere(seller, username)).status).toBe(200)
  })
})

describe('POST /api/auth/reauth', () => {
  it('refuses a missing or oversized password with 400 and changes nothing', async () => {
    const seller = await registeredClient(t.app, 'hostile')
    await provedHoursAgo(seller, 13)
    for (const body of [{}, { password: '' }, { password: 'x'.repeat(201) }, { password: 42 }]) {
      const reply = await seller.post('/api/auth/reauth', body)
      expect(reply.status).toBe(400)
      expect(await readJson(reply)).toMatchObject({ code: 'invalid_input' })
    }
    await expectReauthRequired(await connectEbay(seller))
  })
})
