// Shopify's answers as our errors, shared by every Shopify call (OAuth in oauth.ts, the Admin API in admin-api.ts),
// so the seller reads the same sentence whichever call found Shopify away, busy or refusing.
import { AppError } from '../../errors.ts'
import { GrantRefused } from '../marketplaces/connections.ts'

export const shopifyUnreachable = () =>
  new AppError(502, 'shopify_unreachable', 'Shopify could not be reached. Try again in a few minutes.')
export const shopifyUnavailable = () =>
  new AppError(
    502,
    'shopify_unavailable',
    "Shopify's servers are not answering properly right now. Try again in a few minutes.",
  )
/** Shopify's cost bucket is empty or it answered 429: the seconds until it takes the call again are passed on. */
export const shopifyBusy = (retryAfterSeconds: number) =>
  new AppError(503, 'shopify_busy', 'Shopify is limiting requests from Snaplist right now. Try again in a minute.', {
    retryAfterSeconds,
  })
/** Seconds from Shopify's Retry-After header; 2 (its usual) when it sent none or something unreadable. */
export const retryAfterOf = (response: Response) => Math.ceil(Number(response.headers.get('retry-after'))) || 2

export const shopifyAppRefused = () =>
  new AppError(
    502,
    'shopify_app_refused',
    "Shopify refused this server's app credentials. The site operator needs to check SHOPIFY_CLIENT_ID and SHOPIFY_CLIENT_SECRET.",
  )
/** The code or the token is no longer taken (used, expired, or the app was uninstalled): connect again. */
// A GrantRefused, so that the connection service marks the connection lapsed and tells the seller.
export const shopifyGrantRefused = () =>
  new GrantRefused(
    'shopify',
    'Shopify no longer accepts this connection (the app was uninstalled or the authorization expired). Connect Shopify again.',
  )
export const shopifyReconnectNeeded = () =>
  new AppError(
    409,
    'shopify_reconnect_needed',
    'Your Shopify connection does not let Snaplist do this. Connect Shopify again, then try again.',
  )

/** Shopify refused the change in its userErrors; the message carries Shopify's words. */
export class ShopifyRefusal extends AppError {
  constructor(
    readonly userErrors: readonly { field?: readonly string[] | null; message: string; code?: string | null }[],
  ) {
    super(400, 'shopify_refused', `Shopify refused it: ${userErrors.map((error) => error.message).join('; ')}`)
  }
}

/** The quantity on Shopify is no longer the one Snaplist last read (changeFromQuantity): a sale was counted since. */
export const shopifyQuantityChanged = () =>
  new AppError(
    409,
    'shopify_quantity_changed',
    'The quantity on Shopify changed since Snaplist last read it (a sale there, probably). Snaplist reads it again.',
  )

/** The seller came back with a callback Shopify did not sign (or signed too long ago): nothing is exchanged. */
export const shopifyCallbackRefused = () =>
  new AppError(
    400,
    'shopify_callback_refused',
    'Snaplist could not verify that this answer came from Shopify. Connect Shopify again.',
  )
/** A webhook whose signature does not verify: it is not from Shopify, or not for this app. */
export const shopifyWebhookRefused = (reason: string) =>
  new AppError(401, 'shopify_webhook_refused', `Not a webhook from Shopify for this app: ${reason}.`)
