// The account screen's calls: change password, change email (confirmed by link), sign out everywhere, delete my account.
import { randomUUID } from 'node:crypto'
import { access } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { FAILED_LOGIN_LIMITS } from '../../../api/services/rate-limit.ts'
import { setAdmin } from '../../../api/db/users.ts'
import { photoForm, solidJpeg } from '../../helpers/images.ts'
import { confirmAddress, verifyTokenFor } from '../../helpers/reset-link.ts'
import { client, createTestApp, newUser, readJson, type TestApp } from '../../helpers/test-app.ts'

type Client = ReturnType<typeof client>

let t: TestApp & { photosDir: string }
let root: Client
beforeAll(async () => {
  t = await createTestApp()
  root = client(t.app)
  expect(
    (await readJson(await root.post('/api/register', { ...newUser('root'), setupCode: t.setupCode }))).isAdmin,
  ).toBe(true)
})
afterAll(() => t?.close())
// Every request here comes from the one address app.request() has: each test starts with fresh limit counters.
afterEach(() => t.db.sql`delete from rate_limits`)

const PASSWORD = newUser('x').password

async function register(name: string): Promise<Client & { id: number }> {
  const seller = client(t.app)
  const response = await seller.post('/api/register', newUser(name))
  expect(response.status).toBe(201)
  return Object.assign(seller, { id: (await readJson(response)).id as number })
}

/** Another device signed in to the same account. */
async function signIn(username: string, password = PASSWORD): Promise<Client> {
  const device = client(t.app)
  expect((await device.post('/api/login', { username, password })).status).toBe(200)
  return device
}

/** The subjects and texts of the account-changed notices mailed to this address. */
async function noticesTo(email: string): Promise<string[]> {
  await t.settle()
  const rows = await t.db.sql<
    { text: string }[]
  >`select text from mail_outbox where recipient = ${email} and template = 'account-changed' order by id`
  return rows.map((row) => row.text)
}

const signedIn = async (device: Client) => (await device.get('/api/user')).status === 200
const loginStatus = async (username: string, password: string) =>
  (await client(t.app).post('/api/login', { username, password })).status

describe('change password', () => {
  it('needs the current password, then keeps this session and ends the others', async () => {
    const kim = await register('kim')
    const phone = await signIn('kim')
    const wrong = await kim.call('PUT', '/api/account/password', {
      currentPassword: 'not my password',
      newPassword: 'a brand new password',
    })
    expect(wrong.status).toBe(403)
    expect(await readJson(wrong)).toMatchObject({
      code: 'wrong_password',
      fields: { currentPassword: expect.any(String) },
    })
    expect(await loginStatus('kim', 'a brand new password')).toBe(401)

    const short = await kim.call('PUT', '/api/account/password', { currentPassword: PASSWORD, newPassword: 'short' })
    expect(await readJson(short)).toMatchObject({ fields: { newPassword: 'Password must be at least 8 characters' } })

    const changed = await kim.call('PUT', '/api/account/password', {
      currentPassword: PASSWORD,
      newPassword: 'a brand new password',
    })
    expect(changed.status).toBe(200)
    expect(await signedIn(kim)).toBe(true)
    expect(await signedIn(phone)).toBe(false)
    expect(await loginStatus('kim', PASSWORD)).toBe(401)
    expect(await loginStatus('kim', 'a brand new password')).toBe(200)
    expect(await noticesTo('kim@example.com')).toEqual([
      expect.stringMatching(
        /The password of your Snaplist account was changed[\s\S]*http:\/\/localhost\/forgot-password/,
      ),
    ])
  })

  it('counts wrong current passwords as failed sign-ins, so a stolen session cannot guess on', async () => {
    const lee = await register('lee')
    for (let i = 0; i < FAILED_LOGIN_LIMITS.perAccount.max; i++) {
      expect(
        (
          await lee.call('PUT', '/api/account/password', {
            currentPassword: `guess ${i}`,
            newPassword: 'a brand new password',
          })
        ).status,
      ).toBe(403)
    }
    const limited = await lee.call('PUT', '/api/account/password', {
      currentPassword: PASSWORD,
      newPassword: 'a brand new password',
    })
    expect(limited.status).toBe(429)
    expect(await loginStatus('lee', PASSWORD)).toBe(429)
  })

  it('checks at most the limit of passwords however many arrive at once', async () => {
    const mia = await register('mia')
    const guesses = Array.from({ length: 20 }, (_, i) =>
      mia.call('PUT', '/api/account/password', { currentPassword: `guess ${i}`, newPassword: 'a brand new password' }),
    )
    const statuses = (await Promise.all(guesses)).map((response) => response.status)
    expect(statuses.filter((status) => status === 403)).toHaveLength(FAILED_LOGIN_LIMITS.perAccount.max)
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - FAILED_LOGIN_LIMITS.perAccount.max)
  })

  it('tells an account made with Google, which has no password, how to set one', async () => {
    const max = await register('max')
    await t.db.sql`update users set password_hash = null where id = ${max.id}`
    const response = await max.call('PUT', '/api/account/password', {
      currentPassword: 'anything',
      newPassword: 'a brand new password',
    })
    expect(response.status).toBe(409)
    expect(await readJson(response)).toMatchObject({
      code: 'no_password',
      message: expect.stringMatching(/Forgot password/),
    })
  })
})

describe('change email', () => {
  it('keeps the current address until the new one is confirmed by the link mailed to it', async () => {
    const nia = await register('nia')
    const wrong = await nia.call('PUT', '/api/account/email', {
      email: 'nia.new@example.com',
      password: 'not my password',
    })
    expect(wrong.status).toBe(403)
    const same = await nia.call('PUT', '/api/account/email', { email: 'nia@example.com', password: PASSWORD })
    expect(same.status).toBe(400)

    const pending = await nia.call('PUT', '/api/account/email', { email: 'nia.new@example.com', password: PASSWORD })
    expect(pending.status).toBe(200)
    expect(await readJson(pending)).toMatchObject({ email: 'nia@example.com', pendingEmail: 'nia.new@example.com' })
    expect(await loginStatus('nia@example.com', PASSWORD)).toBe(200)

    const confirmed = await confirmAddress(t, nia, 'nia.new@example.com')
    expect(confirmed.status).toBe(200)
    expect(await readJson(confirmed)).toMatchObject({
      email: 'nia.new@example.com',
      pendingEmail: null,
      emailVerified: true,
    })
    expect(await loginStatus('nia.new@example.com', PASSWORD)).toBe(200)
    expect(await loginStatus('nia@example.com', PASSWORD)).toBe(401)
    expect(await noticesTo('nia@example.com')).toEqual([expect.stringContaining('was changed to nia.new@example.com.')])
    expect(await noticesTo('nia.new@example.com')).toEqual([])
  })

  it('answers a taken address as a free one (issue 27 F8), mailing its owner a note instead of a link', async () => {
    const uma = await register('uma')
    await t.settle()
    const last = (await t.db.sql<{ last: number }[]>`select coalesce(max(id), 0)::int as last from mail_outbox`)[0]!
      .last
    const free = await uma.call('PUT', '/api/account/email', { email: 'uma.new@example.com', password: PASSWORD })
    const taken = await uma.call('PUT', '/api/account/email', { email: 'ROOT@example.com', password: PASSWORD })
    expect([free.status, taken.status]).toEqual([200, 200])
    const [freeBody, takenBody] = [await readJson(free), await readJson(taken)]
    expect(takenBody).toEqual({ ...freeBody, pendingEmail: 'ROOT@example.com' })
    expect(await readJson(await uma.get('/api/user'))).toMatchObject({
      email: 'uma@example.com',
      pendingEmail: 'ROOT@example.com',
    })

    await t.settle()
    const toRoot = await t.db.sql<
      { template: string; text: string }[]
    >`select template, text from mail_outbox where lower(recipient) = 'root@example.com' and id > ${last}`
    expect(toRoot.map((mail) => mail.template)).toEqual(['account-changed'])
    expect(toRoot[0]!.text).toContain('Hi root,')
    expect(toRoot[0]!.text).toMatch(/tried to use this email address for another Snaplist account/)
    expect(toRoot[0]!.text).not.toContain('uma')
    expect((await uma.get('/api/user')).status).toBe(200)
  })

  it('counts changes with the confirmation emails: 5 an hour per account, then 429 and no more mail', async () => {
    const rex = await register('rex')
    const statuses: number[] = []
    for (let change = 0; change < 8; change++) {
      const response = await rex.call('PUT', '/api/account/email', {
        email: `victim${change}@example.com`,
        password: PASSWORD,
      })
      statuses.push(response.status)
      if (response.status === 429) expect((await readJson(response)).code).toBe('rate_limited')
      await t.settle()
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429])
    const mailed = await t.db
      .sql`select recipient from mail_outbox where recipient like 'victim%@example.com' order by id`
    expect(mailed.map((mail) => mail.recipient)).toEqual([0, 1, 2, 3, 4].map((n) => `victim${n}@example.com`))
    expect((await rex.post('/api/account/verification-email', { email: 'victim4@example.com' })).status).toBe(429)
  })

  it('refuses the link when another account took the address meanwhile', async () => {
    const olga = await register('olga')
    expect(
      (await olga.call('PUT', '/api/account/email', { email: 'contested@example.com', password: PASSWORD })).status,
    ).toBe(200)
    const token = await verifyTokenFor(t, 'contested@example.com')
    await register('contested')
    const refused = await olga.post('/api/account/verify-email', { token })
    expect(refused.status).toBe(409)
    expect((await readJson(await olga.get('/api/user'))).email).toBe('olga@example.com')
  })
})

describe('sign out everywhere', () => {
  it('needs the password, then ends every session, this one included', async () => {
    const pam = await register('pam')
    const phone = await signIn('pam')
    expect((await pam.post('/api/account/sign-out-everywhere', { confirmation: 'wrong' })).status).toBe(403)
    expect(await signedIn(phone)).toBe(true)
    const response = await pam.post('/api/account/sign-out-everywhere', { confirmation: PASSWORD })
    expect(response.status).toBe(200)
    expect(response.headers.get('set-cookie')).toMatch(/snaplist_session=;/)
    expect(await signedIn(phone)).toBe(false)
    expect(
      await t.db.sql`select 1 from sessions s join users u on u.id = s.user_id where u.username = 'pam'`,
    ).toHaveLength(0)
  })
})

describe('delete my account', () => {
  const fileExists = (url: string) =>
    access(path.join(t.photosDir, url.replace(/^\/files\//, ''))).then(
      () => true,
      () => false,
    )
  const rowsOf = async (table: string, userId: number) =>
    (await t.db.sql`select count(*)::int as n from ${t.db.sql(table)} where user_id = ${userId}`)[0]!.n as number

  it('after the password, deletes the account with its listings, photos (files too), connections and sessions', async () => {
    const quinn = await register('quinn')
    const phone = await signIn('quinn')
    const photo = await readJson(
      await quinn.post('/api/images', photoForm(await solidJpeg({ r: 10, g: 20, b: 30 }), { id: randomUUID() })),
    )
    const unused = await readJson(
      await quinn.post('/api/images', photoForm(await solidJpeg({ r: 90, g: 20, b: 30 }), { id: randomUUID() })),
    )
    expect(
      (
        await quinn.post('/api/listings', {
          title: 'Quinn coat',
          category: 'other',
          color: 'red',
          images: [photo.imageUrl],
        })
      ).status,
    ).toBe(201)
    await t.db
      .sql`insert into marketplace_connections (user_id, platform, access_token) values (${quinn.id}, 'ebay', 'sealed')`

    const wrong = await quinn.call('DELETE', '/api/account', { confirmation: 'quinn' })
    expect(wrong.status).toBe(403)
    expect(await rowsOf('listings', quinn.id)).toBe(1)

    const deleted = await quinn.call('DELETE', '/api/account', { confirmation: PASSWORD })
    expect(deleted.status).toBe(200)
    expect(await t.db.sql`select 1 from users where id = ${quinn.id}`).toHaveLength(0)
    for (const table of ['listings', 'images', 'sessions', 'marketplace_connections'])
      expect(await rowsOf(table, quinn.id), table).toBe(0)
    for (const url of [photo.imageUrl, photo.thumbnailUrl, unused.imageUrl]) expect(await fileExists(url)).toBe(false)
    expect(await signedIn(quinn)).toBe(false)
    expect(await signedIn(phone)).toBe(false)
    expect(await loginStatus('quinn', PASSWORD)).toBe(401)
  })

  it('takes the username as confirmation for an account that has no password (made with Google)', async () => {
    const rae = await register('rae')
    await t.db.sql`update users set password_hash = null where id = ${rae.id}`
    expect((await rae.call('DELETE', '/api/account', { confirmation: 'not rae' })).status).toBe(403)
    expect((await rae.call('DELETE', '/api/account', { confirmation: 'rae' })).status).toBe(200)
    expect(await t.db.sql`select 1 from users where id = ${rae.id}`).toHaveLength(0)
  })

  it('never deletes the last administrator; with another one, an administrator may leave', async () => {
    const alone = await root.call('DELETE', '/api/account', { confirmation: PASSWORD })
    expect(alone.status).toBe(403)
    expect((await readJson(alone)).code).toBe('last_admin')
    expect(await signedIn(root)).toBe(true)

    const deputy = await register('deputy')
    await setAdmin(t.db.sql, 'deputy')
    expect((await deputy.call('DELETE', '/api/account', { confirmation: PASSWORD })).status).toBe(200)
    expect((await root.call('DELETE', '/api/account', { confirmation: PASSWORD })).status).toBe(403)
  })
})
