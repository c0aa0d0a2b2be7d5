// What Shopify's exchange route and manual screen take: the whole query Shopify sent the seller back with (code,
// state, shop, timestamp, hmac and whatever else Shopify added), since its hmac signs every parameter and is checked
// on the server before the code is exchanged.
import * as v from 'valibot'
import { MISSING_CODE_MESSAGE, MISSING_STATE_MESSAGE, type ExchangeInput } from '../marketplace-exchange.ts'

// Shopify's callback carries about six parameters; the caps only keep junk out.
const PARAMS_MAX = 20
const VALUE_MAX = 2048
const PASTED_MAX = 8192

export const SHOPIFY_MISSING_ADDRESS = 'Paste the whole address Shopify sent you to, including code=… and hmac=…'

/** The callback's query, every parameter as Shopify sent it. */
export type ShopifyExchangeInput = ExchangeInput & Record<string, string>

const CallbackQuerySchema = v.pipe(
  v.record(
    v.pipe(v.string(), v.regex(/^[a-z_]{1,40}$/, 'Each parameter name must be a few lower-case letters')),
    v.pipe(v.string('Each parameter must be text'), v.maxLength(VALUE_MAX, 'A parameter is too long')),
    'The callback parameters must be an object',
  ),
  v.check((query) => Object.keys(query).length <= PARAMS_MAX, `At most ${PARAMS_MAX} parameters`),
  v.check((query) => Boolean(query.code), MISSING_CODE_MESSAGE),
  v.check((query) => Boolean(query.state), MISSING_STATE_MESSAGE),
  v.transform((query) => query as ShopifyExchangeInput),
)

export const ShopifyExchangeSchema = CallbackQuerySchema

/** The query of the address the seller pasted (or the query alone). */
export function readShopifyRedirect(text: string): Record<string, string> {
  const pasted = text.trim()
  return Object.fromEntries(new URLSearchParams(pasted.slice(pasted.indexOf('?') + 1)))
}

/** The manual screen's one field: the whole address Shopify sent the seller to, read for every parameter. */
export const ShopifyManualSchema = v.pipe(
  v.object({
    address: v.pipe(
      v.string(SHOPIFY_MISSING_ADDRESS),
      v.maxLength(PASTED_MAX, SHOPIFY_MISSING_ADDRESS),
      v.check((text) => v.is(CallbackQuerySchema, readShopifyRedirect(text)), SHOPIFY_MISSING_ADDRESS),
    ),
  }),
  v.transform(({ address }) => v.parse(CallbackQuerySchema, readShopifyRedirect(address))),
)
