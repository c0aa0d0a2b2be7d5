// The Etsy stand-in refuses what Etsy refuses, so the publishing tests cannot pass on requests Etsy would turn down;
// and the when_made values Snaplist sends are the ones in Etsy's contract.
import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ETSY_WHEN_MADE } from '../../../api/contract/etsy-when-made.ts'
import { startFakeEtsy, type FakeEtsy } from '../../fakes/etsy.ts'
import { etsyDocument } from '../../fakes/etsy-contracts.ts'

let fake: FakeEtsy
const REDIRECT = 'https://snaplist.test/etsy/auth/success'

/** An access token from the stand-in's OAuth for these scopes, as a seller's consent gives it. */
async function tokenFor(scopes: string[]): Promise<string> {
  const verifier = randomBytes(32).toString('base64url')
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: fake.clientId,
    redirect_uri: REDIRECT,
    scope: scopes.join(' '),
    state: 'a-state',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  })
  const code = (await fake.consent(`${fake.authUrl}?${query}`)).searchParams.get('code')!
  const reply = await fetch(`${fake.url}/v3/public/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: fake.clientId,
      redirect_uri: REDIRECT,
      code,
      code_verifier: verifier,
    }),
  })
  return ((await reply.json()) as { access_token: string }).access_token
}

let writer: string
const shopPath = () => `/v3/application/shops/${fake.seller.shopId}/listings`
const call = (path: string, init: RequestInit & { token?: string } = {}) =>
  fetch(`${fake.url}${path}`, {
    ...init,
    headers: { 'x-api-key': fake.clientId, authorization: `Bearer ${init.token ?? writer}`, ...init.headers },
  })
const draft = (fields: Record<string, string | string[]> = {}) => {
  const form = new URLSearchParams({
    quantity: '1',
    title: 'Denim jacket',
    description: 'Light wash.',
    price: '39.50',
    who_made: 'someone_else',
    when_made: '2010_2019',
    is_supply: 'false',
    taxonomy_id: '1',
    shipping_profile_id: '5001',
    readiness_state_id: '7001',
  })
  for (const [name, value] of Object.entries(fields)) {
    form.delete(name)
    for (const one of [value].flat()) form.append(name, one)
  }
  return call(shopPath(), { method: 'POST', body: form })
}
const errorOf = async (reply: Response) => ((await reply.json()) as { error: string }).error

beforeAll(async () => {
  fake = await startFakeEtsy({ redirectUris: [REDIRECT] })
  writer = await tokenFor(['listings_r', 'listings_w', 'shops_r'])
})
afterAll(() => fake.close())

describe('the Etsy stand-in', () => {
  it('knows the when_made values Snaplist sends: those of Etsy’s contract', () => {
    const path = etsyDocument().paths['/v3/application/shops/{shop_id}/listings']!.post!
    const body = path.requestBody!.content!['application/x-www-form-urlencoded']!.schema as {
      properties: { when_made: { enum: string[] } }
    }
    expect([...ETSY_WHEN_MADE]).toEqual(body.properties.when_made.enum)
  })

  it('refuses drafts Etsy refuses', async () => {
    const cases: [Record<string, string | string[]>, RegExp][] = [
      [{ title: 'x'.repeat(141) }, /140 characters/],
      [{ tags: Array.from({ length: 14 }, (_, i) => `tag${i}`) }, /13 tags/],
      [{ tags: ['a tag that is far too long'] }, /20 characters/],
      [{ when_made: '2020_2026' }, /when_made/],
      [{ price: 'ten' }, /price/],
    ]
    for (const [fields, error] of cases) {
      const reply = await draft(fields)
      expect(reply.status, JSON.stringify(fields)).toBe(400)
      expect(await errorOf(reply)).toMatch(error)
    }
    const json = await call(shopPath(), { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })
    expect(await errorOf(json)).toMatch(/x-www-form-urlencoded/)
  })

  it('wants the scope each call names, and the app key', async () => {
    const reader = await tokenFor(['shops_r'])
    expect((await draft()).status).toBe(201)
    const refused = await call(shopPath(), { method: 'POST', body: new URLSearchParams({}), token: reader })
    expect(refused.status).toBe(403)
    expect(await refused.text()).toMatch(/insufficient_scope.*listings_w/)
    const keyless = await fetch(`${fake.url}${shopPath()}?state=draft`, {
      headers: { authorization: `Bearer ${writer}` },
    })
    expect(keyless.status).toBe(403)
  })

  it('will not activate a listing without an image, nor take every offering to 0 on an active one', async () => {
    const { listing_id: id } = (await (await draft()).json()) as { listing_id: number }
    const activate = () =>
      call(`${shopPath()}/${id}`, { method: 'PATCH', body: new URLSearchParams({ state: 'active' }) })
    const bare = await activate()
    expect(bare.status).toBe(400)
    expect(await errorOf(bare)).toMatch(/image/)
    const image = new FormData()
    image.set('image', new Blob([new Uint8Array([255, 216, 255])], { type: 'image/jpeg' }), 'photo.jpg')
    image.set('rank', '1')
    expect((await call(`${shopPath()}/${id}/images`, { method: 'POST', body: image })).status).toBe(201)
    expect((await activate()).status).toBe(200)
    const offering = { price: 39.5, quantity: 0, is_enabled: true, readiness_state_id: 7001 }
    const emptied = await call(`/v3/application/listings/${id}/inventory`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ products: [{ sku: 'x', property_values: [], offerings: [offering] }] }),
    })
    expect(emptied.status).toBe(400)
    expect(await errorOf(emptied)).toMatch(/quantity greater than 0/)
  })
})
