// The draft store's writes to a draft's values: the seller's typing and choices, and the AI's suggestions, which fill
// only what the seller has not made their own. Each is one IndexedDB transaction.
import type { DraftAnalysis } from '../../api/contract/analysis.ts'
import type { FillableField } from '../../api/contract/listing-suggestion.ts'
import type { DraftField, DraftFields } from './db.ts'
import {
  aspectGuessKey,
  FORGET_CATEGORY,
  measurementsOwned,
  specificsOf,
  suggestedFields,
  SUGGESTED_FROM,
} from './draft-fills.ts'
import type { DraftRecords } from './draft-records.ts'

export function draftFieldWrites({ db, now, own, ensureDraft }: DraftRecords) {
  return {
    /** The seller typed: the values are theirs from now on, and lose their AI mark. */
    editFields: (id: string, changes: Partial<DraftFields>) =>
      db.transaction('rw', db.drafts, async () => {
        const draft = await ensureDraft(id)
        const touched = Object.keys(changes) as DraftField[]
        const resuggest =
          !draft.catalogCategoryChosen &&
          SUGGESTED_FROM.some((field) => changes[field] !== undefined && changes[field] !== draft.fields[field])
        await db.drafts.update(id, {
          ...(resuggest ? FORGET_CATEGORY : {}),
          fields: { ...draft.fields, ...changes },
          edited: [...new Set([...draft.edited, ...touched])],
          aiFilled: draft.aiFilled.filter((field) => !touched.includes(field)),
          catalogFilled: (draft.catalogFilled ?? []).filter((field) => !touched.includes(field)),
          guesses: (draft.guesses ?? []).filter((key) => !touched.includes(key as DraftField)),
          updatedAt: now(),
          ...(draft.state === 'failed' ? { state: 'editing' as const, error: undefined, errorFields: undefined } : {}),
        })
      }),

    /** The seller chose the catalog's category on the form: kept whatever the title becomes; another's specifics go. */
    chooseCatalogCategory: (id: string, category: { id: string; name: string }) =>
      db.transaction('rw', db.drafts, async () => {
        const draft = await ensureDraft(id)
        const other = draft.catalogCategory?.id !== category.id
        await db.drafts.update(id, {
          ...(other ? FORGET_CATEGORY : {}),
          catalogCategory: category,
          catalogCategoryChosen: true,
          updatedAt: now(),
        })
      }),

    /** The seller typed an item specific: it is theirs from now on, and loses its guess mark. */
    editAspect: (id: string, name: string, value: string) =>
      db.transaction('rw', db.drafts, async () => {
        const draft = await ensureDraft(id)
        await db.drafts.update(id, {
          aspects: { ...draft.aspects, [name]: value },
          editedAspects: [...new Set([...(draft.editedAspects ?? []), name])],
          guesses: (draft.guesses ?? []).filter((key) => key !== aspectGuessKey(name)),
          updatedAt: now(),
        })
      }),

    /** The seller checked a guessed value and keeps it: theirs from now on, as if typed (no mark, never overwritten). */
    confirmGuess: (id: string, key: string) =>
      db.transaction('rw', db.drafts, async () => {
        const draft = await own(id)
        if (!draft) return
        const aspect = key.startsWith('aspect:') ? key.slice('aspect:'.length) : undefined
        await db.drafts.update(id, {
          guesses: (draft.guesses ?? []).filter((guess) => guess !== key),
          ...(aspect
            ? { editedAspects: [...new Set([...(draft.editedAspects ?? []), aspect])] }
            : {
                edited: [...new Set([...draft.edited, key as DraftField])],
                aiFilled: draft.aiFilled.filter((field) => field !== key),
              }),
          updatedAt: now(),
        })
      }),

    /** AI suggestions fill only the fields (and item specifics) the seller has not typed into. */
    applyAnalysis: (draftId: string, result: DraftAnalysis) =>
      db.transaction('rw', db.drafts, async () => {
        const draft = await own(draftId)
        if (!draft) return
        // Nor over what the catalog filled from the barcode: it knows the product for certain.
        const ownedElsewhere = [
          ...draft.edited,
          ...(draft.catalogFilled ?? []),
          ...measurementsOwned((field) => draft.edited.includes(field)),
        ]
        const filled = Object.entries(suggestedFields(result)).filter(
          ([field]) => !ownedElsewhere.includes(field as DraftField),
        )
        await db.drafts.update(draftId, {
          fields: { ...draft.fields, ...Object.fromEntries(filled) },
          aiFilled: [...new Set([...draft.aiFilled, ...filled.map(([field]) => field as DraftField)])],
          ...specificsOf(
            draft,
            result,
            filled.map(([field]) => field as DraftField),
          ),
          analysis: result,
          suggestionsReady: draft.state === 'editing' && filled.length > 0,
          updatedAt: now(),
        })
      }),

    reviewed: async (id: string) => {
      if (await own(id)) await db.drafts.update(id, { suggestionsReady: false })
    },

    /** Late suggestions were applied to the listing on the server: say which fields they filled. */
    filledLate: (id: string, result: DraftAnalysis, filled: FillableField[]) =>
      db.drafts.update(id, { analysis: result, lateFilled: filled.filter((field) => field !== 'aiSuggestions') }),
  }
}
