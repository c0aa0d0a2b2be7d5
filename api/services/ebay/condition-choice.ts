// The item's condition for eBay (one the category allows) and the seller's words on it (only for conditions not new).
import {
  EBAY_CONDITION_OF,
  NEW_CONDITIONS,
  type EbayCondition,
  type EbayConditionOption,
  type EbayPublishInput,
} from '../../contract/ebay-publish.ts'
import type { Listing } from '../../contract/listing.ts'
import { AppError, badRequest } from '../../errors.ts'

/**
 * The condition for eBay: the one asked for (refused unless the category allows it), else the one chosen before, else
 * the one Snaplist's used/new stands for; when the category allows neither, its first.
 */
export function resolveCondition(
  listing: Listing,
  requested: EbayPublishInput['condition'],
  allowed: EbayConditionOption[],
): EbayCondition {
  const isAllowed = (condition: EbayCondition) =>
    allowed.length === 0 || allowed.some((option) => option.value === condition)
  if (requested) {
    const condition = requested === 'used' || requested === 'new' ? EBAY_CONDITION_OF[requested] : requested
    if (isAllowed(condition)) return condition
    throw new AppError(
      400,
      'ebay_condition_not_allowed',
      `eBay does not allow that condition in this category. Choose one of: ${allowed.map((option) => option.label).join(', ')}.`,
      {
        fields: { condition: 'Choose one of the conditions eBay offers for this category' },
      },
    )
  }
  const earlier = [listing.ebayCondition as EbayCondition | null, EBAY_CONDITION_OF[listing.condition]].find(
    (condition) => condition && isAllowed(condition),
  )
  // Else the category's first condition on the listing's side: a used book is never offered as Brand New (eBay's
  // Books have no plain Used: Very Good, the first used one there, stands for it).
  const sameSide = allowed.find((option) => NEW_CONDITIONS.includes(option.value) === (listing.condition === 'new'))
  return earlier ?? sameSide?.value ?? allowed[0]!.value
}

/** The seller's words on the condition; eBay takes them only for conditions that are not new. */
export function resolveConditionDescription(
  listing: Listing,
  typed: string | undefined,
  condition: EbayCondition,
): string {
  const isNew = NEW_CONDITIONS.includes(condition)
  if (typed && isNew) {
    throw badRequest(
      'A condition description is only for items that are not new. Remove it, or choose a used condition.',
      {
        conditionDescription: 'Only for items that are not new',
      },
    )
  }
  return isNew ? '' : (typed ?? listing.ebayConditionDescription)
}
