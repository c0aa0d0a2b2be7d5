// The form's section of what the catalog's category asks for (docs/product.md §12): the fields buyers filter by, the
// catalog's category (its wing's field, src/marketplaces/registry.ts CATALOG_WING) and its item specifics the
// analysis found.
import { Suspense } from 'react'
import { CATALOG_NAME } from '../../../api/contract/catalog.ts'
import type { Draft } from '../../offline/db.ts'
import { CATALOG_WING } from '../../marketplaces/registry.ts'
import { ItemSpecifics } from './AiFindings.tsx'
import { SectionFields, type SectionProps } from './draft-form-fields.tsx'
import { useDraftStore } from './useDrafts.ts'

const CategoryField = CATALOG_WING.CategoryField

export function CatalogPanel({ draft, ...sectionProps }: SectionProps & { draft: Draft | undefined }) {
  const drafts = useDraftStore()
  return (
    <fieldset className="grid gap-4 rounded-2xl border-2 border-dashed border-slate-300 bg-white p-5 sm:grid-cols-2">
      <legend className="px-2 text-base font-semibold text-slate-900">{CATALOG_NAME} Listing Details</legend>
      <p className="text-sm text-slate-600 sm:col-span-2">
        Required for {CATALOG_NAME}: buyers filter by these, and {CATALOG_NAME} asks for them in most categories.
      </p>
      <SectionFields section="catalog" {...sectionProps} />
      {draft && CategoryField && (
        <Suspense fallback={null}>
          <CategoryField draft={draft} onChoose={(category) => void drafts.chooseCatalogCategory(draft.id, category)} />
        </Suspense>
      )}
      {draft && <ItemSpecifics draft={draft} />}
    </fieldset>
  )
}
