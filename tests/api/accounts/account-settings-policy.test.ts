// Issue 27, F3 and F4: a changed password follows the registration's password policy, and a reset link asked for
// before a password change, an email change or a sign-out everywhere stops working.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { confirmAddress, requestResetToken } from '../../helpers/reset-link.ts'
import { client, createTestApp, newUser, readJson, registeredClient, type TestApp } from '../../helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())
afterEach(() => t.db.sql`delete from rate_limits`)

const PASSWORD = newUser('x').password
const NEW_PASSWORD = 'a brand new passphrase'

/** Sets a password with the link's token, as the reset screen does. */
const resetWith = (token: string) =>
  client(t.app).post('/api/reset-password', { token, password: 'yet another passphrase' })

describe('change password (F3)', () => {
  it('refuses what registration refuses: common passwords and the username, with the same messages', async () => {
    const seller = await registeredClient(t.app, 'harbourseller')
    for (const [newPassword, message] of [
      ['12345678', 'This password is too common. Choose one that is harder to guess.'],
      ['password', 'This password is too common. Choose one that is harder to guess.'],
      ['harbourseller', 'Your password cannot contain your username or email address.'],
      ['my harbourseller pw', 'Your password cannot contain your username or email address.'],
    ]) {
      const refused = await seller.call('PUT', '/api/account/password', { currentPassword: PASSWORD, newPassword })
      expect(refused.status, newPassword).toBe(400)
      expect(await readJson(refused)).toMatchObject({ code: 'invalid_input', fields: { newPassword: message } })
    }
    // Nothing changed: the old password still signs in.
    expect((await client(t.app).post('/api/login', { username: 'harbourseller', password: PASSWORD })).status).toBe(200)
    expect(
      (await seller.call('PUT', '/api/account/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }))
        .status,
    ).toBe(200)
  })
})

describe('reset links end with the credentials they were asked for (F4)', () => {
  it('a password change voids a reset link asked for before', async () => {
    const seller = await registeredClient(t.app, 'quinn')
    const token = await requestResetToken(t, 'quinn@example.com')
    expect(
      (await seller.call('PUT', '/api/account/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }))
        .status,
    ).toBe(200)
    const refused = await resetWith(token)
    expect(refused.status).toBe(400)
    expect(await readJson(refused)).toMatchObject({ code: 'reset_token_invalid' })
    expect((await client(t.app).post('/api/login', { username: 'quinn', password: NEW_PASSWORD })).status).toBe(200)
  })

  it('an email change voids a reset link mailed to the old address', async () => {
    const seller = await registeredClient(t.app, 'rosa')
    const token = await requestResetToken(t, 'rosa@example.com')
    expect(
      (await seller.call('PUT', '/api/account/email', { email: 'rosa.new@example.com', password: PASSWORD })).status,
    ).toBe(200)
    expect((await confirmAddress(t, seller, 'rosa.new@example.com')).status).toBe(200)
    expect((await resetWith(token)).status).toBe(400)
    expect((await client(t.app).post('/api/login', { username: 'rosa', password: PASSWORD })).status).toBe(200)
  })

  it('sign out everywhere voids outstanding reset links', async () => {
    const seller = await registeredClient(t.app, 'sven')
    const token = await requestResetToken(t, 'sven@example.com')
    expect((await seller.post('/api/account/sign-out-everywhere', { confirmation: PASSWORD })).status).toBe(200)
    expect((await resetWith(token)).status).toBe(400)
    expect((await client(t.app).post('/api/login', { username: 'sven', password: PASSWORD })).status).toBe(200)
  })
})
