// What posting to Shopify takes beside the listing: nothing is asked (the store's location and Online Store are read
// from the store), and what it answers.
import * as v from 'valibot'

/** A bulk post asks the seller nothing for Shopify. */
export const ShopifyBulkAnswersSchema = v.strictObject({})
