// How the Shopify stand-in shapes what it holds for the schema's resolvers: global ids (gid://shopify/Type/n),
// connections (nodes, edges with cursors, pageInfo) paged by first/after, money bags and userErrors.

export const gid = (type: string, id: number) => `gid://shopify/${type}/${id}`

/** The number in a global id of this type; undefined for anything else. */
export function idOf(globalId: unknown, type: string): number | undefined {
  const match = new RegExp(`^gid://shopify/${type}/(\\d+)$`).exec(String(globalId))
  return match ? Number(match[1]) : undefined
}

interface Page {
  first?: number | null
  after?: string | null
}

/** A page of `items` as the schema's …Connection, the cursor being each item's place in the list. */
export function connection<T>(items: readonly T[], { first, after }: Page = {}) {
  const start = after ? Number(Buffer.from(after, 'base64url').toString()) + 1 : 0
  const end = first ? start + first : items.length
  const page = items.slice(start, end).map((node, index) => ({
    cursor: Buffer.from(String(start + index)).toString('base64url'),
    node,
  }))
  return {
    nodes: page.map((edge) => edge.node),
    edges: page,
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      startCursor: page[0]?.cursor ?? null,
      endCursor: page.at(-1)?.cursor ?? null,
    },
  }
}

export const money = (amount: number, currencyCode: string) => {
  const each = { amount: amount.toFixed(2), currencyCode }
  return { shopMoney: each, presentmentMoney: each }
}

export interface UserError {
  field: string[] | null
  message: string
  code?: string
}

export const userError = (field: string[] | null, message: string, code?: string): UserError => ({
  field,
  message,
  ...(code ? { code } : {}),
})
