// The typed API client (docs/decisions/0011): the app reaches the API only through it, never by URL strings of its own,
// and whatever the API refuses still arrives as the one ApiError, with the code, message, fields and status it sent.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOTAL_COUNT_HEADER } from '../../api/contract/admin.ts'
import { apiClient, okJson, okJsonOrSignedOut, okResponse } from '../../src/offline/api-client.ts'
import { ApiError } from '../../src/offline/api-error.ts'
import { fetchTransport } from '../../src/offline/transport.ts'
import { createTestApp, newUser, registeredAdmin, TEST_ORIGIN, type TestApp } from '../helpers/test-app.ts'

const root = join(import.meta.dirname, '../..')

/**
 * The only client sources that may spell an API path, and why. Everything else calls through the typed client, so a
 * renamed or removed route fails typecheck instead of a screen.
 */
const ALLOWED_API_PATHS: { file: string; text: string; why: string }[] = [
  // The service worker serves index.html for the app's navigations; a request under /api/ must reach the server.
  { file: 'sw/sw.ts', text: '^/api/', why: 'navigation fallback must not answer API requests' },
]

/** Where a module is named: imports and exports name files, not routes. */
const namesModule = (node: ts.Node) =>
  ts.isImportDeclaration(node.parent) ||
  ts.isExportDeclaration(node.parent) ||
  (ts.isCallExpression(node.parent) && node.parent.expression.kind === ts.SyntaxKind.ImportKeyword) ||
  ts.isLiteralTypeNode(node.parent)

/**
 * Every string, template and regular expression literal in a source file, backslashes dropped, except module names;
 * comments are not literals.
 */
function literalsIn(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(join(root, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  )
  const found: string[] = []
  const visit = (node: ts.Node) => {
    const literal =
      ts.isStringLiteralLike(node) ||
      ts.isTemplateLiteralToken(node) ||
      node.kind === ts.SyntaxKind.RegularExpressionLiteral
    if (literal && !namesModule(node)) {
      found.push(node.getText(source).replaceAll('\\', ''))
    }
    node.forEachChild(visit)
  }
  visit(source)
  return found
}

const clientSources = () =>
  ['src', 'sw'].flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => `${dir}/${file}`),
  )

// A path under /api, however it starts: '/api/x', `${base}/api/x`, 'api/x', /^\/api\//.
const API_PATH = /(^|[^\w.])\/?api(\/|\?|['"`]|$)/

describe('the typed client', () => {
  it('is the only way the app names an API route: no hand-written /api/ URL in src/ or sw/ but the allowed ones', () => {
    const spelled = clientSources().flatMap((file) =>
      literalsIn(file)
        .filter((literal) => API_PATH.test(literal))
        .map((literal) => ({ file, text: literal.slice(1, -1) })),
    )
    expect(spelled).toEqual(ALLOWED_API_PATHS.map(({ file, text }) => ({ file, text })))
  })

  it('sees an URL written the usual ways (so the check above can fail)', () => {
    const samples = [
      "'/api/listings'",
      '`${baseUrl}/api/user`',
      "'/api'",
      '`/api/listings/${id}`',
      '/^/api//',
      '"api/images"',
    ]
    expect(samples.filter((sample) => API_PATH.test(sample))).toEqual(samples)
    expect(
      ["'/apiary'", "'https://x.test/capi/'", "'../../api-error.ts'", "'hono/client'"].filter((sample) =>
        API_PATH.test(sample),
      ),
    ).toEqual([])
  })
})

describe('answers through the typed client', () => {
  let t: TestApp
  let cookie = ''
  // The app's client over app.request(), keeping the session cookie as the browser would.
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers)
    headers.set('origin', TEST_ORIGIN)
    if (cookie) headers.set('cookie', cookie)
    const response = await t.app.request(String(input), { ...init, headers })
    const setCookie = response.headers.get('set-cookie')
    if (setCookie) cookie = setCookie.split(';')[0]!.replace(/^[^=]+=$/, '')
    return response
  }) as typeof fetch
  const api = apiClient({ baseUrl: TEST_ORIGIN, fetcher })

  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  const refusal = (pending: Promise<unknown>) =>
    pending.then(
      () => expect.fail('the API accepted it'),
      (error: unknown) => {
        expect(error).toBeInstanceOf(ApiError)
        const { status, code, message, fields } = error as ApiError
        return { status, code, message, fields }
      },
    )

  it('a refusal becomes the ApiError with its status, code, message and fields', async () => {
    const refused = await refusal(
      okJson(api.register.$post({ json: { ...newUser('typed'), email: 'not an address' } })),
    )
    expect(refused).toMatchObject({ status: 400, code: 'invalid_input', fields: { email: expect.any(String) } })
    expect(refused.message).toContain(refused.fields.email)
  })

  it('nobody signed in: a 401 ApiError, or no user for the query that asks who is', async () => {
    cookie = ''
    expect(await refusal(okJson(api.user.$get()))).toMatchObject({ status: 401, code: 'unauthenticated' })
    expect(await okJsonOrSignedOut(api.user.$get())).toBeNull()
  })

  it('a success answers the body the route declares, path parameters and query included', async () => {
    const user = await okJson(api.register.$post({ json: newUser('typedok') }))
    expect(await okJsonOrSignedOut(api.user.$get())).toEqual(user)
    expect(await okJson(api.listings.$get())).toEqual([])
    const refused = await refusal(okJson(api.listings[':id'].$delete({ param: { id: '999999' } })))
    expect(refused).toMatchObject({ status: 404, code: 'not_found' })
  })

  it('the admin listings page keeps its total in X-Total-Count', async () => {
    cookie = (await registeredAdmin(t, 'typedroot')).cookie
    const response = await okResponse(api.admin.listings.$get({ query: { page: '1' } }))
    expect(response.headers.get(TOTAL_COUNT_HEADER)).toBe('0')
    expect(await response.json()).toEqual([])
  })

  it('the sync transport: a network failure is the ApiError status 0 the engine waits out', async () => {
    const offline = fetchTransport({ fetcher: () => Promise.reject(new TypeError('fetch failed')) })
    expect(await refusal(offline.signedInAccount())).toMatchObject({ status: 0, message: 'No connection to Snaplist.' })
  })
})
