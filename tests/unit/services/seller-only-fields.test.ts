// The seller's books (cost, SKU, bin, when and where bought, private notes: decision 0039) never reach a marketplace:
// every body eBay and Etsy are sent for a listing, on publishing and on revising, is built without them.
import { describe, expect, it } from 'vitest'
import { SELLER_ONLY_FIELDS } from '../../../api/contract/listing-fields.ts'
import type { Listing } from '../../../api/contract/listing.ts'
import { inventoryItemBody, offerDetails } from '../../../api/services/ebay/inventory-bodies.ts'
import { draftForm, inventoryBody } from '../../../api/services/etsy/listing-body.ts'
import type { EtsyPlan } from '../../../api/services/etsy/requirements.ts'

const listing = {
  id: 7,
  title: 'Pyrex bowl',
  description: 'No chips.',
  askingPrice: 24.5,
  price: 40,
  medianUsedPrice: 22,
  quantity: 1,
  category: 'home',
  keywords: ['pyrex'],
  color: 'white',
  brand: 'Pyrex',
  size: '',
  type: '',
  sizeType: '',
  department: '',
  images: [],
  cost: 987.65,
  sku: 'SECRET-SKU-1',
  bin: 'SECRET-BIN',
  boughtAt: '1999-12-31',
  boughtWhere: 'SECRET-SHOP',
  privateNotes: 'SECRET-NOTE',
} as unknown as Listing

const plan: EtsyPlan = {
  shopId: '1',
  whoMade: 'someone_else',
  whenMade: 'before_2006',
  isSupply: false,
  taxonomyId: 1,
  shippingProfileId: 1,
  returnPolicyId: 1,
  readinessStateId: 1,
}

const SECRETS = ['987.65', '98765', 'SECRET', '1999-12-31']

describe('what a marketplace is sent', () => {
  it('holds none of the seller’s books', () => {
    expect(SELLER_ONLY_FIELDS).toEqual(['cost', 'sku', 'bin', 'boughtAt', 'boughtWhere', 'privateNotes'])
    const sent = JSON.stringify([
      inventoryItemBody(listing, ['https://example.com/a.jpg'], { value: 'USED_EXCELLENT', description: '' }, {}),
      offerDetails(listing, '123', { fulfillmentPolicyId: '1', paymentPolicyId: '2', returnPolicyId: '3' }, 'home'),
      draftForm(listing, plan).toString(),
      inventoryBody(listing, plan),
    ])
    for (const secret of SECRETS) expect(sent).not.toContain(secret)
  })
})
