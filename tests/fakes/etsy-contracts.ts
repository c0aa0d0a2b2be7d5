// The Etsy stand-in's contract check: every request is validated against the operation in Etsy's own OpenAPI file
// (tests/contracts/etsy/, copied with its source): its path and query parameters, and its body in the one encoding the
// operation declares (a form, multipart fields or JSON), so a test fails where real Etsy would refuse the request.
// A form's values are text: they are read as the schema's types (ajv's coerceTypes), repeated keys as arrays.
import { Ajv, type ValidateFunction } from 'ajv'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ETSY_OPENAPI_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../contracts/etsy/etsy_open_api_v3.json',
)

interface Parameter {
  name: string
  in: string
  required?: boolean
  schema?: object
}
interface Operation {
  operationId: string
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content?: Record<string, { schema?: object }> }
  security?: { oauth2?: string[] }[]
}
export interface EtsyDocument {
  paths: Record<string, Record<string, Operation>>
  components: {
    schemas: Record<string, { properties?: Record<string, { enum?: string[] }> }>
    securitySchemes: { oauth2: { flows: { authorizationCode: { scopes: Record<string, string> } } } }
  }
}

export const etsyDocument = (): EtsyDocument => JSON.parse(readFileSync(ETSY_OPENAPI_FILE, 'utf8')) as EtsyDocument

/** Every scope Etsy's OAuth grants, as its contract lists them. */
export const etsyScopes = () =>
  Object.keys(etsyDocument().components.securitySchemes.oauth2.flows.authorizationCode.scopes)

export interface EtsyRequestParts {
  params: Record<string, string>
  query: Record<string, string | string[]>
  /** The body as the operation's encoding reads it: form and multipart fields (repeated keys as arrays), or JSON. */
  body?: unknown
  contentType: string | undefined
}

export function createEtsyContract() {
  const document = etsyDocument()
  const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true, logger: false, coerceTypes: 'array' })
  const operations = new Map(
    Object.values(document.paths)
      .flatMap((methods) => Object.values(methods))
      .map((operation) => [operation.operationId, operation]),
  )
  const compiled = new Map<string, ValidateFunction>()
  const compile = (key: string, schema: object) => {
    if (!compiled.has(key)) compiled.set(key, ajv.compile({ ...schema, components: document.components }))
    return compiled.get(key)!
  }
  const operationOf = (operationId: string) => {
    const operation = operations.get(operationId)
    if (!operation) throw new Error(`Etsy's contract has no operation ${operationId}`)
    return operation
  }

  /** The scopes the operation's oauth2 security asks for (none: the api key alone). */
  const scopesOf = (operationId: string) => operationOf(operationId).security?.flatMap((s) => s.oauth2 ?? []) ?? []

  /** What is wrong with the request by Etsy's contract; empty when nothing is. */
  function problems(operationId: string, request: EtsyRequestParts): string[] {
    const operation = operationOf(operationId)
    const found: string[] = []
    for (const parameter of operation.parameters ?? []) {
      const source = parameter.in === 'path' ? request.params : parameter.in === 'query' ? request.query : undefined
      if (!source) continue
      const value = source[parameter.name]
      if (value === undefined) {
        if (parameter.required) found.push(`${parameter.name} is required`)
        continue
      }
      const holder = { value }
      const validate = compile(`${operationId}:${parameter.name}`, {
        type: 'object',
        properties: { value: parameter.schema ?? {} },
      })
      if (!validate(holder)) found.push(`${parameter.name} ${validate.errors?.[0]?.message ?? 'is invalid'}`)
    }
    const known = new Set((operation.parameters ?? []).map((parameter) => parameter.name))
    for (const name of Object.keys(request.query))
      if (!known.has(name)) found.push(`${name} is not a parameter of ${operationId}`)
    const content = operation.requestBody?.content
    if (!content) return found
    const [type, media] = Object.entries(content)[0]!
    if (!request.contentType?.startsWith(type)) return [...found, `the body must be ${type}`]
    const validate = compile(`${operationId}:body`, media.schema ?? {})
    // Coercion writes into the value it checks: check a copy, so the stand-in reads what was sent.
    const body = structuredClone(request.body ?? {})
    if (!validate(body))
      for (const error of validate.errors ?? []) found.push(`${error.instancePath || 'body'} ${error.message}`)
    return found
  }

  return { problems, scopesOf }
}

export type EtsyContract = ReturnType<typeof createEtsyContract>
