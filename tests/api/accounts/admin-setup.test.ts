// The first administrator by setup code: only a registration that gives the code printed in the server log becomes
// admin, once; without it an account is ordinary, so whoever registers first on a fresh install gains nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { issueSetupCode, promoteToAdmin } from '../../../api/services/accounts/admin-setup.ts'
import { SERVER_TEST_TIMEOUT_MS, startServer, type ServerProcess } from '../../helpers/server-process.ts'
import { client, createTestApp, newUser, readJson, type TestApp } from '../../helpers/test-app.ts'
import { onPostgresRerun } from '../../helpers/test-db.ts'

const register = (t: TestApp, name: string, setupCode?: string) =>
  client(t.app).post('/api/register', { ...newUser(name), ...(setupCode === undefined ? {} : { setupCode }) })
const setupCodeRequired = async (t: TestApp) =>
  (await readJson(await client(t.app).get('/api/auth/config'))).setupCodeRequired as boolean
const admins = async (t: TestApp) =>
  (await t.db.sql<{ username: string }[]>`select username from users where is_admin order by id`).map(
    (row) => row.username,
  )

describe('a fresh install', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('asks the register form for the setup code and keeps only its hash', async () => {
    expect(await setupCodeRequired(t)).toBe(true)
    const stored = await t.db.sql`select code_hash from admin_setup_codes`
    expect(stored).toHaveLength(1)
    expect(JSON.stringify(stored)).not.toContain(t.setupCode)
    expect(t.setupCode).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/)
  })

  it('makes the first account to register an ordinary one when it gives no code', async () => {
    const response = await register(t, 'squatter')
    expect(response.status).toBe(201)
    expect((await readJson(response)).isAdmin).toBe(false)
    expect(await setupCodeRequired(t)).toBe(true)
  })

  it('refuses a wrong code with 400 on the setupCode field and creates nothing', async () => {
    const response = await register(t, 'guesser', 'AAAA-BBBB-CCCC-DDDD')
    expect(response.status).toBe(400)
    const body = await readJson(response)
    expect(body.code).toBe('setup_code_invalid')
    expect(body.fields.setupCode).toMatch(/setup code is not valid/)
    expect(await t.db.sql`select 1 from users where username = 'guesser'`).toHaveLength(0)
  })

  it('makes exactly one of two racing registrations with the right code the administrator, then voids the code', async () => {
    // Typed without dashes and in lower case: still the code.
    const typed = t.setupCode.replaceAll('-', '').toLowerCase()
    const [first, second] = await Promise.all([register(t, 'racer1', typed), register(t, 'racer2', t.setupCode)])
    expect([first!.status, second!.status].sort()).toEqual([201, 400])
    expect(await admins(t)).toHaveLength(1)
    expect(await setupCodeRequired(t)).toBe(false)
    expect(await t.db.sql`select 1 from admin_setup_codes`).toHaveLength(0)
    expect((await register(t, 'latecomer', t.setupCode)).status).toBe(400)
  })

  it('issues no new code at the next start once an administrator exists', async () => {
    expect(await issueSetupCode(t.db.sql)).toBeUndefined()
    expect(await t.db.sql`select 1 from admin_setup_codes`).toHaveLength(0)
  })
})

describe('a restart before an administrator exists', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('voids the code printed at the earlier start: only the newest one makes the administrator (issue 27, item 16)', async () => {
    const newest = (await issueSetupCode(t.db.sql))!
    expect(newest).not.toBe(t.setupCode)
    const stale = await register(t, 'old-log-reader', t.setupCode)
    expect(stale.status).toBe(400)
    expect((await readJson(stale)).code).toBe('setup_code_invalid')
    expect(await admins(t)).toEqual([])
    expect((await register(t, 'owner', newest)).status).toBe(201)
    expect(await admins(t)).toEqual(['owner'])
  })
})

describe.skipIf(onPostgresRerun)('npm run user:admin', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('still makes an administrator, and that voids the setup code', async () => {
    expect((await register(t, 'owner')).status).toBe(201)
    expect((await promoteToAdmin(t.db.sql, 'OWNER'))?.isAdmin).toBe(true)
    expect(await setupCodeRequired(t)).toBe(false)
    expect((await register(t, 'intruder', t.setupCode)).status).toBe(400)
    expect(await admins(t)).toEqual(['owner'])
  })
})

describe.skipIf(onPostgresRerun)('the server', () => {
  let running: ServerProcess | undefined
  afterAll(() => {
    running?.server.kill()
  })

  it(
    'prints the setup code at first start, and registering with it makes the administrator',
    async () => {
      running = await startServer()
      await expect.poll(() => running!.output(), { timeout: 5000 }).toMatch(/^Setup code: \S+$/m)
      const code = /^Setup code: (\S+)$/m.exec(running.output())![1]!
      const headers = { origin: running.origin, 'content-type': 'application/json' }
      const config = await fetch(`${running.origin}/api/auth/config`).then((response) => response.json())
      expect(config).toMatchObject({ setupCodeRequired: true })
      const response = await fetch(`${running.origin}/api/register`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ ...newUser('founder'), setupCode: code }),
      })
      expect(response.status).toBe(201)
      expect(await response.json()).toMatchObject({ isAdmin: true })
    },
    SERVER_TEST_TIMEOUT_MS,
  )
})
