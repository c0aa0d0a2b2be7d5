// Validator middleware over the contract's valibot schemas: handlers read only c.req.valid(...), never raw input.
import type { MiddlewareHandler, ValidationTargets } from 'hono'
import { validator } from 'hono/validator'
import * as v from 'valibot'
import type { AppEnv } from './app-env.ts'
import { POSTGRES_INTEGER_MAX, rowIdTextSchema } from './contract/row-id.ts'
import { AppError, badRequest } from './errors.ts'

type Schema = v.GenericSchema

/** A numeric row id in the path, as /listings/:id has it. */
export const IdParamSchema = v.object({
  id: rowIdTextSchema(`The id must be a whole number from 1 to ${POSTGRES_INTEGER_MAX}`),
})

function describeIssues(issues: v.BaseIssue<unknown>[]) {
  const fields: Record<string, string> = {}
  for (const issue of issues) {
    const field = v.getDotPath(issue)
    if (field === null)
      return { message: 'The request must be a JSON object with the fields this request needs.', fields }
    fields[field] ??= issue.message
  }
  // Fields may share a message (the email template form has one for all its required fields): say it once.
  const message = [...new Set(Object.values(fields))].join('. ')
  return { message: message.endsWith('.') ? message : `${message}.`, fields }
}

/**
 * Whether a NUL (U+0000) is in any string or key: Postgres text cannot hold one, so the query would fail. Walked
 * without recursion, as a 64 KB body can nest arrays tens of thousands deep.
 */
function holdsNul(input: unknown): boolean {
  const pending = [input]
  while (pending.length) {
    const value = pending.pop()
    if (typeof value === 'string' && value.includes('\0')) return true
    if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\0')) return true
        pending.push(item)
      }
    }
  }
  return false
}

/** A request that sends nothing at all: no type and no length (or 0). */
const hasNoBody = (header: (name: string) => string | undefined) =>
  !header('content-type') && !Number(header('content-length') ?? 0)

/**
 * What a caller sends for the schema: a JSON body as the schema's input; path and query values as the strings a URL
 * carries. Declared so that hono/client types each call's input from the route (docs/decisions/0011).
 */
type SentAs<Target extends keyof ValidationTargets, In> = Target extends 'json'
  ? In
  : In extends ValidationTargets[Target]
    ? In
    : { [K in keyof In]: K extends keyof ValidationTargets[Target] ? ValidationTargets[Target][K] : string }

type Validated<Target extends keyof ValidationTargets, S extends Schema> = {
  in: { [K in Target]: SentAs<K, v.InferInput<S>> }
  out: { [K in Target]: v.InferOutput<S> }
}

/**
 * JSON only: 'application/jsonp' is not JSON, and Hono would hand the schema {} for it (the whole type must match, not
 * its start). With bodyOptional, a JSON route also takes a request without a body, read as {} (the calls of docs/product.md §7 whose payload is "none"). */
export function valid<Target extends keyof ValidationTargets, S extends Schema, P extends string = string>(
  target: Target,
  schema: S,
  { bodyOptional = false } = {},
): MiddlewareHandler<AppEnv, P, Validated<Target, S>> {
  const middleware = validator(target, (value, c): v.InferOutput<S> => {
    const bodyless = bodyOptional && hasNoBody((name) => c.req.header(name))
    if (
      target === 'json' &&
      !bodyless &&
      !/^application\/([\w.-]+\+)?json\s*(;|$)/i.test(c.req.header('content-type') ?? '')
    ) {
      throw new AppError(
        415,
        'unsupported_media_type',
        'Send the request body as JSON (Content-Type: application/json).',
      )
    }
    if (holdsNul(value))
      throw badRequest(
        'The request contains a NUL character (U+0000), which Snaplist cannot store. Remove it and try again.',
      )
    const result = v.safeParse(schema, value)
    if (result.success) return result.output
    const { message, fields } = describeIssues(result.issues)
    throw badRequest(message, fields)
  })
  // Hono would take the schema's output as what a JSON caller sends; a transform (trimming, say) makes them differ.
  return middleware as unknown as MiddlewareHandler<AppEnv, P, Validated<Target, S>>
}
