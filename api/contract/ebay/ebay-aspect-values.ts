// eBay's item specifics as a listing keeps them (its category and its aspects by name) and eBay's limits on them,
// apart from which field answers which aspect (ebay-aspects.ts), so that the listing's schema carries nothing more.
import * as v from 'valibot'

// eBay's limits for item specifics: a name of at most 40 characters, a value of at most 50 (integration-notes §A2).
export const ASPECT_NAME_MAX = 40
export const ASPECT_VALUE_MAX = 50
const ASPECTS_MAX = 30

/** Item specifics by name, each one value (what the dialog sends and the listing keeps). */
export const AspectValuesSchema = v.pipe(
  v.record(
    v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty('A detail needs a name'),
      v.maxLength(ASPECT_NAME_MAX, `A detail's name must be at most ${ASPECT_NAME_MAX} characters`),
    ),
    v.pipe(
      v.string('Each detail must be text'),
      v.trim(),
      v.maxLength(ASPECT_VALUE_MAX, `Each detail must be at most ${ASPECT_VALUE_MAX} characters (eBay's limit)`),
    ),
  ),
  v.check((aspects) => Object.keys(aspects).length <= ASPECTS_MAX, `Send at most ${ASPECTS_MAX} details`),
)

/** eBay's leaf category ids are digits. */
export const CategoryIdSchema = v.pipe(
  v.string('Category must be an eBay category id'),
  v.regex(/^\d{1,12}$/, 'Category must be an eBay category id'),
)
