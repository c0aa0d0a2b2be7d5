// The Post to eBay dialog never leaves Post doing nothing (issue 47): an error on a field it does not show, its own
// check's or the server's, is said above its buttons; and what the AI guessed of the parcel is shown before it goes.
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import type { EbayRequirements } from '../../../api/contract/ebay-publish.ts'
import type { Listing } from '../../../api/contract/listing.ts'
import { PostToEbayDialog } from '../../../src/marketplaces/ebay/PostToEbayDialog.tsx'
import { renderScreen } from '../render.tsx'

afterEach(() => {
  vi.unstubAllGlobals()
})

/** A listing with only what the dialog reads of one filled in. */
const LISTING = {
  id: 7,
  title: 'Wool scarf',
  images: ['/api/images/a.jpg'],
  price: 30,
  askingPrice: 25,
  medianUsedPrice: null,
  quantity: 1,
  platformStatus: null,
  platformListingId: null,
  guesses: [],
} as unknown as Listing

const REQUIREMENTS: EbayRequirements = {
  category: { id: '45238', name: 'Scarves & Wraps' },
  condition: 'USED_EXCELLENT',
  conditions: [{ value: 'USED_EXCELLENT', label: 'Pre-owned - Excellent' }],
  conditionDescription: '',
  aspects: [],
  otherAspects: [],
  missing: [],
  policiesProblem: null,
  needsLocation: false,
  shipping: { policies: [{ id: '6196929000', name: 'Ground', calculated: false }], chosen: '6196929000' },
  onlyStockPhotos: false,
}

/** Answers the requirements, and the post with `posted`; answers the requests made. */
function answer(requirements: EbayRequirements, posted?: { status: number; body: unknown }) {
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost')
    if (url.pathname.endsWith('/ebay-requirements')) return Response.json(requirements)
    if (url.pathname.endsWith('/post-to-ebay') && posted) return Response.json(posted.body, { status: posted.status })
    return Response.json({ message: 'Not found', code: 'not_found' }, { status: 404 })
  })
  vi.stubGlobal('fetch', fetch)
  return () => fetch.mock.calls.filter(([input]) => String(input).endsWith('/post-to-ebay'))
}

const open = (listing = LISTING) =>
  renderScreen(<PostToEbayDialog listing={listing} ebayConnected onClose={() => {}} />)

it('says why Post does nothing when its own check refuses a field it does not show, and sends nothing', async () => {
  const posts = answer({
    ...REQUIREMENTS,
    shipping: { policies: [{ id: 'not an id!', name: 'Ground', calculated: false }], chosen: 'not an id!' },
  })
  const user = userEvent.setup()
  open()
  await user.click(await screen.findByRole('button', { name: 'Post to eBay' }, { timeout: 3_000 }))
  expect((await screen.findByRole('alert')).textContent).toBe(
    'Shipping policy: Choose one of your eBay shipping policies',
  )
  expect(posts()).toHaveLength(0)
})

it("says the server's refusal of a field the dialog does not show above its buttons", async () => {
  const posts = answer(REQUIREMENTS, {
    status: 400,
    body: {
      code: 'ebay_shipping_policy_unknown',
      message: 'That shipping policy is not one of your eBay shipping policies any more. Choose one from the list.',
      fields: { shippingPolicyId: 'Choose one of your eBay shipping policies' },
    },
  })
  const user = userEvent.setup()
  open()
  await user.click(await screen.findByRole('button', { name: 'Post to eBay' }, { timeout: 3_000 }))
  expect(await screen.findByText('Shipping policy: Choose one of your eBay shipping policies')).toBeTruthy()
  expect(posts()).toHaveLength(1)
})

it('shows the parcel the AI guessed, and that the condition was assumed, before they go', async () => {
  answer(REQUIREMENTS)
  open({
    ...LISTING,
    guesses: ['packageWeightOz', 'packageLength', 'packageWidth', 'packageHeight', 'condition'],
    packageWeightOz: 24,
    packageLength: 13,
    packageWidth: 10,
    packageHeight: 2,
  } as Listing)
  expect((await screen.findByText(/The AI guessed the parcel/, undefined, { timeout: 3_000 })).textContent).toContain(
    '24 oz, 13×10×2 in',
  )
  expect(screen.getByText('Snaplist assumed this one: choose the condition the item is in.')).toBeTruthy()
})
