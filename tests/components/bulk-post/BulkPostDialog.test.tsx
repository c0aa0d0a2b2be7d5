// Post many as a seller with eBay connected meets it: each chosen listing checked, those that can go and those that
// cannot with what they need, then the request's progress and its summary.
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import type { BulkPost } from '../../../api/contract/bulk-post.ts'
import type { EbayRequirements } from '../../../api/contract/ebay-publish.ts'
import type { Listing } from '../../../api/contract/listing.ts'
import { BulkPostDialog } from '../../../src/features/bulk-post/BulkPostDialog.tsx'
import { ebayBulkPart } from '../../../src/marketplaces/ebay/ebay-bulk-part.tsx'
import { answerFetch, renderScreen, SELLER } from '../render.tsx'

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

/** A listing with only what the dialog reads of one filled in. */
const listing = (id: number, title: string, more: Partial<Listing> = {}) =>
  ({
    id,
    title,
    images: [],
    price: 30,
    askingPrice: 25,
    medianUsedPrice: 25,
    platformStatus: null,
    platformListingId: null,
    viewUrl: null,
    ...more,
  }) as unknown as Listing

/** What eBay needs for a listing: only what the dialog reads of it. */
const needs = (missing: string[] = []) =>
  ({ missing, policiesProblem: null, needsLocation: false }) as unknown as EbayRequirements

const TABLE = listing(1, 'Oak side table')
const LAMP = listing(2, 'Brass lamp')
const JACKET = listing(3, 'Denim jacket')
const TEAPOT = listing(4, 'Teapot', { price: 0, askingPrice: null, medianUsedPrice: null })
const CAMERA = listing(5, 'Film camera', { platformStatus: 'active', platformListingId: 'ebay-110' })
const LISTINGS = [TABLE, LAMP, JACKET, TEAPOT, CAMERA]

const REQUIREMENTS: Record<number, EbayRequirements> = {
  [TABLE.id]: needs(),
  [LAMP.id]: needs(),
  [JACKET.id]: needs(['Brand', 'Photos']),
  [TEAPOT.id]: needs(),
}

function openDialog(listingIds: number[], answer: (method: string, path: string) => unknown = () => undefined) {
  answerFetch((method, path, query) => {
    const checked = /^\/api\/listings\/(\d+)\/ebay-requirements$/.exec(path)
    if (checked) return REQUIREMENTS[Number(checked[1])]
    if (path === '/api/marketplace-connections') return [{ platform: 'ebay', connected: true }]
    // The chosen listings only: the seller's whole list is never asked for.
    if (path === '/api/listings/chosen')
      return query
        .get('ids')!
        .split(',')
        .flatMap((id) => LISTINGS.find((item) => item.id === Number(id)) ?? [])
    return answer(method, path)
  })
  return renderScreen(
    <BulkPostDialog
      userId={SELLER.id}
      listingIds={listingIds}
      resume={false}
      onClose={() => {}}
      parts={[ebayBulkPart]}
    />,
  )
}

const row = (title: string) =>
  within(screen.getByRole('list', { name: 'Chosen listings' })).getByRole('listitem', { name: title })

it('lists the chosen listings, which can go as they are, and what the others need', async () => {
  openDialog(LISTINGS.map((item) => item.id))
  expect(await screen.findByText('2 can go as they are · 2 need something', undefined, { timeout: 3_000 })).toBeTruthy()
  expect(within(row('Oak side table')).getByText('Can go as it is')).toBeTruthy()
  expect(within(row('Brass lamp')).getByText('Can go as it is')).toBeTruthy()
  expect(within(row('Denim jacket')).getByText('Needs something: Brand, a photo')).toBeTruthy()
  expect(within(row('Teapot')).getByText('Needs something: a Price')).toBeTruthy()
  expect(within(row('Film camera')).getByText('Already live on eBay')).toBeTruthy()
  expect(screen.getByRole('button', { name: 'Post 2 to eBay' })).toBeTruthy()
})

it('a listing whose parcel and condition the AI guessed needs a look, and can go once the seller says they are right', async () => {
  const user = userEvent.setup()
  const guessed = listing(6, 'Fleece the AI weighed', {
    guesses: ['packageWeightOz', 'packageLength', 'packageWidth', 'packageHeight', 'condition'],
    packageWeightOz: 1,
    packageLength: 1,
    packageWidth: 1,
    packageHeight: 1,
  })
  LISTINGS.push(guessed)
  REQUIREMENTS[guessed.id] = {
    ...needs(),
    condition: 'USED_EXCELLENT',
    conditions: [{ value: 'USED_EXCELLENT', label: 'Pre-owned - Excellent' }],
  } as EbayRequirements
  try {
    openDialog([TABLE.id, guessed.id], (method) => (method === 'POST' ? { ...guessed, guesses: [] } : undefined))
    expect(await screen.findByText('1 can go as it is · 1 needs a look', undefined, { timeout: 3_000 })).toBeTruthy()
    expect(within(row(guessed.title)).getByText('Needs a look: the AI guessed')).toBeTruthy()
    expect(within(row(guessed.title)).getByText('Parcel 1 oz, 1×1×1 in')).toBeTruthy()
    expect(within(row(guessed.title)).getByText('Condition Pre-owned - Excellent')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Post 1 to eBay' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: `Looks right: ${guessed.title}` }))
    expect(await within(row(guessed.title)).findByText('Can go as it is')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Post 2 to eBay' })).toBeTruthy()
    const posts = vi.mocked(fetch).mock.calls.filter(([, init]) => init?.method === 'POST')
    expect(posts.map(([input, init]) => [String(input), JSON.parse(String(init!.body))])).toEqual([
      [
        `/api/listings/${guessed.id}/guesses-checked`,
        { guesses: ['packageWeightOz', 'packageLength', 'packageWidth', 'packageHeight', 'condition'] },
      ],
    ])
  } finally {
    LISTINGS.pop()
  }
})

it('leaves a listing out, and puts it back', async () => {
  const user = userEvent.setup()
  openDialog([TABLE.id, LAMP.id])
  await user.click(await screen.findByRole('button', { name: 'Leave out: Oak side table' }))
  expect(within(row('Oak side table')).getByText('Left out')).toBeTruthy()
  expect(screen.getByRole('button', { name: 'Post 1 to eBay' })).toBeTruthy()
  await user.click(screen.getByRole('button', { name: 'Put back: Oak side table' }))
  expect(screen.getByRole('button', { name: 'Post 2 to eBay' })).toBeTruthy()
})

it('shows each listing’s progress once confirmed, then what was posted and why the others were not', async () => {
  const user = userEvent.setup()
  const queued: BulkPost = {
    id: 41,
    done: false,
    items: [TABLE, LAMP].map((item) => ({
      listingId: item.id,
      title: item.title,
      marketplace: 'ebay',
      status: 'queued',
      code: null,
      message: null,
      viewUrl: null,
    })),
  }
  const answered: BulkPost = {
    id: 41,
    done: true,
    items: [
      { ...queued.items[0]!, status: 'posted', viewUrl: 'https://www.ebay.com/itm/110' },
      { ...queued.items[1]!, status: 'refused', message: 'eBay needs a brand for lamps.' },
    ],
  }
  const sent = vi.fn()
  openDialog([TABLE.id, LAMP.id, JACKET.id], (method, path) => {
    if (method === 'POST' && path === '/api/bulk-posts') return sent() ?? queued
    if (path === '/api/bulk-posts/41') return answered
  })
  await user.click(await screen.findByRole('button', { name: 'Post 2 to eBay' }))

  expect(await screen.findByText('Posting to eBay: 0 of 2 done…')).toBeTruthy()
  expect(sent).toHaveBeenCalledTimes(1)
  // The progress is asked for again every second until every listing has its answer.
  expect(await screen.findByText('1 of 3 posted to eBay', undefined, { timeout: 3_000 })).toBeTruthy()
  expect(screen.getByText('2 listings were not posted: each says why below.')).toBeTruthy()
  const posted = within(screen.getByRole('list', { name: 'Listings posted' }))
  expect(posted.getByRole('link', { name: 'View on eBay: Oak side table' }).getAttribute('href')).toBe(
    'https://www.ebay.com/itm/110',
  )
  expect(posted.getByText('Not posted to eBay: eBay needs a brand for lamps.')).toBeTruthy()
  expect(posted.getByText('Not posted to eBay: left out, needs Brand, a photo')).toBeTruthy()
  expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy()
})
