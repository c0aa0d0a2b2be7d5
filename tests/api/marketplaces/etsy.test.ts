import { createHash } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../../../api/app.ts'
import { markLapsed } from '../../../api/db/marketplace-connections.ts'
import { createEphemeralCipher, createTokenCipher } from '../../../api/services/crypto.ts'
import { createEtsyProvider, type EtsyConfig } from '../../../api/services/etsy/etsy-connect.ts'
import { createLocalAnalyzer } from '../../../api/services/listings/analyzer/local.ts'
import { createLocalStorage } from '../../../api/services/listings/local-storage.ts'
import { startFakeEtsy, type FakeEtsy } from '../../fakes/etsy.ts'
import {
  client,
  createTestApp,
  newUser,
  readJson,
  registeredClient,
  type JsonBody,
  type TestApp,
} from '../../helpers/test-app.ts'

const REDIRECT_URI = 'https://snaplist.test/etsy/auth/success'
const SETUP_MESSAGE =
  'Etsy is not set up on this server. The site operator needs to set ETSY_CLIENT_ID (the keystring of an Etsy app) and ETSY_REDIRECT_URI (this site’s /etsy/auth/success address, registered in that Etsy app), plus ETSY_SHARED_SECRET if Etsy asks for it, then restart Snaplist.'
const cipher = createTokenCipher('a test secret that is long enough to use')

type Client = ReturnType<typeof client>

let fake: FakeEtsy
let t: TestApp
let admin: Client

const etsyConfig = (overrides: Partial<EtsyConfig> = {}): EtsyConfig => ({
  clientId: fake.clientId,
  sharedSecret: fake.sharedSecret,
  redirectUri: REDIRECT_URI,
  authUrl: fake.authUrl,
  apiUrl: fake.url,
  ...overrides,
})

beforeAll(async () => {
  fake = await startFakeEtsy({ redirectUris: [REDIRECT_URI], sharedSecret: 'the-shared-secret' })
  t = await createTestApp({ marketplaces: { cipher, providers: { etsy: createEtsyProvider(etsyConfig()) } } })
  admin = client(t.app)
  expect(
    (await readJson(await admin.post('/api/register', { ...newUser('root'), setupCode: t.setupCode }))).isAdmin,
  ).toBe(true)
})
afterAll(async () => {
  await t.close()
  await fake.close()
})

const signUp = (name: string) => registeredClient(t.app, name)

/** Asks for the authorization URL and plays the seller on the stand-in's consent page; returns the callback's query. */
async function authorize(seller: Client, choice: 'allow' | 'deny' = 'allow') {
  const response = await seller.get('/api/marketplace-connections/etsy/auth')
  expect(response.status).toBe(200)
  const { authUrl } = await readJson(response)
  const callback = await fake.consent(authUrl, choice)
  expect(callback.origin + callback.pathname).toBe(REDIRECT_URI)
  return {
    authUrl: authUrl as string,
    code: callback.searchParams.get('code') ?? '',
    state: callback.searchParams.get('state') ?? '',
    callback,
  }
}

const exchange = (seller: Client, body: unknown) => seller.post('/api/etsy/exchange-token', body)

async function connect(seller: Client): Promise<JsonBody> {
  const { code, state } = await authorize(seller)
  const response = await exchange(seller, { code, state })
  expect(response.status).toBe(200)
  return readJson(response)
}

const rowsOf = async (userId: number) => t.db.sql`select * from marketplace_connections where user_id = ${userId}`
const storedTokens = async (userId: number) => {
  const [row] = await rowsOf(userId)
  return { row: row!, accessToken: cipher.open(row!.accessToken)!, refreshToken: cipher.open(row!.refreshToken)! }
}
const check = async (seller: Client) =>
  readJson(await seller.get('/api/marketplace-connections/etsy/check-authentication'))
const minutesFromNow = (date: Date) => (date.getTime() - Date.now()) / 60_000

describe('connecting an Etsy shop', () => {
  it('sends the seller to Etsy with PKCE (S256), the publishing scopes and a fresh state', async () => {
    const seller = await signUp('pkce')
    const { authUrl } = await readJson(await seller.get('/api/marketplace-connections/etsy/auth'))
    expect(authUrl.startsWith(`${fake.authUrl}?`)).toBe(true)
    expect(authUrl).toContain('scope=listings_r%20listings_w%20shops_r%20transactions_r')
    const params = new URL(authUrl).searchParams
    expect(Object.fromEntries(params)).toMatchObject({
      response_type: 'code',
      client_id: fake.clientId,
      redirect_uri: REDIRECT_URI,
      code_challenge_method: 'S256',
    })
    expect(params.get('state')).toMatch(/^[\w-]{43}$/)
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    const second = new URL((await readJson(await seller.get('/api/marketplace-connections/etsy/auth'))).authUrl)
      .searchParams
    expect(second.get('state')).not.toBe(params.get('state'))
    expect(second.get('code_challenge')).not.toBe(params.get('code_challenge'))

    // Only the state's hash is stored, and the verifier behind the challenge is sealed.
    const [pending] = await t.db
      .sql`select * from oauth_states where state_hash = ${createHash('sha256').update(params.get('state')!).digest('hex')}`
    expect(pending).toMatchObject({ userId: seller.id, platform: 'etsy', redirectUri: REDIRECT_URI, usedAt: null })
    const verifier = cipher.open(pending!.codeVerifier)!
    expect(verifier).toMatch(/^[\w-]{43,128}$/)
    expect(pending!.codeVerifier).not.toContain(verifier)
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(params.get('code_challenge'))
    expect(minutesFromNow(pending!.expiresAt)).toBeGreaterThan(9.9)
    expect(minutesFromNow(pending!.expiresAt)).toBeLessThanOrEqual(10)
  })

  it('keeps at most 5 pending authorizations per seller, forgetting the oldest', async () => {
    const seller = await signUp('tabs')
    const states: string[] = []
    for (let i = 0; i < 6; i++) {
      const { authUrl } = await readJson(await seller.get('/api/marketplace-connections/etsy/auth'))
      states.push(new URL(authUrl).searchParams.get('state')!)
    }
    expect(await t.db.sql`select 1 from oauth_states where user_id = ${seller.id}`).toHaveLength(5)
    const oldest = await exchange(seller, { code: 'any', state: states[0] })
    expect((await readJson(oldest)).code).toBe('oauth_state_invalid')
  })

  it('exchanges the code, finds the shop, stores the tokens encrypted and never returns them', async () => {
    const seller = await signUp('happy')
    const replies: string[] = []
    const { code, state } = await authorize(seller)
    const exchanged = await exchange(seller, { code, state })
    expect(exchanged.status).toBe(200)
    replies.push(await exchanged.text())
    expect(JSON.parse(replies[0]!)).toMatchObject({
      message: 'Your Etsy account has been connected.',
      connection: { platform: 'etsy', connected: true, accountName: 'RitasVintageFinds', accountId: '87654321' },
    })

    const list = await seller.get('/api/marketplace-connections')
    const status = await seller.get('/api/marketplace-connections/etsy/status')
    const checked = await seller.get('/api/marketplace-connections/etsy/check-authentication')
    for (const response of [list, status, checked]) {
      expect(response.status).toBe(200)
      replies.push(await response.text())
    }
    expect(JSON.parse(replies[1]!)).toEqual([
      {
        platform: 'etsy',
        connected: true,
        accountName: 'RitasVintageFinds',
        accountId: '87654321',
        accountDeletionStatus: null,
        expiresAt: expect.any(String),
        lastSyncedAt: null,
        connectedAt: expect.any(String),
      },
    ])
    expect(JSON.parse(replies[2]!)).toMatchObject({
      platform: 'etsy',
      configured: true,
      setupMessage: null,
      connection: { accountName: 'RitasVintageFinds' },
    })
    expect(JSON.parse(replies[3]!)).toEqual({ connected: true })

    const { row, accessToken, refreshToken } = await storedTokens(seller.id)
    expect(accessToken).toMatch(new RegExp(`^${fake.seller.userId}\\.`))
    expect(refreshToken).toMatch(new RegExp(`^${fake.seller.userId}\\.`))
    const rawRow = JSON.stringify(row)
    for (const token of [accessToken, refreshToken, accessToken.split('.')[1]!, refreshToken.split('.')[1]!]) {
      expect(rawRow).not.toContain(token)
      for (const reply of replies) expect(reply).not.toContain(token)
    }
    expect(row.accessToken).toMatch(/^v1\./)
    expect(minutesFromNow(row.tokenExpiry)).toBeCloseTo(60, 0)
    expect(minutesFromNow(row.refreshTokenExpiry) / (24 * 60)).toBeCloseTo(90, 1)
    expect(row).toMatchObject({ platform: 'etsy', accountName: 'RitasVintageFinds', accountId: '87654321' })
  })

  it('connecting again replaces the earlier tokens in the same row', async () => {
    const seller = await signUp('again')
    await connect(seller)
    const first = await storedTokens(seller.id)
    await connect(seller)
    const rows = await rowsOf(seller.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.id).toBe(first.row.id)
    expect(cipher.open(rows[0]!.accessToken)).not.toBe(first.accessToken)
  })

  it('connects an Etsy account without a shop, with no shop name', async () => {
    const noShop = await startFakeEtsy({ seller: { userId: 555, shopId: null, shopName: '' } })
    const app = await createTestApp({
      marketplaces: {
        cipher,
        providers: {
          etsy: createEtsyProvider({
            clientId: noShop.clientId,
            redirectUri: REDIRECT_URI,
            authUrl: noShop.authUrl,
            apiUrl: noShop.url,
          }),
        },
      },
    })
    try {
      const seller = client(app.app)
      await seller.post('/api/register', newUser('noshop'))
      const { authUrl } = await readJson(await seller.get('/api/marketplace-connections/etsy/auth'))
      const callback = await noShop.consent(authUrl)
      const response = await seller.post('/api/etsy/exchange-token', Object.fromEntries(callback.searchParams))
      expect(response.status).toBe(200)
      expect((await readJson(response)).connection).toMatchObject({
        connected: true,
        accountName: null,
        accountId: null,
      })
    } finally {
      await app.close()
      await noShop.close()
    }
  })
})

describe('the exchange refuses', () => {
  let seller: Client & { id: number }
  beforeEach(async () => {
    seller = await signUp(`refused${Math.random().toString(36).slice(2, 8)}`)
  })

  it('a missing code or state with the messages of docs/product.md §5, before anything is sent to Etsy', async () => {
    const grantsBefore = fake.grants.length
    const cases: [unknown, string][] = [
      [{ state: 'abc' }, 'Authorization code is missing from the URL.'],
      [{ code: 'abc', state: '  ' }, 'State parameter is missing from the URL.'],
    ]
    for (const [body, message] of cases) {
      const response = await exchange(seller, body)
      expect(response.status).toBe(400)
      expect(await readJson(response)).toMatchObject({ code: 'invalid_input', message })
    }
    const neither = await readJson(await exchange(seller, {}))
    expect(neither.fields).toEqual({
      code: 'Authorization code is missing from the URL',
      state: 'State parameter is missing from the URL',
    })
    expect(fake.grants.length).toBe(grantsBefore)
    expect(await rowsOf(seller.id)).toHaveLength(0)
  })

  it('a state that was never issued (state mismatch), without spending the code at Etsy', async () => {
    const { code, state } = await authorize(seller)
    const grantsBefore = fake.grants.length
    const response = await exchange(seller, { code, state: `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}` })
    expect(response.status).toBe(400)
    expect(await readJson(response)).toMatchObject({ code: 'oauth_state_invalid' })
    expect(fake.grants.length).toBe(grantsBefore)
    expect(await rowsOf(seller.id)).toHaveLength(0)
    // The real state still works.
    expect((await exchange(seller, { code, state })).status).toBe(200)
  })

  it('a state already used: it works once', async () => {
    const { code, state } = await authorize(seller)
    expect((await exchange(seller, { code, state })).status).toBe(200)
    const again = await exchange(seller, { code, state })
    expect(again.status).toBe(400)
    expect(await readJson(again)).toMatchObject({
      code: 'oauth_state_invalid',
      message:
        'This Etsy authorization does not belong to your current session, has expired (it lasts 10 minutes) or was already used. Start again with Connect on the Dashboard.',
    })
  })

  it('an expired state', async () => {
    const { code, state } = await authorize(seller)
    await t.db.sql`update oauth_states set expires_at = now() - interval '1 second' where user_id = ${seller.id}`
    const response = await exchange(seller, { code, state })
    expect(response.status).toBe(400)
    expect((await readJson(response)).code).toBe('oauth_state_invalid')
  })

  it("another user's state, which stays usable by its owner", async () => {
    const { code, state } = await authorize(seller)
    const intruder = await signUp(`intruder${seller.id}`)
    const response = await exchange(intruder, { code, state })
    expect(response.status).toBe(400)
    expect((await readJson(response)).code).toBe('oauth_state_invalid')
    expect(await rowsOf(intruder.id)).toHaveLength(0)
    expect((await exchange(seller, { code, state })).status).toBe(200)
  })

  it("the same user's state from another session", async () => {
    const { code, state } = await authorize(seller)
    const otherDevice = client(t.app)
    const username = (await readJson(await seller.get('/api/user'))).username
    await otherDevice.post('/api/login', { username, password: newUser(username).password })
    const response = await exchange(otherDevice, { code, state })
    expect(response.status).toBe(400)
    expect((await readJson(response)).code).toBe('oauth_state_invalid')
  })

  it('a code Etsy already spent, with our words and not Etsy’s', async () => {
    const first = await authorize(seller)
    expect((await exchange(seller, first)).status).toBe(200)
    const before = await storedTokens(seller.id)
    const second = await authorize(seller)
    const response = await exchange(seller, { code: first.code, state: second.state })
    expect(response.status).toBe(400)
    const body = await readJson(response)
    expect(body).toMatchObject({
      code: 'etsy_grant_refused',
      message:
        'Etsy did not accept this authorization: it has expired or was already used. Connect Etsy again from the Dashboard.',
    })
    expect(JSON.stringify(body)).not.toContain('invalid_grant')
    expect((await storedTokens(seller.id)).accessToken).toBe(before.accessToken)
  })

  it('a code that has expired at Etsy', async () => {
    const { code, state } = await authorize(seller)
    fake.advanceClock(6 * 60 * 1000)
    const response = await exchange(seller, { code, state })
    expect(response.status).toBe(400)
    expect((await readJson(response)).code).toBe('etsy_grant_refused')
    expect(await rowsOf(seller.id)).toHaveLength(0)
  })

  it('nobody signed in', async () => {
    const { code, state } = await authorize(seller)
    for (const response of [
      await client(t.app).post('/api/etsy/exchange-token', { code, state }),
      await client(t.app).get('/api/marketplace-connections'),
      await client(t.app).get('/api/marketplace-connections/etsy/auth'),
      await client(t.app).get('/api/marketplace-connections/etsy/status'),
      await client(t.app).get('/api/marketplace-connections/etsy/check-authentication'),
      await client(t.app).call('DELETE', '/api/marketplace-connections/etsy'),
    ]) {
      expect(response.status).toBe(401)
    }
  })

  it('a marketplace that does not exist', async () => {
    const response = await seller.get('/api/marketplace-connections/amazon/status')
    expect(response.status).toBe(400)
    expect((await readJson(response)).message).toBe('There is no such marketplace: use ebay, etsy or shopify.')
  })
})

describe('the Etsy client against the stand-in', () => {
  const verifier = 'v'.repeat(43)
  const challenge = createHash('sha256').update(verifier).digest('base64url')

  async function codeFor(provider: ReturnType<typeof createEtsyProvider>) {
    const callback = await fake.consent(provider.authorizationUrl({ state: 's'.repeat(43), codeChallenge: challenge }))
    return callback.searchParams.get('code')!
  }

  it('is refused a code with a verifier that does not match the challenge', async () => {
    const provider = createEtsyProvider(etsyConfig())
    await expect(
      provider.exchangeCode({ code: await codeFor(provider), codeVerifier: 'w'.repeat(43), redirectUri: REDIRECT_URI }),
    ).rejects.toMatchObject({
      code: 'etsy_grant_refused',
    })
  })

  it('is refused a code with another redirect URI than the authorization had', async () => {
    const provider = createEtsyProvider(etsyConfig())
    const code = await codeFor(provider)
    await expect(
      provider.exchangeCode({ code, codeVerifier: verifier, redirectUri: 'https://elsewhere.test/callback' }),
    ).rejects.toMatchObject({
      code: 'etsy_grant_refused',
    })
  })

  it('sends x-api-key as keystring:shared secret; the keystring alone is refused with a message for the operator', async () => {
    const withSecret = createEtsyProvider(etsyConfig())
    const grant = await withSecret.exchangeCode({
      code: await codeFor(withSecret),
      codeVerifier: verifier,
      redirectUri: REDIRECT_URI,
    })
    expect(await withSecret.identify(grant.accessToken)).toEqual({
      accountId: '87654321',
      accountName: 'RitasVintageFinds',
    })
    const keystringOnly = createEtsyProvider(etsyConfig({ sharedSecret: undefined }))
    await expect(keystringOnly.identify(grant.accessToken)).rejects.toMatchObject({
      status: 502,
      code: 'etsy_app_refused',
      message:
        "Etsy refused this server's app credentials. The site operator needs to check ETSY_CLIENT_ID and ETSY_SHARED_SECRET.",
    })
  })

  it('says Etsy cannot be reached when nothing answers', async () => {
    const provider = createEtsyProvider(etsyConfig({ apiUrl: 'http://127.0.0.1:9' }))
    await expect(provider.refresh('1.nothing')).rejects.toMatchObject({ status: 502, code: 'etsy_unreachable' })
  })
})

describe('refreshing', () => {
  const expireAccessToken = async (userId: number) => {
    await t.db
      .sql`update marketplace_connections set token_expiry = now() - interval '1 minute' where user_id = ${userId}`
    fake.advanceClock(61 * 60 * 1000)
  }

  it('refreshes an expired access token and keeps the rotated refresh token each time', async () => {
    const seller = await signUp('refresher')
    await connect(seller)
    let previous = await storedTokens(seller.id)
    for (let round = 0; round < 2; round++) {
      await expireAccessToken(seller.id)
      const refreshesBefore = fake.grants.filter((grant) => grant === 'refresh_token').length
      expect(await check(seller)).toEqual({ connected: true })
      expect(fake.grants.filter((grant) => grant === 'refresh_token').length).toBe(refreshesBefore + 1)
      const current = await storedTokens(seller.id)
      expect(current.accessToken).not.toBe(previous.accessToken)
      expect(current.refreshToken).not.toBe(previous.refreshToken)
      expect(fake.acceptsRefreshToken(previous.refreshToken)).toBe(false)
      expect(fake.acceptsRefreshToken(current.refreshToken)).toBe(true)
      expect(minutesFromNow(current.row.tokenExpiry)).toBeCloseTo(60, 0)
      previous = current
    }
  })

  it('two checks racing on an expired token leave one good grant: the rotated refresh token is the stored one', async () => {
    const seller = await signUp('racer')
    await connect(seller)
    await expireAccessToken(seller.id)
    await Promise.all([check(seller), check(seller)])
    const [connection] = (await readJson(await seller.get('/api/marketplace-connections'))) as unknown as JsonBody[]
    expect(connection).toMatchObject({ connected: true })
    expect(fake.acceptsRefreshToken((await storedTokens(seller.id)).refreshToken)).toBe(true)
    expect(await check(seller)).toEqual({ connected: true })
  })

  it('marks a connection lapsed only while it still holds the refresh token that was refused', async () => {
    const seller = await signUp('laterrefresh')
    await connect(seller)
    const { row } = await storedTokens(seller.id)
    const connected = async () =>
      ((await readJson(await seller.get('/api/marketplace-connections'))) as unknown as JsonBody[])[0]!.connected
    await markLapsed(t.db.sql, row.id, cipher.seal('an older refresh token'))
    expect(await connected()).toBe(true)
    await markLapsed(t.db.sql, row.id, row.refreshToken)
    expect(await connected()).toBe(false)
  })

  it('does not refresh a token that is still good', async () => {
    const seller = await signUp('fresh')
    await connect(seller)
    const grantsBefore = fake.grants.length
    expect(await check(seller)).toEqual({ connected: true })
    expect(fake.grants.length).toBe(grantsBefore)
  })

  it('marks the connection lapsed when Etsy refuses the refresh token (access revoked)', async () => {
    const seller = await signUp('revoked')
    await connect(seller)
    fake.revokeAll()
    await expireAccessToken(seller.id)
    expect(await check(seller)).toEqual({ connected: false })
    const [connection] = (await readJson(await seller.get('/api/marketplace-connections'))) as unknown as JsonBody[]
    expect(connection).toMatchObject({ platform: 'etsy', connected: false })
  })

  it('answers not connected when the tokens were sealed under another APP_SECRET', async () => {
    const seller = await signUp('rekeyed')
    await connect(seller)
    const rekeyed = createApp({
      sql: t.db.sql,
      config: { publicUrl: undefined, appUrl: 'http://localhost', https: false, trustProxy: false },
      storage: createLocalStorage('/nonexistent'),
      analyzer: createLocalAnalyzer(),
      marketplaces: { cipher: createEphemeralCipher(), providers: { etsy: createEtsyProvider(etsyConfig()) } },
    })
    const sameSession = client(rekeyed)
    sameSession.cookie = seller.cookie
    expect(await readJson(await sameSession.get('/api/marketplace-connections/etsy/check-authentication'))).toEqual({
      connected: false,
    })
  })
})

describe('disconnecting and deleting', () => {
  it('disconnects: the row goes, the list is empty, a second disconnect is a 404', async () => {
    const seller = await signUp('leaver')
    await connect(seller)
    const response = await seller.call('DELETE', '/api/marketplace-connections/etsy')
    expect(response.status).toBe(200)
    expect(await readJson(response)).toEqual({ message: 'Your Etsy account has been disconnected.' })
    expect(await readJson(await seller.get('/api/marketplace-connections'))).toEqual([])
    expect(await check(seller)).toEqual({ connected: false })
    expect((await readJson(await seller.get('/api/marketplace-connections/etsy/status'))).connection).toBeNull()
    const again = await seller.call('DELETE', '/api/marketplace-connections/etsy')
    expect(again.status).toBe(404)
    expect((await readJson(again)).message).toBe('No Etsy account is connected.')
  })

  it('shows each seller only their own connection', async () => {
    const owner = await signUp('owner')
    const other = await signUp('other')
    await connect(owner)
    expect(await readJson(await other.get('/api/marketplace-connections'))).toEqual([])
    expect((await other.call('DELETE', '/api/marketplace-connections/etsy')).status).toBe(404)
    expect(await rowsOf(owner.id)).toHaveLength(1)
  })

  it('deleting the user removes their connection and pending authorizations', async () => {
    const doomed = await signUp('doomed')
    await connect(doomed)
    await authorize(doomed)
    expect((await admin.call('DELETE', `/api/admin/users/${doomed.id}`)).status).toBe(200)
    expect(await rowsOf(doomed.id)).toHaveLength(0)
    expect(await t.db.sql`select 1 from oauth_states where user_id = ${doomed.id}`).toHaveLength(0)
  })

  it('signing out forgets the pending authorizations of that session', async () => {
    const seller = await signUp('signout')
    await authorize(seller)
    await seller.post('/api/logout')
    expect(await t.db.sql`select 1 from oauth_states where user_id = ${seller.id}`).toHaveLength(0)
  })
})

describe('without Etsy settings', () => {
  let bare: TestApp
  beforeAll(async () => {
    bare = await createTestApp()
  })
  afterAll(() => bare.close())

  it('says what the operator must set to the admin only, refuses auth (503) and exchange, and writes nothing', async () => {
    const seller = client(bare.app)
    await seller.post('/api/register', { ...newUser('unset'), setupCode: bare.setupCode }) // The admin.
    const auth = await seller.get('/api/marketplace-connections/etsy/auth')
    expect(auth.status).toBe(503)
    expect(await readJson(auth)).toMatchObject({
      code: 'marketplace_not_configured',
      message: 'Etsy is not set up on this server, ask the admin.',
    })
    const other = client(bare.app)
    await other.post('/api/register', newUser('plain'))
    expect(await readJson(await other.get('/api/marketplace-connections/etsy/status'))).toMatchObject({
      setupMessage: 'Etsy is not set up on this server, ask the admin.',
    })
    expect(await readJson(await seller.get('/api/marketplace-connections/etsy/status'))).toEqual({
      platform: 'etsy',
      configured: false,
      setupMessage: SETUP_MESSAGE,
      connection: null,
    })
    const exchanged = await seller.post('/api/etsy/exchange-token', { code: 'abc', state: 'def' })
    expect(exchanged.status).toBe(503)
    expect(await readJson(await seller.get('/api/marketplace-connections/etsy/check-authentication'))).toEqual({
      connected: false,
    })
    expect(await bare.db.sql`select 1 from oauth_states`).toHaveLength(0)
  })
})
