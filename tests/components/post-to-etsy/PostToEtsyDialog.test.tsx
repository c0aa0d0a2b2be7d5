// The Post to Etsy dialog's states as the seller meets them: a connection that cannot publish asks once to connect
// again; a shop without profiles says what to set up on Etsy; a when_made Etsy no longer takes is said under the
// choice and left out of it; the seller's answers are proposed again next time, but never when the last item was made;
// what Etsy does not allow (someone else made it, a finished product, not vintage) is said and cannot be posted.
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import type { EtsyRequirements } from '../../../api/contract/etsy-publish.ts'
import { ETSY_WHEN_MADE } from '../../../api/contract/etsy-when-made.ts'
import type { Listing } from '../../../api/contract/listing.ts'
import { PostToEtsyDialog } from '../../../src/marketplaces/etsy/PostToEtsyDialog.tsx'
import { renderScreen, SELLER } from '../render.tsx'

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

/** A listing with only what the dialog reads of one filled in. */
const LISTING = {
  id: 4,
  title: 'Brass candlesticks',
  images: ['/api/images/a.jpg'],
  price: 30,
  askingPrice: 25,
  medianUsedPrice: null,
  quantity: 2,
  type: 'Regular',
} as unknown as Listing

const CHOICE = (id: number, name: string) => [{ id, name }]
const READY: EtsyRequirements = {
  missing: [
    { code: 'etsy_missing_fields', message: 'Etsy needs who made it, when it was made, whether it is a supply.' },
  ],
  taxonomy: { id: 3, name: 'Home & Living' },
  shippingProfiles: [...CHOICE(5001, 'US shipping'), ...CHOICE(5002, 'Worldwide')],
  returnPolicies: CHOICE(6001, 'Returns within 30 days'),
  processingProfiles: CHOICE(7001, 'Ready to ship, 1–3 days'),
  whoMade: ['i_did', 'someone_else', 'collective'],
  whenMade: ETSY_WHEN_MADE,
}

/** Answers the dialog's two calls: the requirements, and the post with `posted` (a status and body). */
function answer(requirements: EtsyRequirements, posted?: { status: number; body: unknown }) {
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost')
    if (url.pathname.endsWith('/etsy-requirements')) return Response.json(requirements)
    if (url.pathname.endsWith('/post-to-etsy') && posted) return Response.json(posted.body, { status: posted.status })
    return Response.json({ message: 'Not found', code: 'not_found' }, { status: 404 })
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}

const open = () => renderScreen(<PostToEtsyDialog listing={LISTING} onClose={() => {}} />)

it('a connection made before publishing existed is asked, once, to connect Etsy again', async () => {
  const message = 'Your Etsy connection was made before Snaplist could publish there. Connect Etsy again.'
  answer({ ...READY, missing: [{ code: 'etsy_reconnect_needed', message }] })
  open()
  const alert = await screen.findByRole('alert')
  expect(alert.textContent).toContain(message)
  expect(within(alert).getByRole('button', { name: 'Connect Etsy again' })).toBeTruthy()
  expect(screen.getAllByRole('alert')).toHaveLength(1)
  expect(screen.queryByRole('button', { name: 'Post to Etsy' })).toBeNull()
})

it('a shop without a shipping profile is told what to set up on Etsy, and posting waits', async () => {
  const message =
    'Your Etsy shop has no shipping profile yet. Add one in Shop Manager on Etsy (Settings): Shipping settings, then post again.'
  answer({ ...READY, shippingProfiles: [], missing: [{ code: 'etsy_shop_setup_missing', message }] })
  open()
  expect(await screen.findByText(message)).toBeTruthy()
  expect(screen.getByRole('link', { name: 'Open Shop Manager on Etsy' }).getAttribute('href')).toMatch(
    /^https:\/\/www\.etsy\.com\//,
  )
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Post to Etsy' }).disabled).toBe(true)
})

it('a when_made Etsy refuses is said under the choice and no longer offered; nothing is remembered from a refused post', async () => {
  const fetch = answer(READY, {
    status: 400,
    body: {
      code: 'etsy_refused',
      message: 'Etsy no longer accepts that "when it was made" value (…). The values Snaplist knows are …',
      fields: { whenMade: 'Etsy no longer accepts this value.' },
    },
  })
  const user = userEvent.setup()
  open()
  await user.selectOptions(await screen.findByLabelText('Who made it?'), 'i_did')
  await user.selectOptions(screen.getByLabelText('When was it made?'), '2020_2025')
  await user.selectOptions(screen.getByLabelText('What is it?'), 'false')
  await user.selectOptions(screen.getByLabelText('Shipping profile'), '5002')
  expect(screen.getByText(/USD 0\.20 per listing published or renewed; listings expire after four months/)).toBeTruthy()
  await user.click(screen.getByRole('button', { name: 'Post to Etsy' }))

  expect(
    await screen.findByText('Etsy no longer accepts "2020–2025". Choose one of the values it takes now.'),
  ).toBeTruthy()
  const when = screen.getByLabelText<HTMLSelectElement>('When was it made?')
  expect(when.value).toBe('')
  expect([...when.options].map((option) => option.value)).not.toContain('2020_2025')
  const sent = JSON.parse(String(fetch.mock.calls.find(([url]) => String(url).endsWith('/post-to-etsy'))![1]!.body))
  expect(sent).toMatchObject({
    whoMade: 'i_did',
    whenMade: '2020_2025',
    isSupply: false,
    taxonomyId: 3,
    shippingProfileId: 5002,
  })
  // Not posted: nothing remembered yet.
  expect(localStorage.getItem(`snaplist:etsy-habits:${SELLER.id}`)).toBeNull()
})

it("the seller's last answers are proposed, but not when the last item was made; a gone profile falls back to the shop's first", async () => {
  localStorage.setItem(
    `snaplist:etsy-habits:${SELLER.id}`,
    JSON.stringify({
      whoMade: 'collective',
      whenMade: '1990s',
      isSupply: true,
      shippingProfileId: 9999,
      returnPolicyId: 6001,
    }),
  )
  answer(READY)
  open()
  const who = await screen.findByLabelText<HTMLSelectElement>('Who made it?')
  expect(who.value).toBe('collective')
  expect((screen.getByLabelText('When was it made?') as HTMLSelectElement).value).toBe('')
  expect((screen.getByLabelText('What is it?') as HTMLSelectElement).value).toBe('true')
  expect((screen.getByLabelText('Shipping profile') as HTMLSelectElement).value).toBe('5001')
  expect(screen.getByText('Still to answer for Etsy: when it was made.')).toBeTruthy()
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Post to Etsy' }).disabled).toBe(true)
})

it("a recent finished product someone else made is said to break Etsy's rules and cannot be posted; a craft supply can", async () => {
  const user = userEvent.setup()
  answer(READY)
  open()
  await user.selectOptions(await screen.findByLabelText('Who made it?'), 'someone_else')
  await user.selectOptions(screen.getByLabelText('What is it?'), 'false')
  await user.selectOptions(screen.getByLabelText('When was it made?'), '2010_2019')
  const line = new Date().getFullYear() - 20
  expect(screen.getByRole('alert').textContent).toContain(
    `Etsy allows items someone else made only when they are vintage (made in ${line} or earlier) or craft supplies.`,
  )
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Post to Etsy' }).disabled).toBe(true)
  // A craft supply may be commercially made: allowed.
  await user.selectOptions(screen.getByLabelText('What is it?'), 'true')
  expect(screen.queryByRole('alert')).toBeNull()
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Post to Etsy' }).disabled).toBe(false)
})

it('a check past the seller’s lookups limit shows the server’s words and asks again when the seller taps Try again', async () => {
  const message =
    'You have made more marketplace lookups (barcodes, categories, checks before posting) than this server allows for now. What you filled in is kept: try again in 1 minute.'
  let limited = true
  const fetch = vi.fn(async () =>
    limited
      ? Response.json({ message, code: 'lookup_limit_reached' }, { status: 429, headers: { 'retry-after': '42' } })
      : Response.json(READY),
  )
  vi.stubGlobal('fetch', fetch)
  open()
  expect((await screen.findByRole('alert')).textContent).toBe(message)
  limited = false
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
  expect(await screen.findByRole('button', { name: 'Post to Etsy' })).toBeTruthy()
})

it("the server's refusal of answers Etsy does not allow is said under When was it made, the choice kept", async () => {
  const message =
    'Etsy allows items someone else made only when they are vintage (made in 2006 or earlier) or craft supplies.'
  answer(READY, {
    status: 400,
    body: {
      code: 'etsy_not_allowed',
      message,
      fields: { whenMade: 'Etsy allows this only for a vintage item or a craft supply' },
    },
  })
  const user = userEvent.setup()
  open()
  await user.selectOptions(await screen.findByLabelText('Who made it?'), 'i_did')
  await user.selectOptions(screen.getByLabelText('When was it made?'), '1990s')
  await user.selectOptions(screen.getByLabelText('What is it?'), 'false')
  await user.click(screen.getByRole('button', { name: 'Post to Etsy' }))
  expect(await screen.findByText('Etsy allows this only for a vintage item or a craft supply')).toBeTruthy()
  expect(screen.getByLabelText<HTMLSelectElement>('When was it made?').value).toBe('1990s')
})
