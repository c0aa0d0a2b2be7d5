// ?q= of a marketplace's category search (GET /api/<marketplace>/categories): what the seller typed.
import * as v from 'valibot'

export const CategorySearchSchema = v.object({
  q: v.pipe(
    v.string('Type what the item is'),
    v.trim(),
    v.nonEmpty('Type what the item is'),
    v.maxLength(100, 'Search with at most 100 characters'),
  ),
})
