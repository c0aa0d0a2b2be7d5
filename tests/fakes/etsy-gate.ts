// What the Etsy stand-in does before any of its API operations, as Etsy does: the failures a test asked for (429 with
// retry-after, a 5xx, a slow answer), the app's x-api-key, a live Bearer token holding the scopes the operation's
// security names in Etsy's contract, and the request checked against that contract. After the operation, a reply a
// test asked to lose is dropped (502) although the work was done, as when a reply is lost on its way back.
import type { Context } from 'hono'
import type { EtsyContract, EtsyRequestParts } from './etsy-contracts.ts'

export interface EtsyControl {
  /** The next `times` API calls answer this status (429 with retry-after seconds). */
  fail: { status: number; times: number; retryAfter?: number } | null
  slowMs: number
  /** Operations whose next reply is lost after the work is done: operationId → how many. */
  loseReply: Map<string, number>
}

export const newControl = (): EtsyControl => ({ fail: null, slowMs: 0, loseReply: new Map() })

export interface GateDeps {
  contract: EtsyContract
  control: EtsyControl
  apiKeyProblem: (c: Context) => Response | undefined
  /** The scopes of the presented token; undefined when it is not a live token. */
  scopesOf: (c: Context) => string[] | undefined
  /** Every API operation asked for, by its operationId, in order (refused ones too): what the app cost Etsy. */
  calls: string[]
}

export type EtsyBody = Record<string, unknown>

/** Repeated keys as arrays, as Etsy reads a form. */
function fieldsOf(entries: Iterable<[string, unknown]>): EtsyBody {
  const fields: EtsyBody = {}
  for (const [name, value] of entries) {
    const held = fields[name]
    fields[name] = held === undefined ? value : Array.isArray(held) ? [...(held as unknown[]), value] : [held, value]
  }
  return fields
}

async function readBody(c: Context): Promise<EtsyBody | undefined> {
  const type = c.req.header('content-type') ?? ''
  if (type.startsWith('application/x-www-form-urlencoded')) return fieldsOf(new URLSearchParams(await c.req.text()))
  if (type.startsWith('multipart/form-data')) return fieldsOf((await c.req.formData()).entries())
  if (type.startsWith('application/json')) return (await c.req.json().catch(() => undefined)) as EtsyBody | undefined
  return undefined
}

export function createGate({ contract, control, apiKeyProblem, scopesOf, calls }: GateDeps) {
  return function operation(
    operationId: string,
    handler: (c: Context, body: EtsyBody) => Response | Promise<Response>,
  ) {
    return async (c: Context): Promise<Response> => {
      calls.push(operationId)
      if (control.slowMs) await new Promise((resolve) => setTimeout(resolve, control.slowMs))
      if (control.fail && control.fail.times > 0) {
        control.fail.times--
        const { status, retryAfter } = control.fail
        if (retryAfter !== undefined) c.header('retry-after', String(retryAfter))
        return c.json({ error: status === 429 ? 'Rate limit exceeded' : 'Internal server error' }, status as 429)
      }
      const refused = apiKeyProblem(c)
      if (refused) return refused
      const scopes = scopesOf(c)
      if (!scopes) return c.json({ error: 'invalid_token' }, 401)
      const lacking = contract.scopesOf(operationId).filter((scope) => !scopes.includes(scope))
      if (lacking.length)
        return c.json({ error: 'insufficient_scope', error_description: `Missing scope ${lacking.join(' ')}` }, 403)
      const body = await readBody(c)
      // A file is checked as the contract's binary string: its name.
      const checked =
        body && Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v instanceof File ? v.name || 'file' : v]))
      const parts: EtsyRequestParts = {
        params: c.req.param(),
        query: c.req.queries() as Record<string, string[]>,
        body: checked,
        contentType: c.req.header('content-type'),
      }
      // One value of a query parameter is a string to the contract, several an array.
      parts.query = Object.fromEntries(
        Object.entries(parts.query).map(([name, values]) => [name, values.length === 1 ? values[0]! : values]),
      )
      const problems = contract.problems(operationId, parts)
      if (problems.length) return c.json({ error: problems.join('; ') }, 400)
      const response = await handler(c, body ?? {})
      const lose = control.loseReply.get(operationId) ?? 0
      if (lose > 0 && response.ok) {
        control.loseReply.set(operationId, lose - 1)
        return c.json({ error: 'Bad gateway' }, 502)
      }
      return response
    }
  }
}

export type EtsyOperation = ReturnType<typeof createGate>
