// What Shopify's exchange route and manual screen take: the whole query Shopify sent the seller back with (code,
// state, shop, timestamp, hmac and whatever else Shopify added), since its hmac signs every parameter and is checked
// on the server before the code is exchanged.
import * as v from 'valibot'
import {
  codeAndState,
  MISSING_CODE_MESSAGE,
  MISSING_STATE_MESSAGE,
  type ExchangeInput,
} from '../marketplace-exchange.ts'

// Shopify's callback carries about six parameters; the caps only keep junk out.
const PARAMS_MAX = 20
const VALUE_MAX = 2048
const PASTED_MAX = 8192

export const SHOPIFY_MISSING_ADDRESS = 'Paste the whole address Shopify sent you to, including code=… and hmac=…'

/** The callback's query, every parameter as Shopify sent it. */
export type ShopifyExchangeInput = ExchangeInput & Record<string, string>

const text = (what: string, max: number) =>
  v.pipe(v.string(`The ${what} must be text`), v.maxLength(max, `The ${what} is too long`))

const CallbackQuerySchema = v.pipe(
  v.looseObject({
    ...codeAndState('Shopify', { code: MISSING_CODE_MESSAGE, state: MISSING_STATE_MESSAGE }).entries,
    shop: text('shop', 100),
    hmac: v.pipe(text('hmac', 64), v.regex(/^[0-9a-f]{64}$/, 'The hmac must be Shopify’s 64 hex digits')),
    timestamp: v.pipe(text('timestamp', 12), v.regex(/^\d{1,12}$/, 'The timestamp must be a number')),
  }),
  // Whatever else Shopify added (host, and what it may add) is signed too: kept, as short text.
  v.check(
    (query) =>
      Object.keys(query).length <= PARAMS_MAX &&
      Object.values(query).every((value) => typeof value === 'string' && value.length <= VALUE_MAX),
    `At most ${PARAMS_MAX} parameters, each short text`,
  ),
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
