// The tests every admin-only route gets: 401 for nobody signed in, 403 with the reason for a signed-in non-admin.
import { expect, it } from 'vitest'
import { client, readJson, type TestApp } from './test-app.ts'

export type Route = [method: string, path: string]

/** Sends a body where the method takes one, so the refusal is not about a missing body. */
const bodyFor = (method: string, body: unknown) => (method === 'GET' || method === 'DELETE' ? undefined : body)

export function refusesNonAdmins(
  routes: Route[],
  context: () => { t: TestApp; seller: ReturnType<typeof client> },
  body: unknown = {},
) {
  it.each(routes)('refuses %s %s to anonymous visitors with 401', async (method, path) => {
    const response = await client(context().t.app).call(method, path, bodyFor(method, body))
    expect(response.status).toBe(401)
    expect((await readJson(response)).code).toBe('unauthenticated')
  })

  it.each(routes)('refuses %s %s to a signed-in seller with 403 and says why', async (method, path) => {
    const response = await context().seller.call(method, path, bodyFor(method, body))
    expect(response.status).toBe(403)
    expect(await readJson(response)).toMatchObject({
      code: 'forbidden',
      message: 'Access denied. Admin privileges required.',
    })
  })
}
