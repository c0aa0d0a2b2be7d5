// The listing form as the seller meets it: typing shows at once and reaches the phone's store after a pause (or at once
// when the page is hidden or the form closes), a suggestion never lands over what the seller is typing, and a required
// field that is empty says so; the edit of a listing made on a marketplace's site says what reaches it.
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, it } from 'vitest'
import { ListingForm } from '../../../src/features/drafts/ListingForm.tsx'
import { useDraft } from '../../../src/features/drafts/useDrafts.ts'
import { FIELD_EDIT_PAUSE_MS } from '../../../src/lib/field-edits.ts'
import type { Listing } from '../../../api/contract/listing.ts'
import { EMPTY_FIELDS, localDb } from '../../../src/offline/db.ts'
import { listingKeys } from '../../../src/queries/listing-queries.ts'
import { createDraftStore } from '../../../src/offline/drafts.ts'
import { renderScreen, SELLER } from '../render.tsx'

/** The form over the draft as list-item.tsx opens it: from the store, live. */
function OpenDraft({ draftId }: { draftId: string }) {
  const view = useDraft(draftId)
  return view === undefined ? null : <ListingForm draftId={draftId} view={view} />
}

const storedTitle = async (draftId: string) => (await localDb().drafts.get(draftId))?.fields.title

async function openForm(draftId = crypto.randomUUID()) {
  const rendered = renderScreen(<OpenDraft draftId={draftId} />)
  const title = await screen.findByRole('textbox', { name: 'Title' })
  return { ...rendered, draftId, title }
}

it('shows the title as it is typed, and saves it on the phone once typing pauses', async () => {
  const user = userEvent.setup()
  const { draftId, title } = await openForm()
  await user.type(title, 'Vintage teapot')
  expect(title).toHaveProperty('value', 'Vintage teapot')
  // Not a write a keystroke: the pause has not passed yet.
  expect(await storedTitle(draftId)).not.toBe('Vintage teapot')
  await waitFor(async () => expect(await storedTitle(draftId)).toBe('Vintage teapot'))
})

it('saves what was typed at once when the page is hidden, and a reload finds it', async () => {
  const user = userEvent.setup()
  const { draftId, title, unmount } = await openForm()
  await user.type(title, 'Brass lamp')
  window.dispatchEvent(new Event('pagehide'))
  await waitFor(async () => expect(await storedTitle(draftId)).toBe('Brass lamp'), {
    timeout: FIELD_EDIT_PAUSE_MS / 2,
  })

  unmount()
  await openForm(draftId)
  expect(screen.getByRole('textbox', { name: 'Title' })).toHaveProperty('value', 'Brass lamp')
})

it('saves at once when the app is switched away from (the page becomes hidden)', async () => {
  const user = userEvent.setup()
  const { draftId, title } = await openForm()
  await user.type(title, 'Wool scarf')
  const visibility = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState')
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
  try {
    document.dispatchEvent(new Event('visibilitychange'))
    await waitFor(async () => expect(await storedTitle(draftId)).toBe('Wool scarf'), {
      timeout: FIELD_EDIT_PAUSE_MS / 2,
    })
  } finally {
    if (visibility) Object.defineProperty(document, 'visibilityState', visibility)
    else Reflect.deleteProperty(document, 'visibilityState')
  }
})

it('saves what was typed when the form closes before the pause', async () => {
  const user = userEvent.setup()
  const { draftId, title, unmount } = await openForm()
  await user.type(title, 'Leather boots')
  unmount()
  await waitFor(async () => expect(await storedTitle(draftId)).toBe('Leather boots'), {
    timeout: FIELD_EDIT_PAUSE_MS / 2,
  })
})

it('keeps what the seller types when a suggestion for that field arrives before it is saved', async () => {
  const user = userEvent.setup()
  const draftId = crypto.randomUUID()
  await createDraftStore(localDb(), SELLER.id).ensure(draftId)
  const { title } = await openForm(draftId)
  await user.type(title, 'My own words')
  // The sync engine writes the AI's title (the store does not know of the typing yet) and a description.
  await act(() =>
    localDb().drafts.update(draftId, {
      'fields.title': 'AI title',
      'fields.description': 'AI description',
      aiFilled: ['title', 'description'],
    }),
  )
  const description = screen.getByRole('textbox', { name: /^Description/ })
  await waitFor(() => expect(description).toHaveProperty('value', 'AI description'))
  expect(title).toHaveProperty('value', 'My own words')
  // Once saved, the title is the seller's: no longer marked as the AI's.
  await waitFor(async () => expect(await storedTitle(draftId)).toBe('My own words'))
  const draft = await localDb().drafts.get(draftId)
  expect(draft?.aiFilled).toEqual(['description'])
  expect(title).toHaveProperty('value', 'My own words')
})

it('says which required field is empty when Create Listing is tapped', async () => {
  const user = userEvent.setup()
  await openForm()
  await user.click(screen.getByRole('button', { name: 'Create Listing' }))
  const title = screen.getByRole('textbox', { name: 'Title' })
  await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'))
  expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('Title is required')
})

it('says on the edit of a listing made on a marketplace’s own site what reaches it, as that marketplace words it', async () => {
  const edit = async (imported: 'trading' | 'inventory' | null) => {
    const draftId = crypto.randomUUID()
    await localDb().drafts.put({
      id: draftId,
      userId: SELLER.id,
      createdAt: Date.now(),
      updatedAt: Date.now(),
      fields: { ...EMPTY_FIELDS, title: 'Wool blanket' },
      edited: [],
      aiFilled: [],
      photoIds: [],
      state: 'editing',
      suggestionsReady: false,
      editOf: { listingId: 41, version: 1 },
    })
    const listing = { id: 41, title: 'Wool blanket', ebayImported: imported } as Listing
    const rendered = renderScreen(<OpenDraft draftId={draftId} />, {
      prepare: (queryClient) => queryClient.setQueryData([...listingKeys.all, 'one', 41], listing),
    })
    await screen.findByRole('textbox', { name: 'Title' })
    return rendered
  }
  const made = await edit('trading')
  expect(screen.getByRole('note').textContent).toMatch(/^Made on ebay\.com: Snaplist sends its Price and Quantity/)
  made.unmount()
  await edit('inventory')
  expect(screen.queryByRole('note')).toBeNull()
})
