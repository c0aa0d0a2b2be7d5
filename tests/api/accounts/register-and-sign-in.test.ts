import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  client,
  createTestApp,
  newUser,
  readJson,
  registeredClient,
  succeeded,
  TEST_ORIGIN,
  type TestApp,
} from '../../helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const countUsers = async () => (await t.db.sql`select count(*)::int as n from users`)[0]!.n as number

describe('registration', () => {
  it('creates the account and signs it in; the very first account is no admin without the setup code', async () => {
    const alice = client(t.app)
    const response = await alice.post('/api/register', newUser('alice'))
    expect(response.status).toBe(201)
    const body = await readJson(response)
    expect(body).toMatchObject({
      username: 'alice',
      email: 'alice@example.com',
      firstName: 'Sam',
      lastName: 'Seller',
      isAdmin: false,
    })
    expect(body).not.toHaveProperty('password')
    expect(body).not.toHaveProperty('passwordHash')
    const me = await alice.get('/api/user')
    expect(me.status).toBe(200)
    expect((await readJson(me)).username).toBe('alice')
  })

  it('ignores a forged isAdmin: later accounts are never admins', async () => {
    const response = await client(t.app).post('/api/register', { ...newUser('mallory'), isAdmin: true })
    expect(response.status).toBe(201)
    expect((await readJson(response)).isAdmin).toBe(false)
  })

  it('sets an HttpOnly, SameSite=Lax session cookie lasting 30 days and stores only its hash', async () => {
    const response = await client(t.app).post('/api/register', newUser('cookie'))
    const setCookie = response.headers.get('set-cookie')!
    expect(setCookie).toMatch(/HttpOnly/)
    expect(setCookie).toMatch(/SameSite=Lax/)
    expect(setCookie).not.toMatch(/Secure/)
    const expires = new Date(/Expires=([^;]+)/.exec(setCookie)![1]!)
    expect(Math.round((expires.getTime() - Date.now()) / 86_400_000)).toBe(30)
    const token = /snaplist_session=([^;]+)/.exec(setCookie)![1]!
    const stored = await t.db.sql`select token_hash from sessions where token_hash = ${token}`
    expect(stored).toHaveLength(0)
  })

  it('links the welcome email to the configured address, never to the host a forged Host header names', async () => {
    const forged = await t.app.request('http://evil.example/api/register', {
      method: 'POST',
      headers: { host: 'evil.example', origin: 'http://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify(newUser('hosted')),
    })
    expect(forged.status).toBe(201)
    await t.settle()
    const [mail] = await t.db
      .sql`select text, html from mail_outbox where recipient = 'hosted@example.com' and template = 'welcome'`
    expect(mail!.text).toContain(`Open Snaplist: ${TEST_ORIGIN}`)
    expect(`${mail!.text}${mail!.html}`).not.toContain('evil.example')
  })

  it('says which of username and email is taken, with 409', async () => {
    await client(t.app).post('/api/register', newUser('bob'))
    const sameName = await client(t.app).post('/api/register', { ...newUser('BOB'), email: 'other@example.com' })
    expect(sameName.status).toBe(409)
    expect((await readJson(sameName)).message).toMatch(/username is already taken/)
    const sameEmail = await client(t.app).post('/api/register', { ...newUser('robert'), email: 'Bob@Example.com' })
    expect(sameEmail.status).toBe(409)
    expect((await readJson(sameEmail)).message).toMatch(/email already exists/)
  })

  it('takes a username that looks like one already taken for that one (issue 27 F13): Cyrillic, Greek, ligatures, full-width', async () => {
    await succeeded(client(t.app).post('/api/register', newUser('alice13')), 201)
    await succeeded(client(t.app).post('/api/register', newUser('admfin')), 201)
    // а and е Cyrillic; Α Greek; ı dotless; full-width letters; ﬁ the ligature, which NFKC makes "fi".
    const lookAlikes = [
      '\u0430lice13',
      'ALIC\u041513',
      '\u0391LICE13',
      'al\u0131ce13',
      '\uff41\uff4c\uff49\uff43\uff45\uff11\uff13',
      'adm\ufb01n',
    ]
    for (const [index, username] of lookAlikes.entries()) {
      const response = await client(t.app).post('/api/register', {
        ...newUser(username),
        email: `look-alike-${index}@example.com`,
      })
      expect(response.status, username).toBe(409)
      expect(await readJson(response)).toMatchObject({
        code: 'conflict',
        fields: { username: expect.stringMatching(/already taken/) },
      })
    }
    const [row] = await t.db.sql`select count(*)::int as n from users where email like 'look-alike-%'`
    expect(row!.n).toBe(0)
    await succeeded(client(t.app).post('/api/register', newUser('alicia13')), 201)
  })

  it('refuses missing and malformed fields with a message per field and writes nothing', async () => {
    const before = await countUsers()
    const response = await client(t.app).post('/api/register', {
      username: '',
      email: 'not-an-email',
      firstName: 'A',
      lastName: 'B',
      password: 'short',
    })
    expect(response.status).toBe(400)
    const body = await readJson(response)
    expect(body.fields).toMatchObject({
      username: 'Username is required',
      email: 'Invalid email format',
      password: 'Password must be at least 8 characters',
    })
    expect(body.message).toContain('Username is required')
    const wrongTypes = await client(t.app).post('/api/register', { ...newUser('typed'), username: 42, password: ['x'] })
    expect(wrongTypes.status).toBe(400)
    expect(await countUsers()).toBe(before)
  })

  it('refuses common passwords and ones containing the username or email, with a message on the password field', async () => {
    const before = await countUsers()
    const refusals: [Record<string, string>, string][] = [
      [{ password: '12345678' }, 'This password is too common. Choose one that is harder to guess.'],
      [{ password: 'Password123' }, 'This password is too common. Choose one that is harder to guess.'],
      [{ password: 'weakling' }, 'Your password cannot contain your username or email address.'],
      [{ password: 'my weakling@example.com' }, 'Your password cannot contain your username or email address.'],
      [{ password: 'the WEAKLING rules' }, 'Your password cannot contain your username or email address.'],
    ]
    for (const [change, message] of refusals) {
      const response = await client(t.app).post('/api/register', { ...newUser('weakling'), ...change })
      expect(response.status).toBe(400)
      expect(await readJson(response)).toMatchObject({ code: 'invalid_input', fields: { password: message } })
    }
    expect(await countUsers()).toBe(before)
  })

  it('normalises usernames (NFKC) and refuses invisible and text-direction characters', async () => {
    const fullWidth = await client(t.app).post('/api/register', { ...newUser('ｗｉｄｅ'), email: 'wide@example.com' })
    expect(fullWidth.status).toBe(201)
    expect((await readJson(fullWidth)).username).toBe('wide')
    const before = await countUsers()
    for (const hidden of ['\u200B', '\u200D', '\u200F', '\u202E', '\u2066', '\uFEFF', '\u00AD', '\u0007']) {
      const response = await client(t.app).post('/api/register', {
        ...newUser('bob'),
        username: `b${hidden}ob`,
        email: 'lookalike@example.com',
      })
      expect(response.status).toBe(400)
      expect((await readJson(response)).fields).toEqual({
        username: 'Username cannot contain invisible or text-direction characters',
      })
    }
    expect(await countUsers()).toBe(before)
  })

  it("accepts an email address as the username only when it is the account's own", async () => {
    const other = await client(t.app).post('/api/register', {
      ...newUser('x'),
      username: 'boss@example.com',
      email: 'intern@example.com',
    })
    expect(other.status).toBe(400)
    expect((await readJson(other)).fields).toEqual({
      username: 'A username with @ in it must be your own email address.',
    })
    const own = await client(t.app).post('/api/register', {
      ...newUser('x'),
      username: 'Self@Example.com',
      email: 'self@example.com',
    })
    expect(own.status).toBe(201)
  })

  it('answers malformed JSON, a non-object body and a non-JSON content type with clear 4xx messages', async () => {
    const c = client(t.app)
    const malformed = await c.post('/api/register', '{"username": "x",')
    expect(malformed.status).toBe(400)
    expect((await readJson(malformed)).message).toBe('The request body is not valid JSON.')
    const array = await c.post('/api/login', 'null')
    expect(array.status).toBe(400)
    expect((await readJson(array)).message).toMatch(/JSON object/)
    const text = await c.post('/api/login', 'username=a', { 'content-type': 'text/plain' })
    expect(text.status).toBe(415)
  })

  it('refuses a 1 MB body with 413 and creates nothing', async () => {
    const before = await countUsers()
    const response = await client(t.app).post('/api/register', {
      ...newUser('huge'),
      lastName: 'x'.repeat(1024 * 1024),
    })
    expect(response.status).toBe(413)
    expect((await readJson(response)).message).toMatch(/too large/)
    expect(await countUsers()).toBe(before)
  })
})

describe('sign-in and sign-out', () => {
  it('signs in by username or email, and the session survives later requests', async () => {
    await client(t.app).post('/api/register', newUser('carol'))
    for (const login of ['carol', 'CAROL@example.com']) {
      const c = client(t.app)
      const response = await c.post('/api/login', { username: login, password: 'correct horse battery' })
      expect(response.status).toBe(200)
      expect((await readJson(await c.get('/api/user'))).username).toBe('carol')
    }
  })

  it('answers a wrong password with 401 and a message, and sets no cookie', async () => {
    const response = await client(t.app).post('/api/login', { username: 'carol', password: 'wrong password' })
    expect(response.status).toBe(401)
    expect((await readJson(response)).message).toBe('Incorrect username or password. Check both and try again.')
    expect(response.headers.get('set-cookie')).toBeNull()
  })

  it('requires username and password', async () => {
    const response = await client(t.app).post('/api/login', {})
    expect(response.status).toBe(400)
    expect((await readJson(response)).fields).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    })
  })

  it("marks every JSON answer but a 401 no-store, so no cache keeps a seller's data for the next person", async () => {
    const c = client(t.app)
    const signedIn = await c.post('/api/login', { username: 'carol', password: 'correct horse battery' })
    const me = await c.get('/api/user')
    const listings = await c.get('/api/listings')
    for (const response of [signedIn, me, listings]) expect(response.headers.get('cache-control')).toBe('no-store')
    // A 401 names nobody; no-store on it kept Chromium's preload of /api/user pending (see middleware/no-store.ts).
    expect((await client(t.app).get('/api/user')).headers.get('cache-control')).toBeNull()
  })

  it('answers /api/user with 401 when nobody is signed in', async () => {
    const response = await client(t.app).get('/api/user')
    expect(response.status).toBe(401)
  })

  it('logout deletes the session: the old cookie no longer works', async () => {
    const c = client(t.app)
    await c.post('/api/login', { username: 'carol', password: 'correct horse battery' })
    const stolen = c.cookie
    const logout = await c.post('/api/logout')
    expect(logout.status).toBe(200)
    expect(c.cookie).toBe('')
    const replay = client(t.app)
    replay.cookie = stolen
    expect((await replay.get('/api/user')).status).toBe(401)
  })

  /** Moves the client's session back in time: signed in `ageDays` ago, expiring in `expiresInDays`. */
  async function ageSession(c: ReturnType<typeof client>, ageDays: number, expiresInDays: number) {
    const tokenHash = createHash('sha256').update(c.cookie.split('=')[1]!).digest('hex')
    const moved = await t.db.sql`
      update sessions set created_at = now() - make_interval(days => ${ageDays}), expires_at = now() + make_interval(days => ${expiresInDays})
      where token_hash = ${tokenHash}`
    expect(moved.count).toBe(1)
  }

  it('refuses a session older than 90 days even when it was used every day', async () => {
    const c = await registeredClient(t.app, 'veteran')
    expect((await c.get('/api/user')).status).toBe(200)
    // Used yesterday, so unexpired by the sliding 30 days, but signed in 91 days ago.
    await ageSession(c, 91, 29)
    expect((await c.get('/api/user')).status).toBe(401)
  })

  it('never renews a session past its 90th day', async () => {
    const c = await registeredClient(t.app, 'longtimer')
    await ageSession(c, 80, 2)
    const renewed = await c.get('/api/user')
    expect(renewed.status).toBe(200)
    const expires = new Date(/Expires=([^;]+)/.exec(renewed.headers.get('set-cookie')!)![1]!)
    expect(Math.round((expires.getTime() - Date.now()) / 86_400_000)).toBe(10)
  })

  it('refuses a state-changing request from another origin', async () => {
    const before = await countUsers()
    const response = await client(t.app).post('/api/register', newUser('csrf'), { origin: 'https://evil.example' })
    expect(response.status).toBe(403)
    expect((await readJson(response)).message).toMatch(/another website/)
    const bySite = await client(t.app).call('POST', '/api/logout', undefined, {
      origin: '',
      'sec-fetch-site': 'cross-site',
    })
    expect(bySite.status).toBe(403)
    expect(await countUsers()).toBe(before)
  })

  it('rate limits repeated failures per username with 429 and says when to try again', async () => {
    await client(t.app).post('/api/register', newUser('dave'))
    for (let i = 0; i < 5; i++) {
      expect((await client(t.app).post('/api/login', { username: 'dave', password: `guess ${i}` })).status).toBe(401)
    }
    const limited = await client(t.app).post('/api/login', { username: 'dave', password: 'correct horse battery' })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
    expect((await readJson(limited)).message).toMatch(/Too many failed sign-in attempts\. Try again in 1 minute,/)
  })
})
