// The seller's store on Shopify, for a call in their name: its myshopify domain (the connection's account id) and the
// offline token, through the connection service, which lapses the connection when Shopify refuses the token.
import type { Sql } from '../../db/client.ts'
import { findConnection } from '../../db/marketplace-connections.ts'
import { AppError } from '../../errors.ts'
import type { MarketplaceConnectionService } from '../marketplaces/connections.ts'
import type { ShopifyStore } from './admin-api.ts'

export const shopifyNotConnected = () =>
  new AppError(404, 'not_found', 'No Shopify store is connected. Connect Shopify from the Dashboard first.')

/** Runs `use` with the seller's store and token. */
export type ShopifyStoreAccess = <T>(userId: number, use: (store: ShopifyStore) => Promise<T>) => Promise<T>

export function shopifyStoreAccess(sql: Sql, connectionService: MarketplaceConnectionService): ShopifyStoreAccess {
  return async (userId, use) => {
    const shop = (await findConnection(sql, userId, 'shopify'))?.accountId
    if (!shop) throw shopifyNotConnected()
    return connectionService.call(userId, 'shopify', (accessToken) => use({ shop, accessToken }))
  }
}
