// Shopify's Admin GraphQL schema (tests/contracts/shopify/) as the stand-in's gate: a request's document is parsed and
// validated against it and its variables coerced to the operation's input types, as Shopify's server does before
// running anything, so a test cannot pass on a document Shopify would refuse. Also the query's cost, counted as
// Shopify documents it (shopify.dev/docs/api/usage/limits): an object 1, a scalar or enum 0, a connection 2 plus
// `first` (or `last`) times its nodes' cost, a mutation 10 plus what it selects.
import { readFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import {
  buildClientSchema,
  getNamedType,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  isCompositeType,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type IntrospectionQuery,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql'

const SCHEMA_FILE = new URL('../contracts/shopify/admin_2026-10.json.gz', import.meta.url)

let loaded: GraphQLSchema | undefined
/** The schema, built once per process (the file is 900 kB gzipped). */
export function shopifySchema(): GraphQLSchema {
  if (loaded) return loaded
  const json = JSON.parse(gunzipSync(readFileSync(SCHEMA_FILE)).toString()) as { data: IntrospectionQuery }
  loaded = buildClientSchema(json.data)
  return loaded
}

export interface CheckedRequest {
  document: DocumentNode
  operation: OperationDefinitionNode
  variables: Record<string, unknown>
}

/** The request ready to run, or the errors Shopify would answer instead (nothing of it run). */
export function checkRequest(
  schema: GraphQLSchema,
  query: unknown,
  variables: unknown,
  operationName: unknown,
): CheckedRequest | { errors: readonly GraphQLError[] } {
  if (typeof query !== 'string') return { errors: [new GraphQLError('No query string was present')] }
  let document: DocumentNode
  try {
    document = parse(query)
  } catch (error) {
    return { errors: [error as GraphQLError] }
  }
  const invalid = validate(schema, document)
  if (invalid.length) return { errors: invalid }
  const operation = getOperationAST(document, typeof operationName === 'string' ? operationName : undefined)
  if (!operation) return { errors: [new GraphQLError('An operation name is required to pick one of several')] }
  const inputs = (variables ?? {}) as Record<string, unknown>
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], inputs)
  if (coerced.errors) return { errors: coerced.errors }
  return { document, operation, variables: coerced.coerced }
}

const MUTATION_COST = 10

/** The operation's requested cost: what Shopify takes from the bucket before running it. */
export function queryCost(schema: GraphQLSchema, checked: CheckedRequest): number {
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const definition of checked.document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition)

  const argument = (value: unknown) =>
    typeof value === 'number' ? value : typeof value === 'string' ? Number(checked.variables[value]) || 0 : 0

  function costOf(type: GraphQLCompositeType, selections: SelectionSetNode): number {
    let cost = 0
    for (const selection of selections.selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value)
        if (fragment) cost += costOf(type, fragment.selectionSet)
        continue
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const on = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : type
        cost += costOf((on ?? type) as GraphQLCompositeType, selection.selectionSet)
        continue
      }
      if (!('getFields' in type)) continue
      const field = type.getFields()[selection.name.value]
      if (!field || !selection.selectionSet) continue
      const named = getNamedType(field.type)
      if (!isCompositeType(named)) continue
      const inner = costOf(named, selection.selectionSet)
      if (named.name.endsWith('Connection')) {
        const size = selection.arguments?.find((arg) => arg.name.value === 'first' || arg.name.value === 'last')
        const value = size?.value
        const count =
          value?.kind === Kind.INT
            ? Number(value.value)
            : value?.kind === Kind.VARIABLE
              ? argument(value.name.value)
              : 0
        cost += 2 + count * Math.max(inner, 1)
      } else cost += 1 + inner
    }
    return cost
  }

  const root = checked.operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType()
  const selected = root ? costOf(root, checked.operation.selectionSet) : 0
  return checked.operation.operation === 'mutation' ? MUTATION_COST + selected : Math.max(selected, 1)
}
