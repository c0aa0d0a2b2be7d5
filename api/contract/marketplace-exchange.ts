// What the seller brings back from a marketplace's consent, as its exchange route and manual screen take it: the
// authorization code and the state, each checked in that marketplace's words (docs/product.md §8, §14). Each wing
// builds its own schemas from these (contract/<marketplace>/<marketplace>-exchange.ts).
import * as v from 'valibot'

// The callback's and the manual screens' words for a code or state that is missing (docs/product.md §8).
export const MISSING_CODE_MESSAGE = 'Authorization code is missing from the URL'
export const MISSING_STATE_MESSAGE = 'State parameter is missing from the URL'

// Codes and our states are a few dozen URL-safe characters; the caps only keep junk out of the database and logs.
const CODE_MAX = 2048
const STATE_MAX = 200

/** One value copied from the address the marketplace sent the seller back to, with that marketplace's words. */
const addressParam = (marketplace: string, label: string, missing: string, max: number) =>
  v.pipe(
    v.optional(v.string(missing), ''),
    v.trim(),
    v.nonEmpty(missing),
    v.maxLength(max, `The ${label} is too long: copy it again from the address ${marketplace} sent you back to.`),
    v.regex(/^[\x21-\x7e]+$/, `The ${label} may contain only the characters of a web address, without spaces.`),
  )

/** The code and the state, each checked in the marketplace's words: what its exchange route and manual screen take. */
export const codeAndState = (marketplace: string, missing: { code: string; state: string }) =>
  v.object({
    code: addressParam(marketplace, 'authorization code', missing.code, CODE_MAX),
    state: addressParam(marketplace, 'state parameter', missing.state, STATE_MAX),
  })

/** What every exchange route takes: the code and the state it came back with (docs/product.md §14). */
export interface ExchangeInput {
  code: string
  state: string
}
