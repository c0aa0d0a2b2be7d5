// Shopify's routes, its wing of the API: the code exchange of connecting, Post, End and Relist on Shopify, and
// Shopify's webhooks.
import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import type { MarketplaceOAuth } from '../../services/marketplaces/oauth.ts'
import type { ShopifyServices } from '../../services/shopify/shopify-wing.ts'
import { shopifyConnectRoutes } from './connect.ts'
import { shopifyLifecycleRoutes } from './lifecycle.ts'
import { shopifyWebhookRoutes } from './webhooks.ts'

export interface ShopifyRouteDeps {
  shopify: ShopifyServices
  oauth: MarketplaceOAuth
}

export function shopifyRoutes({ shopify, oauth }: ShopifyRouteDeps) {
  return new Hono<AppEnv>()
    .route('/', shopifyConnectRoutes(oauth, shopify))
    .route('/', shopifyLifecycleRoutes(shopify))
    .route('/', shopifyWebhookRoutes(shopify.webhooks))
}
