// How the Shopify stand-in's `orders` query finds and sorts orders: its `query` argument in Shopify's search syntax
// (e.g. updated_at:>'2026-12-07T10:00:00Z', name:'#1001') and its `sortKey`.
import type { FakeShopifyOrder } from './shopify-orders.ts'

/**
 * The orders `query` names: updated_at and created_at compared with >, >=, < or <=, and name (the order's, e.g.
 * name:'#1001'); other terms are not modelled.
 */
export function matches(order: FakeShopifyOrder, query: string | undefined): boolean {
  for (const [, name] of (query ?? '').matchAll(/\bname:'?([^'\s]+)'?/g)) if (order.name !== name) return false
  for (const [, field, operator, value] of (query ?? '').matchAll(
    /(updated_at|created_at):(>=|<=|>|<)?'?([^'\s]+)'?/g,
  )) {
    const held = Date.parse(field === 'updated_at' ? order.updatedAt : order.createdAt)
    const given = Date.parse(value!)
    const holds = {
      '>': held > given,
      '>=': held >= given,
      '<': held < given,
      '<=': held <= given,
      '': held === given,
    }[operator ?? '']
    if (!holds) return false
  }
  return true
}

export const SORTED_BY: Record<string, (order: FakeShopifyOrder) => string | number> = {
  UPDATED_AT: (order) => order.updatedAt,
  CREATED_AT: (order) => order.createdAt,
  PROCESSED_AT: (order) => order.createdAt,
  ID: (order) => order.id,
}
