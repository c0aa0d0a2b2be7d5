// What a failed Etsy check or post asks of the seller, chosen by the API's error code (never its words): connect Etsy
// again, set something up in the Etsy shop, or read the server's sentence (Etsy busy or away, a refusal in Etsy's words).
import type { ApiErrorCode } from '../../offline/api-error.ts'
import { failureMessage, hasCode } from '../../offline/api-error.ts'

/** The connection cannot publish: made before Snaplist asked for the scopes, lapsed, refused, or no shop. */
export const RECONNECT_CODES: readonly ApiErrorCode[] = [
  'etsy_reconnect_needed',
  'etsy_not_connected',
  'etsy_no_shop',
  'etsy_token_rejected',
  'etsy_grant_refused',
  'marketplace_connection_lapsed',
]
/** Something only the seller can add in Shop Manager on Etsy; the server's sentence says what. */
export const SHOP_SETUP_CODE: ApiErrorCode = 'etsy_shop_setup_missing'

/** What to show: the server's sentence, with Connect Etsy again beside it when that is the fix. */
export interface EtsyFailure {
  reconnect: boolean
  message: string
}

export const etsyFailure = (error: unknown): EtsyFailure => ({
  reconnect: hasCode(error, ...RECONNECT_CODES),
  message: failureMessage(error, 'Failed to post listing to Etsy', 'No connection to Snaplist. Try again when online.'),
})
