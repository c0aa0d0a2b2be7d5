// Every route of the app, enumerated from its own route table, sent a request its rightful caller could send, but by
// the wrong caller: nobody signed in, another seller, a seller who is not an admin, or another website using the
// caller's cookies. Each is refused, and nobody's data is read or changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCESS_DENIED_MESSAGE } from '../../../api/contract/admin.ts'
import { snapshotDatabase, type DatabaseSnapshot } from '../../helpers/db-snapshot.ts'
import {
  callRoute,
  catalogGaps,
  isStateChanging,
  openCatalogApp,
  ROUTES,
  type CatalogApp,
  type RouteSpec,
} from '../../helpers/route-catalog.ts'
import { readJson } from '../../helpers/test-app.ts'

let c: CatalogApp
beforeAll(async () => {
  c = await openCatalogApp()
})
afterAll(() => c?.close())

const FOREIGN_SITE = 'https://evil.example'
const routesFor = (keep: (route: string, spec: RouteSpec) => boolean) =>
  Object.entries(ROUTES).filter(([route, spec]) => keep(route, spec))
const cookieOf = (spec: RouteSpec) => (spec.access === 'admin' ? c.admin.cookie : c.alice.cookie)

/** Sends the route's example as the rightful caller would, but with this cookie and these headers. */
const sendExample = (
  route: string,
  spec: RouteSpec,
  cookie: string | undefined,
  headers?: Record<string, string | undefined>,
) => callRoute(c.t.app, route, { ...spec.example(c.fixture), cookie, headers })

/** Runs the requests and checks that every table holds the rows it held before. */
async function changesNothing(requests: () => Promise<void>) {
  const before = await snapshotDatabase(c.t.db.sql)
  await requests()
  expect(await snapshotDatabase(c.t.db.sql)).toEqual(before)
}

/** Alice's rows: her account, her sessions, and every row that carries her user id. */
function rowsOfAlice(snapshot: DatabaseSnapshot, aliceId: number): string[] {
  return Object.entries(snapshot).flatMap(([table, rows]) =>
    rows.filter((text) => {
      const row = JSON.parse(text) as { id?: number; user_id?: number }
      return row.user_id === aliceId || (table === 'users' && row.id === aliceId)
    }),
  )
}

describe('access sweep', () => {
  it('covers every route of the app', () => {
    expect(catalogGaps(c.t.app)).toEqual({ unclassified: [], gone: [] })
  })

  it.each(routesFor((_route, spec) => spec.access !== 'public'))(
    '%s answers 401 to a visitor who is not signed in, or whose session is made up',
    async (route, spec) => {
      await changesNothing(async () => {
        for (const cookie of [undefined, 'snaplist_session=made-up-session-token']) {
          const response = await sendExample(route, spec, cookie)
          expect(response.status).toBe(401)
          expect((await readJson(response)).code).toBe('unauthenticated')
        }
      })
    },
  )

  it.each(routesFor((_route, spec) => spec.access === 'admin'))(
    '%s answers 403 with the reason to sellers who are not admins',
    async (route, spec) => {
      await changesNothing(async () => {
        for (const seller of [c.alice, c.bob]) {
          const response = await sendExample(route, spec, seller.cookie)
          expect(response.status).toBe(403)
          expect((await readJson(response)).message).toBe(ACCESS_DENIED_MESSAGE)
        }
      })
    },
  )

  it.each(routesFor((_route, spec) => spec.access === 'user'))(
    "%s never shows Bob any of Alice's things, nor lets him change them",
    async (route, spec) => {
      const aliceId = (await readJson(await c.alice.get('/api/user'))).id as number
      const before = rowsOfAlice(await snapshotDatabase(c.t.db.sql), aliceId)
      // The example names Alice's listing or photo where the route takes one: Bob sends it as it is.
      const response = await sendExample(route, spec, c.bob.cookie)
      const text = await response.text()
      for (const secret of c.aliceSecrets) expect(text, `${route} answered Bob with ${secret}`).not.toContain(secret)
      expect(text, 'Alice is connected to eBay, Bob is not').not.toContain('"connected":true')
      expect(rowsOfAlice(await snapshotDatabase(c.t.db.sql), aliceId)).toEqual(before)
    },
  )

  it.each(routesFor((route) => isStateChanging(route)))(
    '%s refuses a request another website makes with the caller’s cookies',
    async (route, spec) => {
      await changesNothing(async () => {
        // A page on another site; a sandboxed frame (Origin: null); a browser that sends no Origin but says where from.
        const foreign = [
          { origin: FOREIGN_SITE },
          { origin: 'null' },
          { origin: undefined, 'sec-fetch-site': 'cross-site' },
        ]
        for (const headers of foreign) {
          const response = await sendExample(route, spec, cookieOf(spec), headers)
          expect(response.status, JSON.stringify(headers)).toBe(403)
          expect((await readJson(response)).message).toMatch(/another website/)
        }
      })
    },
  )
})
