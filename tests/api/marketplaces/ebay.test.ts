import { createHash, randomBytes } from 'node:crypto'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { EbayManualSchema, readEbayRedirect } from '../../../api/contract/ebay/ebay-exchange.ts'
import { setAdmin } from '../../../api/db/users.ts'
import type { EbayConfig } from '../../../api/services/ebay/ebay-env.ts'
import { createEbayProvider, EBAY_SCOPES } from '../../../api/services/ebay/ebay-connect.ts'
import { createEbayAccountDeletion } from '../../../api/services/ebay/account-deletion.ts'
import { KEY_FETCH_LIMITS } from '../../../api/services/ebay/notification-signature.ts'
import { findBusinessPolicies } from '../../../api/services/ebay/policies.ts'
import { createEbaySellClient, type SellRequest } from '../../../api/services/ebay/sell-api.ts'
import { createMarketplaceConnectionService } from '../../../api/services/marketplaces/connections.ts'
import { startFakeEbay, type FakeEbay } from '../../fakes/ebay.ts'
import { authorizeEbay, cipher, connectEbay, ebayApp, ebayConfigFor, exchangeEbayCode } from '../../helpers/ebay.ts'
import {
  client,
  createTestApp,
  newUser,
  readJson,
  registeredClient,
  succeeded,
  type TestApp,
} from '../../helpers/test-app.ts'

const HOUR_MS = 60 * 60 * 1000

type Client = ReturnType<typeof client>

let fake: FakeEbay
let t: TestApp
let noCertId: TestApp
let unconfigured: TestApp

const ebayConfig = (overrides: Partial<EbayConfig> = {}) => ebayConfigFor(fake, overrides)
const appWith = (config: EbayConfig) => ebayApp(config)

beforeAll(async () => {
  fake = await startFakeEbay()
  t = await appWith(ebayConfig())
  noCertId = await appWith(ebayConfig({ clientSecret: undefined }))
  unconfigured = await createTestApp()
})
afterAll(async () => {
  await Promise.all([t.close(), noCertId.close(), unconfigured.close()])
  await fake.close()
})

const signUp = (name: string, app: TestApp = t) => registeredClient(app.app, name)

const authorize = (seller: Client, choice: 'agree' | 'decline' = 'agree') => authorizeEbay(fake, seller, choice)
const exchange = exchangeEbayCode
const connect = (seller: Client) => connectEbay(fake, seller)

const storedRow = async (userId: number) =>
  (await t.db.sql`select * from marketplace_connections where user_id = ${userId} and platform = 'ebay'`)[0]!
const check = async (seller: Client) =>
  (await readJson(await seller.get('/api/marketplace-connections/ebay/check-authentication'))).connected as boolean

describe('connecting an eBay account', () => {
  it('sends the seller to the consent page with the App ID, the RuName as redirect_uri, the needed scopes and a state', async () => {
    const seller = await signUp('consent')
    const { authUrl } = await readJson(await seller.get('/api/marketplace-connections/ebay/auth'))
    expect(authUrl.startsWith(`${fake.authUrl}?`)).toBe(true)
    const params = Object.fromEntries(new URL(authUrl).searchParams)
    expect(params).toMatchObject({
      client_id: fake.clientId,
      redirect_uri: fake.ruName,
      response_type: 'code',
      scope: EBAY_SCOPES.join(' '),
    })
    expect(params.state).toMatch(/^[\w-]{43}$/)
    const [pending] = await t.db.sql`select * from oauth_states where user_id = ${seller.id}`
    expect(pending).toMatchObject({ platform: 'ebay', redirectUri: fake.ruName, codeVerifier: null, usedAt: null })
  })

  it('exchanges the code with Basic auth, names the seller from Identity getUser and stores the tokens encrypted', async () => {
    const seller = await signUp('happy')
    const reply = await connect(seller)
    expect(reply).toMatchObject({
      success: true,
      message: 'Your eBay account has been connected successfully.',
      connection: {
        platform: 'ebay',
        connected: true,
        accountName: fake.seller.username,
        accountId: fake.seller.userId,
      },
    })
    expect(JSON.stringify(reply)).not.toMatch(/v\^1\.1/)
    const row = await storedRow(seller.id)
    expect(row.accessToken).not.toMatch(/v\^1\.1/)
    expect(cipher.open(row.accessToken)).toMatch(/^v\^1\.1#/)
    // eBay's refresh token lasts 18 months.
    expect((row.refreshTokenExpiry.getTime() - Date.now()) / (24 * HOUR_MS)).toBeGreaterThan(540)
    const list = await readJson(await seller.get('/api/marketplace-connections'))
    expect(list).toEqual([
      expect.objectContaining({ platform: 'ebay', connected: true, accountName: fake.seller.username }),
    ])
    expect(await check(seller)).toBe(true)
    const status = await readJson(await seller.get('/api/marketplace-connections/ebay/status'))
    expect(status).toMatchObject({
      platform: 'ebay',
      configured: true,
      setupMessage: null,
      connection: { connected: true },
    })
  })

  it('takes a code still percent-encoded (pasted into the manual screen) with its state, once', async () => {
    const seller = await signUp('manual')
    const { code, state } = await authorize(seller)
    const response = await exchange(seller, { code: encodeURIComponent(code), state })
    expect(response.status).toBe(200)
    // That authorization is spent: the same state cannot pair another code.
    const again = await exchange(seller, { code, state })
    expect(await readJson(again)).toMatchObject({ code: 'oauth_state_invalid' })
  })

  it('answers eBay’s invalid_grant for a code used twice with the words the callback page looks for', async () => {
    const seller = await signUp('twice')
    const { code, state } = await authorize(seller)
    const { authUrl } = await readJson(await seller.get('/api/marketplace-connections/ebay/auth'))
    expect((await exchange(seller, { code, state })).status).toBe(200)
    const response = await exchange(seller, { code, state: new URL(authUrl).searchParams.get('state') })
    expect(response.status).toBe(400)
    const body = await readJson(response)
    expect(body.code).toBe('ebay_grant_refused')
    expect(body.message).toContain('invalid_grant')
    expect(body.message).toContain('invalid or has expired')
  })

  it('refuses a state from another session, and a missing code with the message of docs/product.md §5', async () => {
    const seller = await signUp('other-session')
    const { code, state } = await authorize(seller)
    const stranger = await signUp('stranger')
    expect(await readJson(await exchange(stranger, { code, state }))).toMatchObject({ code: 'oauth_state_invalid' })
    // The same seller signed in elsewhere: another session, so not the one that started the authorization.
    const elsewhere = client(t.app)
    await succeeded(elsewhere.post('/api/login', { username: 'other-session', password: newUser('x').password }), 200)
    expect(await readJson(await exchange(elsewhere, { code, state }))).toMatchObject({ code: 'oauth_state_invalid' })
    expect(await check(elsewhere)).toBe(false)
    const missing = await exchange(seller, { code: ' ', state })
    expect(missing.status).toBe(400)
    expect((await readJson(missing)).message).toContain('Missing Code: Please enter the authorization code from eBay.')
    // The refusals spent nothing: the seller's own session still finishes.
    expect((await exchange(seller, { code, state })).status).toBe(200)
  })

  it('refuses to start an authorization for another site (issue 27 F12): six of them would push out the seller’s own pending one', async () => {
    const seller = await signUp('pending-kept')
    const { code, state } = await authorize(seller)
    for (let attempt = 0; attempt < 6; attempt++) {
      for (const headers of [
        { origin: '', 'sec-fetch-site': 'cross-site' },
        { origin: 'https://evil.example' },
      ] as Record<string, string>[]) {
        const refused = await seller.call('GET', '/api/marketplace-connections/ebay/auth', undefined, headers)
        expect(refused.status).toBe(403)
        expect((await readJson(refused)).code).toBe('forbidden')
      }
    }
    expect(await t.db.sql`select 1 from oauth_states where user_id = ${seller.id}`).toHaveLength(1)
    expect((await exchange(seller, { code, state })).status).toBe(200)
  })

  it('refuses a code without its state and links nothing, even with an authorization pending in the session (issue 13 #4)', async () => {
    // The attacker gets a code for their own eBay account; the victim's session has an authorization pending (a page
    // on another site can start one with a top-level GET).
    const attacker = await signUp('attacker')
    const attackersCode = await authorize(attacker)
    const victim = await signUp('victim')
    await succeeded(victim.get('/api/marketplace-connections/ebay/auth'), 200)
    const grants = fake.grants.length
    for (const body of [
      { code: attackersCode.code },
      { code: attackersCode.code, state: '' },
      { code: attackersCode.code, state: attackersCode.state },
    ]) {
      const response = await exchange(victim, body)
      expect(response.status).toBe(400)
      expect((await readJson(response)).code).toMatch(/^(invalid_input|oauth_state_invalid)$/)
    }
    const withoutState = await readJson(await exchange(victim, { code: attackersCode.code }))
    expect(withoutState.message).toContain('Paste the whole address eBay sent you to, including state=')
    // eBay was never asked: the attacker's code is unspent and the victim is not connected to anything.
    expect(fake.grants.slice(grants)).toEqual([])
    expect(await check(victim)).toBe(false)
    expect(await readJson(await victim.get('/api/marketplace-connections'))).toEqual([])
  })

  it('reports the decline as eBay sends it: to the declined address with an error', async () => {
    const seller = await signUp('decline')
    const { callback } = await authorize(seller, 'decline')
    expect(callback.pathname).toBe('/ebay-auth/cancel')
    expect(callback.searchParams.get('error')).toBe('access_denied')
  })

  it('says Missing eBay Certificate ID when EBAY_CLIENT_SECRET is not set', async () => {
    const seller = await signUp('no-cert', noCertId)
    const { authUrl } = await readJson(await seller.get('/api/marketplace-connections/ebay/auth'))
    const callback = await fake.consent(authUrl)
    const response = await exchange(seller, {
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
    })
    expect(response.status).toBe(500)
    expect(await readJson(response)).toMatchObject({
      code: 'ebay_missing_cert_id',
      message: expect.stringContaining('Missing eBay Certificate ID'),
    })
  })

  it('answers 502 when eBay cannot be reached', async () => {
    const down = await appWith(ebayConfig({ apiUrl: 'http://127.0.0.1:9', identityUrl: 'http://127.0.0.1:9' }))
    try {
      const seller = await signUp('down', down)
      const { authUrl } = await readJson(await seller.get('/api/marketplace-connections/ebay/auth'))
      const callback = await fake.consent(authUrl)
      const response = await exchange(seller, {
        code: callback.searchParams.get('code'),
        state: callback.searchParams.get('state'),
      })
      expect(response.status).toBe(502)
      expect((await readJson(response)).code).toBe('ebay_unreachable')
    } finally {
      await down.close()
    }
  })

  it('disconnects', async () => {
    const seller = await signUp('leaving')
    await connect(seller)
    expect((await seller.call('DELETE', '/api/marketplace-connections/ebay')).status).toBe(200)
    expect(await readJson(await seller.get('/api/marketplace-connections'))).toEqual([])
    expect((await seller.call('DELETE', '/api/marketplace-connections/ebay')).status).toBe(404)
  })
})

describe('the address pasted on the manual screen', () => {
  const encoded = 'v%5E1.1%23i%5E1%23t%5Eabc'
  const manual = (address: string) => v.safeParse(EbayManualSchema, { address })

  it('gives code (still as eBay encoded it) and state, from the whole address or only its query', () => {
    const pair = { code: encoded, state: 'st4te_-x' }
    expect(
      readEbayRedirect(`https://snaplist.test/ebay-auth/success?state=st4te_-x&code=${encoded}&expires_in=299`),
    ).toEqual(pair)
    expect(readEbayRedirect(`  ?code=${encoded}&state=st4te_-x `)).toEqual(pair)
    expect(readEbayRedirect(`code=${encoded}&state=st4te_-x`)).toEqual(pair)
    expect(manual(`https://snaplist.test/ebay-auth/success?state=st4te_-x&code=${encoded}`)).toMatchObject({
      success: true,
      output: pair,
    })
  })

  it('says what is missing: nothing pasted, or a code without its state', () => {
    const message = (address: string) => manual(address).issues?.[0]?.message
    expect(message('')).toBe('Missing Code: Please enter the authorization code from eBay.')
    expect(message('https://snaplist.test/ebay-auth/success?state=st4te')).toBe(
      'Missing Code: Please enter the authorization code from eBay.',
    )
    expect(message(encoded)).toBe('Paste the whole address eBay sent you to, including state=…')
    expect(message(`https://snaplist.test/ebay-auth/success?code=${encoded}&expires_in=299`)).toBe(
      'Paste the whole address eBay sent you to, including state=…',
    )
  })
})

describe('keeping the eBay connection working', () => {
  it('refreshes the access token shortly before it expires, keeping the refresh token and its end', async () => {
    const seller = await signUp('refresh')
    await connect(seller)
    const before = await storedRow(seller.id)
    await t.db
      .sql`update marketplace_connections set token_expiry = now() + interval '2 minutes' where id = ${before.id}`
    const grants = fake.grants.length
    expect(await check(seller)).toBe(true)
    expect(fake.grants.slice(grants)).toEqual(['refresh_token'])
    const after = await storedRow(seller.id)
    expect(cipher.open(after.accessToken)).not.toBe(cipher.open(before.accessToken))
    expect(cipher.open(after.refreshToken)).toBe(cipher.open(before.refreshToken))
    expect(after.refreshTokenExpiry).toEqual(before.refreshTokenExpiry)
    expect((after.tokenExpiry.getTime() - Date.now()) / HOUR_MS).toBeGreaterThan(1.9)
  })

  it('keeps reading the sales of a seller who connected before fees were asked for: a refresh asks for what they granted', async () => {
    const seller = await signUp('older-grant')
    const { authUrl } = await readJson(await succeeded(seller.get('/api/marketplace-connections/ebay/auth'), 200))
    const older = new URL(authUrl as string)
    older.searchParams.set('scope', EBAY_SCOPES.filter((scope) => !scope.endsWith('/sell.finances')).join(' '))
    const callback = await fake.consent(older.href)
    const code = callback.searchParams.get('code') ?? ''
    await succeeded(exchange(seller, { code, state: callback.searchParams.get('state') ?? '' }), 200)
    const row = await storedRow(seller.id)
    await t.db.sql`update marketplace_connections set token_expiry = now() + interval '2 minutes' where id = ${row.id}`
    expect(await check(seller)).toBe(true)
    const token = cipher.open((await storedRow(seller.id)).accessToken)
    const asSeller = (path: string) =>
      fetch(`${fake.url}${path}`, {
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US', 'x-ebay-c-marketplace-id': 'EBAY_US' },
      })
    expect((await asSeller('/sell/fulfillment/v1/order?limit=1')).status).toBe(200)
    expect((await asSeller('/sell/finances/v1/transaction?limit=1')).status).toBe(403)
  })

  it('refreshes once when eBay answers 401 to a token it should still take', async () => {
    const seller = await signUp('early-401')
    await connect(seller)
    fake.expireAccessTokens()
    const grants = fake.grants.length
    expect(await check(seller)).toBe(true)
    expect(fake.grants.slice(grants)).toEqual(['refresh_token'])
  })

  it('marks the connection as needing reconnection when eBay refuses the refresh token: eBay token expired', async () => {
    const seller = await signUp('revoked')
    await connect(seller)
    fake.revokeAll()
    expect(await check(seller)).toBe(false)
    const status = await readJson(await seller.get('/api/marketplace-connections/ebay/status'))
    expect(status.connection).toMatchObject({ connected: false })
    const connections = createMarketplaceConnectionService({
      sql: t.db.sql,
      cipher,
      providers: { ebay: createEbayProvider(ebayConfig())! },
    })
    await expect(connections.call(seller.id, 'ebay', async () => 'unused')).rejects.toMatchObject({
      code: 'marketplace_connection_lapsed',
      message: expect.stringContaining('eBay token expired'),
    })
  })
})

describe('the eBay settings', () => {
  it('without them, status tells the admin what to set (a seller: to ask the admin) and auth answers 503', async () => {
    const seller = await registeredClient(unconfigured.app, 'no-settings', { setupCode: unconfigured.setupCode })
    const status = await readJson(await seller.get('/api/marketplace-connections/ebay/status'))
    expect(status).toMatchObject({ configured: false, connection: null })
    for (const name of ['EBAY_CLIENT_ID', 'EBAY_CLIENT_SECRET', 'EBAY_RU_NAME', 'EBAY_ENV'])
      expect(status.setupMessage).toContain(name)
    // A seller who is not the admin is not given the settings' names, only whom to ask.
    const plain = await signUp('no-settings-plain', unconfigured)
    expect((await readJson(await plain.get('/api/marketplace-connections/ebay/status'))).setupMessage).toBe(
      'eBay is not set up on this server, ask the admin.',
    )
    const auth = await seller.get('/api/marketplace-connections/ebay/auth')
    expect(auth.status).toBe(503)
    expect(await check(seller)).toBe(false)
  })

  it('GET /api/debug/ebay-environment: signed-in only, settings as yes/no to an admin, never a value; a seller learns only what they need', async () => {
    expect((await client(t.app).get('/api/debug/ebay-environment')).status).toBe(401)
    const seller = await signUp('debug-seller')
    expect(await readJson(await seller.get('/api/debug/ebay-environment'))).toEqual({
      environment: 'sandbox',
      configured: true,
    })
    const admin = await signUp('debugger')
    await setAdmin(t.db.sql, 'debugger')
    const response = await admin.get('/api/debug/ebay-environment')
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(JSON.parse(text)).toMatchObject({
      environment: 'sandbox',
      configured: true,
      settings: {
        EBAY_CLIENT_ID: true,
        EBAY_CLIENT_SECRET: true,
        EBAY_RU_NAME: true,
        EBAY_VERIFICATION_TOKEN: true,
        EBAY_DELETION_ENDPOINT_URL: true,
      },
      redirect: { ruNamePresent: true, acceptedPaths: ['/ebay-auth/success', '/ebay/auth/success', '/ebay-success'] },
      apiBase: fake.url,
      identityBase: fake.url,
      deletionEndpointConfigured: true,
    })
    for (const secret of [fake.clientId, fake.clientSecret, fake.ruName, 'a-verification-token'])
      expect(text).not.toContain(secret)
    const bare = await signUp('debug-bare', unconfigured)
    await setAdmin(unconfigured.db.sql, 'debug-bare')
    expect(await readJson(await bare.get('/api/debug/ebay-environment'))).toMatchObject({
      environment: null,
      configured: false,
      apiBase: 'https://api.sandbox.ebay.com',
      identityBase: 'https://apiz.sandbox.ebay.com',
      deletionEndpointConfigured: false,
    })
  })
})

describe('Marketplace Account Deletion', () => {
  const notification = (userId: string, username: string) =>
    JSON.stringify({
      metadata: { topic: 'MARKETPLACE_ACCOUNT_DELETION', schemaVersion: '1.0', deprecated: false },
      notification: {
        notificationId: `${userId}-notification`,
        eventDate: '2026-11-21T06:00:00.000Z',
        publishDate: '2026-11-21T06:00:00.100Z',
        publishAttemptCount: 1,
        data: { username, userId, eiasToken: 'nY+sHZ2PrBmdj6wVnY+sEZ2PrA2dj6wJnY+gAZGEpwmdj6x9nY+seQ==' },
      },
    })
  const deliver = (body: string, signature?: string) =>
    t.app.request('http://localhost/api/ebay/account-deletion', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'x-ebay-signature': signature }),
      },
      body,
    })

  it('answers the challenge with the SHA-256 hex of code + verification token + endpoint URL', async () => {
    const response = await t.app.request('http://localhost/api/ebay/account-deletion?challenge_code=abc123')
    expect(response.status).toBe(200)
    const expected = createHash('sha256')
      .update('abc123')
      .update(ebayConfig().verificationToken!)
      .update(ebayConfig().deletionEndpointUrl!)
      .digest('hex')
    expect(await response.json()).toEqual({ challengeResponse: expected })
    // The notes' sanity vector.
    const vector = createEbayAccountDeletion(
      t.db.sql,
      ebayConfig({
        verificationToken: 'my_verification_token_0123456789abcdef',
        deletionEndpointUrl: 'https://api.example.com/ebay/account-deletion',
      }),
    )
    expect(vector.challenge('abc123').challengeResponse).toBe(
      '17500a6c7939b4926dc8dd1f8a39c7df51401cb3f923a7c3bc746286112cf822',
    )
    expect((await t.app.request('http://localhost/api/ebay/account-deletion')).status).toBe(400)
    const bare = await unconfigured.app.request('http://localhost/api/ebay/account-deletion?challenge_code=abc123')
    expect(bare.status).toBe(503)
    expect((await readJson(bare)).message).toContain('EBAY_VERIFICATION_TOKEN')
  })

  it('refuses a notification whose X-EBAY-SIGNATURE is missing or does not match, and changes nothing', async () => {
    const seller = await signUp('unsigned')
    await connect(seller)
    const body = notification(fake.seller.userId, fake.seller.username)
    expect((await deliver(body)).status).toBe(412)
    expect((await deliver(body, fake.signNotification(body.replace('06:00', '07:00')))).status).toBe(412)
    expect((await deliver(body, 'not base64 json')).status).toBe(412)
    expect((await storedRow(seller.id)).accountDeletionStatus).toBeNull()
    expect(await check(seller)).toBe(true)
  })

  it('erases the deleted eBay user’s tokens and records the deletion; the public key is fetched once', async () => {
    const seller = await signUp('deleted')
    await connect(seller)
    const body = notification(fake.seller.userId, fake.seller.username)
    const keyCalls = () => fake.calls.filter((call) => call.includes('/public_key/')).length
    const before = keyCalls()
    const response = await deliver(body, fake.signNotification(body))
    expect(response.status).toBe(204)
    const row = await storedRow(seller.id)
    expect(row).toMatchObject({ accessToken: '', refreshToken: null, accountDeletionStatus: 'deleted' })
    expect(await check(seller)).toBe(false)
    expect(await readJson(await seller.get('/api/marketplace-connections'))).toEqual([
      expect.objectContaining({ platform: 'ebay', connected: false, accountDeletionStatus: 'deleted' }),
    ])
    // Again (eBay retries): still 204, and the key came from the cache.
    expect((await deliver(body, fake.signNotification(body))).status).toBe(204)
    expect(keyCalls() - before).toBeLessThanOrEqual(1)
    // Connecting again clears the mark.
    await connect(seller)
    expect((await storedRow(seller.id)).accountDeletionStatus).toBeNull()
  })

  it('acknowledges a notification of another topic, or for an unknown user, without touching anyone', async () => {
    const seller = await signUp('bystander')
    await connect(seller)
    const other = notification('someone-else', 'someone_else')
    expect((await deliver(other, fake.signNotification(other))).status).toBe(204)
    const topic = JSON.stringify({
      ...JSON.parse(notification(fake.seller.userId, fake.seller.username)),
      metadata: { topic: 'OTHER_TOPIC' },
    })
    expect((await deliver(topic, fake.signNotification(topic))).status).toBe(204)
    expect((await storedRow(seller.id)).accountDeletionStatus).toBeNull()
  })

  describe('made-up key ids (issue 13: unauthenticated posts must not make the server call eBay at will)', () => {
    const keyCalls = () => fake.calls.filter((call) => call.includes('/public_key/')).length
    /** A header with a key id of the sender's choosing, as anyone can write one. */
    const madeUpSignature = (kid: string) =>
      Buffer.from(
        JSON.stringify({
          alg: 'ecdsa',
          kid,
          signature: Buffer.from('not a signature').toString('base64'),
          digest: 'SHA1',
        }),
      ).toString('base64')
    const randomKid = () => randomBytes(12).toString('hex')
    const body = notification('nobody', 'nobody')
    // Each test counts its own key fetches: earlier deliveries in this file may have used the minute's budget.
    beforeEach(() => t.db.sql`delete from rate_limits where key like 'ebay-key:%'`)

    it('asks eBay once for the same unknown key id, even twice at once, then refuses it from memory', async () => {
      const kid = randomKid()
      const before = keyCalls()
      const replies = await Promise.all([deliver(body, madeUpSignature(kid)), deliver(body, madeUpSignature(kid))])
      expect(replies.map((reply) => reply.status)).toEqual([412, 412])
      expect((await deliver(body, madeUpSignature(kid))).status).toBe(412)
      expect(keyCalls() - before).toBe(1)
    })

    it('50 posts with random key ids from one address fetch at most its limit; eBay’s own notifications still pass', async () => {
      const real = notification('someone-real', 'someone_real')
      expect((await deliver(real, fake.signNotification(real))).status).toBe(204)
      const before = keyCalls()
      const statuses = await Promise.all(
        Array.from({ length: 50 }, async () => (await deliver(body, madeUpSignature(randomKid()))).status),
      )
      expect(keyCalls() - before).toBeLessThanOrEqual(KEY_FETCH_LIMITS.perAddress.max)
      // Refused either way: as unknown to eBay (412) or, past the limit, before asking eBay (429).
      expect(statuses.every((status) => status === 412 || status === 429)).toBe(true)
      expect(statuses).toContain(429)
      // eBay's key is known already: a real notification is not held up by the flood.
      expect((await deliver(real, fake.signNotification(real))).status).toBe(204)
    })

    it('a notice signed with a key not fetched yet waits out a flood of made-up ones, and erases when eBay sends it again', async () => {
      const seller = await signUp('heldback')
      await connect(seller)
      // A server that has not fetched eBay's key yet, while a flood of made-up ones uses the overall budget up. Anyone
      // can name anyone, so a notice about a seller connected here has no budget of its own (only a push to a
      // seller's own address has: tests/api/ebay/notification-signature.test.ts).
      const deletion = createEbayAccountDeletion(t.db.sql, ebayConfig())
      const flood = await Promise.allSettled(
        Array.from({ length: 50 }, (_, index) =>
          deletion.notify(body, madeUpSignature(randomKid()), `203.0.113.${index}`),
        ),
      )
      expect(
        flood.map((outcome) =>
          outcome.status === 'rejected' ? (outcome.reason as { status: number }).status : 'accepted',
        ),
      ).toContain(429)
      const real = notification(fake.seller.userId, fake.seller.username)
      await expect(deletion.notify(real, fake.signNotification(real), '198.51.100.7')).rejects.toMatchObject({
        status: 429,
      })
      expect((await storedRow(seller.id)).accountDeletionStatus).toBeNull()
      // A minute on, eBay sends it again.
      await t.db.sql`delete from rate_limits where key like 'ebay-key:%'`
      await expect(deletion.notify(real, fake.signNotification(real), '198.51.100.7')).resolves.toMatchObject({
        kind: 'erased',
      })
      expect((await storedRow(seller.id)).accountDeletionStatus).toBe('deleted')
    })

    it('50 posts with random key ids from 50 addresses fetch at most the overall limit', async () => {
      const deletion = createEbayAccountDeletion(t.db.sql, ebayConfig())
      const before = keyCalls()
      const outcomes = await Promise.allSettled(
        Array.from({ length: 50 }, (_, index) =>
          deletion.notify(body, madeUpSignature(randomKid()), `203.0.113.${index}`),
        ),
      )
      expect(keyCalls() - before).toBeLessThanOrEqual(KEY_FETCH_LIMITS.overall.max)
      expect(
        outcomes.map((outcome) =>
          outcome.status === 'rejected' ? (outcome.reason as { status: number }).status : 'accepted',
        ),
      ).toContain(429)
    })
  })
})

describe("calling eBay's Sell APIs for a seller", () => {
  const location = (
    key: string,
    body: unknown = {
      location: { address: { postalCode: '95125', country: 'US' } },
      locationTypes: ['WAREHOUSE'],
      name: 'Snaplist',
    },
  ): SellRequest => ({
    method: 'POST',
    path: `/sell/inventory/v1/location/${key}`,
    body,
    accept: [409],
  })
  const sellFor = (userId: number, request: SellRequest, fetcher?: typeof fetch) => {
    const connections = createMarketplaceConnectionService({
      sql: t.db.sql,
      cipher,
      providers: { ebay: createEbayProvider(ebayConfig())! },
    })
    const sell = createEbaySellClient({ api: fake.url, media: fake.url, apiz: fake.url }, fetcher)
    return connections.call(userId, 'ebay', (token) => sell.send(token, request))
  }

  it('creates an inventory location once (409 Already Exists is fine) with a body eBay’s contract accepts', async () => {
    const seller = await signUp('location')
    const { grant } = await connect(seller)
    expect(await sellFor(seller.id, location(`snaplist-${seller.id}`))).toMatchObject({ status: 204 })
    expect(await sellFor(seller.id, location(`snaplist-${seller.id}`))).toMatchObject({ status: 409 })
    expect(fake.inventory(grant).locations.get(`snaplist-${seller.id}`)).toMatchObject({ locationTypes: ['WAREHOUSE'] })
  })

  it('keeps eBay’s own words when eBay refuses a body that breaks the contract', async () => {
    const seller = await signUp('bad-body')
    await connect(seller)
    await expect(
      sellFor(seller.id, location('bad', { location: { address: { postalCode: 95125 } } })),
    ).rejects.toMatchObject({
      status: 400,
      code: 'ebay_refused',
      message: expect.stringContaining(
        'eBay refused the request: Input error. /location/address/postalCode must be string',
      ),
    })
  })

  it('always sends Accept-Language en-US, which the stand-in (like eBay) requires instead of Node’s *', async () => {
    const seller = await signUp('language')
    await connect(seller)
    const star: typeof fetch = (input, init) =>
      fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), 'accept-language': '*' } })
    await expect(sellFor(seller.id, location('star'), star)).rejects.toMatchObject({
      message: expect.stringContaining('Invalid value for header Accept-Language.'),
    })
    expect(await sellFor(seller.id, location(`lang-${seller.id}`))).toMatchObject({ status: 204 })
  })

  it('finds the seller’s business policies, one of each kind, and each shipping policy’s name and whether it is calculated, in three Account API calls', async () => {
    const seller = await signUp('policies')
    await connect(seller)
    const connections = createMarketplaceConnectionService({
      sql: t.db.sql,
      cipher,
      providers: { ebay: createEbayProvider(ebayConfig())! },
    })
    const policiesOf = () =>
      connections.call(seller.id, 'ebay', (token) =>
        findBusinessPolicies(createEbaySellClient({ api: fake.url, media: fake.url, apiz: fake.url }), token),
      )
    const calls = fake.calls.length
    expect(await policiesOf()).toEqual({
      policies: { fulfillmentPolicyId: '6196929000', paymentPolicyId: '6196932000', returnPolicyId: '6196930000' },
      calculatedShipping: false,
      shippingPolicies: [{ id: '6196929000', name: 'fulfillment policy 6196929000', calculated: false }],
    })
    expect(fake.calls.length - calls).toBe(3)
    try {
      fake.setPolicies({ fulfillment: ['1'], payment: ['2'], return: [] })
      await expect(policiesOf()).rejects.toMatchObject({
        status: 400,
        code: 'ebay_policies_missing',
        message: expect.stringMatching(
          /^You need to set up eBay selling policies before posting: create a return policy in eBay Seller Hub/,
        ),
      })
      fake.setPolicies(null)
      await expect(policiesOf()).rejects.toMatchObject({
        code: 'ebay_policies_not_opted_in',
        message: expect.stringContaining(
          'You need to set up eBay selling policies: your eBay account has not opted in to business policies yet.',
        ),
      })
    } finally {
      fake.setPolicies({ fulfillment: ['6196929000'], payment: ['6196932000'], return: ['6196930000'] })
    }
  })

  it('refreshes once on a 401 and retries; a revoked grant ends as eBay token expired', async () => {
    const seller = await signUp('sell-401')
    await connect(seller)
    fake.expireAccessTokens()
    const grants = fake.grants.length
    expect(await sellFor(seller.id, location(`retry-${seller.id}`))).toMatchObject({ status: 204 })
    expect(fake.grants.slice(grants)).toEqual(['refresh_token'])
    fake.revokeAll()
    await expect(sellFor(seller.id, location(`revoked-${seller.id}`))).rejects.toMatchObject({
      message: expect.stringContaining('eBay token expired'),
    })
  })
})
