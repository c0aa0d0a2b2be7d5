// What the Shopify stand-in does with a request to /{shop}/admin/api/{version}/graphql.json, as Shopify does: the
// failures a test asked for (429 with Retry-After, a 5xx, a slow answer), the version it serves, a live
// X-Shopify-Access-Token, the document and variables checked against the schema (shopify-schema.ts), the cost taken
// from the bucket or THROTTLED (shopify-throttle.ts), each root field's access scope (ACCESS_DENIED), then the
// operation run. Mutations answer the userErrors a test asked for instead of doing anything ("refusing").
import type { Context } from 'hono'
import { execute, GraphQLError, Kind, type GraphQLFormattedError } from 'graphql'
import { covers } from './shopify-oauth.ts'
import { checkRequest, queryCost, shopifySchema } from './shopify-schema.ts'
import { MAX_QUERY_COST, type CostBucket } from './shopify-throttle.ts'

export interface ShopifyControl {
  /** The next `times` API calls answer this HTTP status (429 with Retry-After seconds). */
  fail: { status: number; times: number; retryAfter?: number } | null
  slowMs: number
  /** The next `times` mutations answer this userError and change nothing. */
  refuse: { message: string; times: number; code?: string } | null
}

export const newControl = (): ShopifyControl => ({ fail: null, slowMs: 0, refuse: null })

type Resolver = (args: Record<string, unknown>) => unknown
export interface RootFields {
  query: Record<string, Resolver>
  mutation: Record<string, Resolver>
}

// The access scope each root field wants (shopify.dev, each query's and mutation's "Requires" line); none: any token.
const SCOPE_OF: Record<string, string> = {
  locations: 'read_locations',
  location: 'read_locations',
  publications: 'read_publications',
  product: 'read_products',
  products: 'read_products',
  productsCount: 'read_products',
  inventoryItem: 'read_inventory',
  orders: 'read_orders',
  order: 'read_orders',
  productSet: 'write_products',
  productUpdate: 'write_products',
  productDelete: 'write_products',
  publishablePublish: 'write_publications',
  inventorySetQuantities: 'write_inventory',
}

export interface ShopifyGateDeps {
  apiVersion: string
  control: ShopifyControl
  bucket: CostBucket
  scopesOf(token: string | undefined): string[] | undefined
  fields: RootFields
  /** Every root field asked for, in order (refused ones too): what the app cost Shopify. */
  calls: string[]
}

const errorsOnly = (c: Context, errors: readonly (GraphQLError | GraphQLFormattedError)[], extensions?: object) =>
  c.json({
    errors: errors.map((error) => ('toJSON' in error ? error.toJSON() : error)),
    ...(extensions ? { extensions } : {}),
  })

const accessDenied = (field: string, scope: string) =>
  new GraphQLError(`Access denied for ${field} field. Required access: \`${scope}\` access scope.`, {
    extensions: { code: 'ACCESS_DENIED', documentation: 'https://shopify.dev/api/usage/access-scopes' },
  })

export function createShopifyGate(deps: ShopifyGateDeps) {
  const schema = shopifySchema()
  const { control, bucket, fields, calls } = deps

  /** A root field's resolver, behind its access scope and, for a mutation, a test's refusal. */
  function guarded(name: string, resolve: Resolver, scopes: string[], mutation: boolean): Resolver {
    return (args) => {
      const scope = SCOPE_OF[name]
      if (scope && !covers(scopes, scope)) throw accessDenied(name, scope)
      if (mutation && control.refuse && control.refuse.times > 0) {
        control.refuse.times--
        const { message, code } = control.refuse
        return { userErrors: [{ field: null, message, ...(code ? { code } : {}) }] }
      }
      return resolve(args)
    }
  }

  return async function graphql(c: Context): Promise<Response> {
    if (control.slowMs) await new Promise((resolve) => setTimeout(resolve, control.slowMs))
    if (control.fail && control.fail.times > 0) {
      control.fail.times--
      const { status, retryAfter } = control.fail
      if (retryAfter !== undefined) c.header('retry-after', String(retryAfter))
      const text = status === 429 ? 'Exceeded 2 calls per second for api client.' : 'Service Unavailable'
      return c.json({ errors: text }, status as 429)
    }
    if (c.req.param('version') !== deps.apiVersion) return c.json({ errors: 'Not Found' }, 404)
    const scopes = deps.scopesOf(c.req.header('x-shopify-access-token'))
    if (!scopes)
      return c.json({ errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' }, 401)
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>
    const checked = checkRequest(schema, body.query, body.variables, body.operationName)
    if ('errors' in checked) return errorsOnly(c, checked.errors)
    const mutation = checked.operation.operation === 'mutation'
    const roots = mutation ? fields.mutation : fields.query
    const asked = checked.operation.selectionSet.selections.flatMap((selection) =>
      selection.kind === Kind.FIELD ? [selection.name.value] : [],
    )
    calls.push(...asked)
    const unknown = asked.filter((name) => !roots[name] && name !== '__typename')
    if (unknown.length)
      return errorsOnly(c, [new GraphQLError(`The Shopify stand-in does not answer ${unknown.join(', ')}`)])
    const cost = queryCost(schema, checked)
    if (cost > MAX_QUERY_COST) {
      const message = `Query cost is ${cost}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).`
      return errorsOnly(c, [
        new GraphQLError(message, { extensions: { code: 'MAX_COST_EXCEEDED', cost, maxCost: MAX_QUERY_COST } }),
      ])
    }
    const taken = bucket.take(cost)
    if (!taken.taken) {
      const throttled = new GraphQLError('Throttled', {
        extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/limits#rate-limits' },
      })
      return errorsOnly(c, [throttled], { cost: taken.cost })
    }
    const rootValue = Object.fromEntries(
      Object.entries(roots).map(([name, resolve]) => [name, guarded(name, resolve, scopes, mutation)]),
    )
    const result = await execute({
      schema,
      document: checked.document,
      rootValue,
      variableValues: checked.variables,
      ...(checked.operation.name ? { operationName: checked.operation.name.value } : {}),
    })
    return c.json({
      ...(result.errors ? { errors: result.errors.map((error) => error.toJSON()) } : {}),
      data: result.data ?? null,
      extensions: { cost: taken.cost },
    })
  }
}
