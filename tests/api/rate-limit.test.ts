// The limits hold under parallel requests (each counted in one statement before anything is checked), count one
// account once whichever of its names is typed, and count the address the trusted proxy saw, not one the client wrote.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REGISTRATION_LIMIT } from '../../api/services/rate-limit.ts'
import { client, createTestApp, newUser, readJson, type TestApp } from '../helpers/test-app.ts'

const PASSWORD = newUser('x').password
const login = (t: TestApp, username: string, password: string, headers: Record<string, string> = {}) =>
  client(t.app).post('/api/login', { username, password }, headers)
const statuses = (responses: Response[]) => responses.map((response) => response.status)
const count = (list: number[], status: number) => list.filter((item) => item === status).length

describe('sign-in limits under parallel requests', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
    await client(t.app).post('/api/register', newUser('victim'))
  })
  afterAll(() => t.close())

  it('checks at most 5 of 200 simultaneous guesses at one account, and refuses the right password sent last', async () => {
    const guesses = Array.from({ length: 199 }, (_, index) => login(t, 'victim', `wrong guess ${index}`))
    const answers = statuses(await Promise.all([...guesses, login(t, 'victim', PASSWORD)]))
    expect(count(answers, 401)).toBeLessThanOrEqual(5)
    expect(count(answers, 401) + count(answers, 429)).toBe(200)
    expect(answers.at(-1)).toBe(429)
  }, 60_000)
})

describe('sign-in limits per address', () => {
  it('answers 429 to 300 simultaneous sign-ins for unknown names from one address once 30 were checked', async () => {
    const t = await createTestApp()
    try {
      const answers = statuses(
        await Promise.all(Array.from({ length: 300 }, (_, index) => login(t, `nobody${index}`, 'some password'))),
      )
      expect(count(answers, 401)).toBeLessThanOrEqual(30)
      expect(count(answers, 429)).toBeGreaterThanOrEqual(270)
      const limited = await login(t, 'nobody-else', 'some password')
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
      // 300 from one address went past the day's step too (a refused try counts): the address waits for the day's end.
      expect((await readJson(limited)).message).toMatch(
        /^Too many failed sign-in attempts\. Try again in (24|23) hours, or reset your password\.$/,
      )
    } finally {
      await t.close()
    }
  }, 60_000)
})

describe('one account, one counter', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
    await client(t.app).post('/api/register', newUser('owner'))
    await client(t.app).post('/api/register', newUser('ivan'))
  })
  afterAll(() => t.close())

  it('counts failures by username and by email address together', async () => {
    for (const name of ['owner', 'OWNER', 'owner@example.com', 'Owner@Example.com', 'owner']) {
      expect((await login(t, name, 'not the password')).status).toBe(401)
    }
    expect((await login(t, 'owner@example.com', PASSWORD)).status).toBe(429)
  })

  it('counts a name the database matches to another spelling (İvan for ivan) on that account', async (context) => {
    const [spelling] = await t.db.sql`select lower('İvan') = 'ivan' as matches`
    // A server with the C collation lowercases only ASCII: there İvan is no one's name and opens no account.
    if (!spelling!.matches) return context.skip()
    for (const name of ['İvan', 'İVAN', 'İvan', 'ivan', 'İvan'])
      expect((await login(t, name, 'not the password')).status).toBe(401)
    expect((await login(t, 'ivan', PASSWORD)).status).toBe(429)
  })
})

describe('sign-ins that succeed', () => {
  it("forget the account's failures and do not use up the address", async () => {
    const t = await createTestApp()
    try {
      await client(t.app).post('/api/register', newUser('typo'))
      // 28 failures and 7 successes: over the address's 30 if successes counted, over the account's 5 if failures stayed.
      for (let round = 0; round < 7; round++) {
        const misses = await Promise.all(Array.from({ length: 4 }, () => login(t, 'typo', 'not the password')))
        expect(statuses(misses)).toEqual([401, 401, 401, 401])
        expect((await login(t, 'typo', PASSWORD)).status).toBe(200)
      }
    } finally {
      await t.close()
    }
  }, 120_000)
})

describe('behind a proxy', () => {
  it('counts the address the proxy added, whatever the client wrote to the left of it', async () => {
    const t = await createTestApp({ trustProxyHops: 1 })
    try {
      for (let attempt = 0; attempt < 30; attempt++) {
        const forged = { 'x-forwarded-for': `10.9.${attempt}.1, 203.0.113.7` }
        expect((await login(t, `guess${attempt}`, 'some password', forged)).status).toBe(401)
      }
      expect((await login(t, 'guess', 'some password', { 'x-forwarded-for': '10.9.99.1, 203.0.113.7' })).status).toBe(
        429,
      )
      expect((await login(t, 'guess', 'some password', { 'x-forwarded-for': '198.51.100.4' })).status).toBe(401)
    } finally {
      await t.close()
    }
  })

  it('with two proxies, takes the entry the outer one added', async () => {
    const t = await createTestApp({ trustProxyHops: 2 })
    try {
      await login(t, 'someone', 'some password', { 'x-forwarded-for': 'forged, 203.0.113.9, 10.0.0.2' })
      expect(await t.db.sql`select key from rate_limits where key like 'login:perAddress:%'`).toEqual([
        { key: 'login:perAddress:203.0.113.9' },
      ])
    } finally {
      await t.close()
    }
  })
})

describe('registration limit', () => {
  it(`creates at most ${REGISTRATION_LIMIT.max} accounts an hour from one address, also when they arrive together`, async () => {
    const t = await createTestApp({ registrationsPerHour: REGISTRATION_LIMIT.max })
    try {
      const answers = await Promise.all(
        Array.from({ length: 14 }, (_, index) => client(t.app).post('/api/register', newUser(`burst${index}`))),
      )
      expect(count(statuses(answers), 201)).toBe(REGISTRATION_LIMIT.max)
      expect(count(statuses(answers), 429)).toBe(4)
      const limited = answers.find((answer) => answer.status === 429)!
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
      expect((await readJson(limited)).message).toBe(
        'Too many accounts were created from your network. Try again in 60 minutes.',
      )
      const [created] = await t.db.sql`select count(*)::int as accounts from users`
      expect(created!.accounts).toBe(REGISTRATION_LIMIT.max)
    } finally {
      await t.close()
    }
  }, 60_000)
})

describe('failed sign-ins slow the guesser, not the owner', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ trustProxyHops: 1 })
  })
  afterAll(() => t.close())

  const guessFrom = (address: string, username: string, index: number) =>
    login(t, username, `wrong guess ${index}`, { 'x-forwarded-for': address })
  /** The device cookie a sign-in gave the browser, as the browser sends it back. */
  const deviceCookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('snaplist_device='))
      ?.split(';')[0]
  const fromPhone = (username: string, password: string, device: string) =>
    login(t, username, password, { cookie: device, 'x-forwarded-for': '192.0.2.1' })

  it('lets the owner in from a device that signed in before, whatever was guessed at the account from elsewhere', async () => {
    const phone = deviceCookieOf(await client(t.app).post('/api/register', newUser('owner')))!
    expect(phone).toMatch(/^snaplist_device=[\w-]{43}$/)
    // Forty guesses from twenty addresses: past every step of the account's limits.
    for (let i = 0; i < 40; i++) await guessFrom(`198.51.100.${i % 20}`, 'owner', i)
    expect((await login(t, 'owner', PASSWORD, { 'x-forwarded-for': '192.0.2.50' })).status).toBe(429)
    const owner = await fromPhone('owner', PASSWORD, phone)
    expect(owner.status).toBe(200)
    // The same device keeps its token.
    expect(deviceCookieOf(owner)).toBe(phone)
  })

  it("counts a known device's own failures on it, in the same steps", async () => {
    const phone = deviceCookieOf(await client(t.app).post('/api/register', newUser('butterfingers')))!
    for (let i = 0; i < 5; i++) expect((await fromPhone('butterfingers', `typo ${i}`, phone)).status).toBe(401)
    expect((await fromPhone('butterfingers', PASSWORD, phone)).status).toBe(429)
    // Its failures are its own: another browser is not held by them.
    expect((await login(t, 'butterfingers', PASSWORD, { 'x-forwarded-for': '192.0.2.60' })).status).toBe(200)
  })

  it("gives a device cookie made up by the guesser, or another account's, nothing", async () => {
    const other = deviceCookieOf(await client(t.app).post('/api/register', newUser('neighbour')))!
    await client(t.app).post('/api/register', newUser('victim2'))
    for (let i = 0; i < 5; i++) await guessFrom('198.51.100.90', 'victim2', i)
    for (const device of [other, `snaplist_device=${'A'.repeat(43)}`]) {
      expect(
        (await login(t, 'victim2', `another guess`, { cookie: device, 'x-forwarded-for': '198.51.100.91' })).status,
      ).toBe(429)
    }
  })

  it('makes the first wait a minute, then longer as failures go on', async () => {
    await client(t.app).post('/api/register', newUser('patient'))
    for (let i = 0; i < 5; i++) await guessFrom('198.51.100.200', 'patient', i)
    const first = await login(t, 'patient', PASSWORD, { 'x-forwarded-for': '198.51.100.201' })
    expect(first.status).toBe(429)
    expect(Number(first.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    expect((await readJson(first)).message).toBe(
      'Too many failed sign-in attempts. Try again in 1 minute, or reset your password.',
    )
    // The minute passes (the first step's window ends): four more guesses (the refused try counted too: ten in the
    // quarter hour), and then the quarter hour's step holds.
    await t.db.sql`update rate_limits set reset_at = now() where key like 'login:perAccount:%'`
    for (let i = 5; i < 9; i++) expect((await guessFrom('198.51.100.202', 'patient', i)).status).toBe(401)
    const second = await login(t, 'patient', PASSWORD, { 'x-forwarded-for': '198.51.100.203' })
    expect(second.status).toBe(429)
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(60)
  })

  it('keeps the device cookie from scripts, and sends it only to the API', async () => {
    const response = await client(t.app).post('/api/register', newUser('cookies'))
    const device = response.headers.getSetCookie().find((cookie) => cookie.startsWith('snaplist_device='))
    expect(device).toMatch(/HttpOnly/i)
    expect(device).toMatch(/Path=\/api\//)
    expect(device).toMatch(/SameSite=Lax/i)
  })
})
