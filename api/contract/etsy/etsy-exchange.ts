// What Etsy's exchange route and manual screen take: the code and state Etsy sent the seller back with.
import { codeAndState, MISSING_CODE_MESSAGE, MISSING_STATE_MESSAGE } from '../marketplace-exchange.ts'

export const EtsyExchangeSchema = codeAndState('Etsy', { code: MISSING_CODE_MESSAGE, state: MISSING_STATE_MESSAGE })

/** The Etsy manual-entry form: the same fields with the form's own wording. */
export const EtsyManualSchema = codeAndState('Etsy', {
  code: 'Please enter the authorization code',
  state: 'Please enter the state parameter',
})
