// What eBay's exchange route and manual screen take: the code and state eBay sent the seller back with, the code
// decoded once, and the manual screen's pasted address read for both.
import * as v from 'valibot'
import { codeAndState, type ExchangeInput } from '../marketplace-exchange.ts'

export const EBAY_MISSING_CODE_MESSAGE = 'Missing Code: Please enter the authorization code from eBay.'
/** A code without the state eBay sent it with: only the whole address pairs them. */
export const EBAY_MISSING_STATE_MESSAGE = 'Paste the whole address eBay sent you to, including state=…'

// eBay sends the code percent-encoded in the query (v%5E1.1%23i%5E1…); its decoded form has ^ and #. A code still
// encoded (pasted from the address bar) is decoded here, once; a decoded one is left alone, as decoding it again
// would corrupt it and eBay answers invalid_grant.
const decodeOnce = (code: string) => {
  if (/[\^#]/.test(code) || !/%[0-9A-Fa-f]{2}/.test(code)) return code
  try {
    return decodeURIComponent(code)
  } catch {
    return code
  }
}

const ebayCodeAndState = codeAndState('eBay', { code: EBAY_MISSING_CODE_MESSAGE, state: EBAY_MISSING_STATE_MESSAGE })

/**
 * eBay echoes the state it was given; the code is exchanged only with it, so a code from someone else's consent
 * cannot be paired with this session's pending authorization.
 */
export const EbayExchangeSchema = v.object({
  ...ebayCodeAndState.entries,
  code: v.pipe(ebayCodeAndState.entries.code, v.transform(decodeOnce)),
})

/**
 * The code and state in what the seller pasted: the address eBay sent them to (or just its query). Values stay as they
 * were in the address; the exchange decodes the code once. Text with neither code= nor state= is taken for a bare
 * code, which has no state.
 */
export function readEbayRedirect(text: string): ExchangeInput {
  const pasted = text.trim()
  const params = new Map<string, string>()
  for (const pair of pasted.slice(pasted.indexOf('?') + 1).split('&')) {
    const equals = pair.indexOf('=')
    if (equals > 0) params.set(pair.slice(0, equals), pair.slice(equals + 1))
  }
  if (!params.has('code') && !params.has('state')) return { code: pasted, state: '' }
  return { code: params.get('code') ?? '', state: params.get('state') ?? '' }
}

/** The eBay manual screen's one field (docs/product.md §2's code input): the whole address, from which code and state are read. */
export const EbayManualSchema = v.pipe(
  v.object({
    address: v.pipe(
      v.string(EBAY_MISSING_CODE_MESSAGE),
      v.check((text) => readEbayRedirect(text).code !== '', EBAY_MISSING_CODE_MESSAGE),
      v.check(
        (text) => readEbayRedirect(text).code === '' || readEbayRedirect(text).state !== '',
        EBAY_MISSING_STATE_MESSAGE,
      ),
    ),
  }),
  v.transform(({ address }) => readEbayRedirect(address)),
)
