// Validator middleware over the contract's valibot schemas: handlers read only c.req.valid(...), never raw input.
import type { ValidationTargets } from 'hono'
import { validator } from 'hono/validator'
import * as v from 'valibot'
import { AppError, badRequest } from './errors.ts'

type Schema = v.GenericSchema

/** A numeric row id in the path, as /listings/:id has it. */
export const IdParamSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'The id must be a whole number'), v.transform(Number)),
})

function describeIssues(issues: v.BaseIssue<unknown>[]) {
  const fields: Record<string, string> = {}
  for (const issue of issues) {
    const field = v.getDotPath(issue)
    if (field === null) return { message: 'The request must be a JSON object with the fields this request needs.', fields }
    fields[field] ??= issue.message
  }
  // Fields may share a message (the email template form has one for all its required fields): say it once.
  const message = [...new Set(Object.values(fields))].join('. ')
  return { message: message.endsWith('.') ? message : `${message}.`, fields }
}

/** A request that sends nothing at all: no type and no length (or 0). */
const hasNoBody = (header: (name: string) => string | undefined) => !header('content-type') && !Number(header('content-length') ?? 0)

/** With bodyOptional, a JSON route also takes a request without a body, read as {} (SPEC's "body: none" calls). */
export function valid<Target extends keyof ValidationTargets, S extends Schema>(target: Target, schema: S, { bodyOptional = false } = {}) {
  return validator(target, (value, c): v.InferOutput<S> => {
    const bodyless = bodyOptional && hasNoBody((name) => c.req.header(name))
    if (target === 'json' && !bodyless && !/^application\/([\w.-]+\+)?json/i.test(c.req.header('content-type') ?? '')) {
      throw new AppError(415, 'unsupported_media_type', 'Send the request body as JSON (Content-Type: application/json).')
    }
    const result = v.safeParse(schema, value)
    if (result.success) return result.output
    const { message, fields } = describeIssues(result.issues)
    throw badRequest(message, fields)
  })
}
