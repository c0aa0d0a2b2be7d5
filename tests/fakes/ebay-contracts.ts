// The eBay stand-in's contract check: every request body is validated against the operation's request schema in
// eBay's own OpenAPI files (tests/contracts/ebay/, copied with their source), so a test fails where real eBay would reject the request. The
// files' one known error is corrected first: Product.aspects is typed as a string, but eBay takes (and returns) an
// object of aspect name to array of strings.
import { Ajv, type ValidateFunction } from 'ajv'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const EBAY_OPENAPI_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../contracts/ebay')

interface OpenApiOperation {
  operationId?: string
  requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> }
  parameters?: { name: string; in: string }[]
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> }
}

const ASPECTS_SCHEMA = {
  type: 'object',
  additionalProperties: { type: 'array', items: { type: 'string', maxLength: 50 } },
}

function loadDocument(file: string): OpenApiDocument {
  const document = JSON.parse(readFileSync(path.join(EBAY_OPENAPI_DIR, file), 'utf8')) as OpenApiDocument
  const product = document.components.schemas.Product
  if (product?.properties?.aspects) product.properties.aspects = ASPECTS_SCHEMA
  return document
}

function findOperation(document: OpenApiDocument, operationId: string): OpenApiOperation | undefined {
  return Object.values(document.paths)
    .flatMap((methods) => Object.values(methods))
    .find((operation) => operation.operationId === operationId)
}

/** Finds the operation's JSON request schema reference, e.g. '#/components/schemas/InventoryItem'. */
function requestSchemaRef(document: OpenApiDocument, operationId: string): string | undefined {
  const operation = findOperation(document, operationId)
  return operation && (operation.requestBody?.content?.['application/json']?.schema?.$ref ?? '')
}

export interface ContractProblem {
  /** Where in the body, as a JSON pointer ('' for the body itself). */
  at: string
  message: string
}

/** Validators for the operations of one OpenAPI file, compiled on first use. */
export function createContractChecker(file: string) {
  const document = loadDocument(file)
  // OpenAPI 3.0 keywords (example, nullable…) are not JSON Schema; formats such as int32 are eBay's documentation only.
  const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true, logger: false })
  ajv.addSchema(document, file)
  const compiled = new Map<string, ValidateFunction | null>()

  function validatorFor(operationId: string): ValidateFunction | null {
    if (compiled.has(operationId)) return compiled.get(operationId)!
    const ref = requestSchemaRef(document, operationId)
    if (ref === undefined) throw new Error(`${file} has no operation ${operationId}`)
    const validate = ref ? ajv.compile({ $ref: `${file}${ref}` }) : null
    compiled.set(operationId, validate)
    return validate
  }

  return {
    /** The body's problems against the operation's request schema; none for an operation without a JSON body. */
    /** Query parameters the operation does not define (eBay ignores them; a test should not rely on them). */
    unknownQuery(operationId: string, names: string[]): string[] {
      const operation = findOperation(document, operationId)
      if (!operation) throw new Error(`${file} has no operation ${operationId}`)
      const known = new Set(
        (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
      )
      return names.filter((name) => !known.has(name))
    },

    check(operationId: string, body: unknown): ContractProblem[] {
      const validate = validatorFor(operationId)
      if (!validate || validate(body)) return []
      return (validate.errors ?? []).map((error) => ({
        at: error.instancePath,
        message: error.message ?? 'is invalid',
      }))
    },
  }
}
