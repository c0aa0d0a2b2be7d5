// The challenge eBay's notification endpoints answer when they are set up (account deletion, order pushes).
import * as v from 'valibot'

const CHALLENGE_MISSING = 'The challenge_code query parameter is missing.'

/** eBay's challenge to an endpoint: GET /api/ebay/account-deletion?challenge_code=… (and the order push's). */
export const EbayChallengeQuerySchema = v.object({
  challenge_code: v.pipe(v.optional(v.string(CHALLENGE_MISSING), ''), v.nonEmpty(CHALLENGE_MISSING)),
})
