// The listing as the server keeps it: what it records beside the seller's fields (listing-fields.ts), and the column
// of each.
import type { Condition } from './options.ts'

/** What the server records beside the seller's fields. */
export interface ListingRecordState {
  id: number
  userId: number
  clientId: string | null
  images: string[]
  /** What the analyser suggested (an AnalysisResult), kept as sent. */
  aiSuggestions: Record<string, unknown> | null
  createdAt: string
  /** 'used' unless the seller said new when posting to eBay. */
  condition: Condition
  /** eBay's condition (ConditionEnum) the seller chose for eBay; null: the one `condition` stands for. */
  ebayCondition: string | null
  ebayConditionDescription: string
  /** The eBay category the listing goes up in: eBay's suggestion for the title, or the seller's choice; null: none yet. */
  ebayCategoryId: string | null
  ebayCategoryName: string | null
  /** The seller chose it (docs/decisions/0022); eBay's suggestion is made again when the title or Category changes. */
  ebayCategoryChosen: boolean
  /** What Snaplist only guessed and the seller has not checked: field names, and 'condition' (contract/guesses.ts). */
  guesses: string[]
}

/** The column of each; the listings table's other columns are eBay's working state (api/db/listings.ts). */
export const RECORD_COLUMNS = {
  id: 'id',
  userId: 'user_id',
  clientId: 'client_id',
  images: 'images',
  aiSuggestions: 'ai_suggestions',
  createdAt: 'created_at',
  condition: 'condition',
  ebayCondition: 'ebay_condition',
  ebayConditionDescription: 'ebay_condition_description',
  ebayCategoryId: 'ebay_category_id',
  ebayCategoryName: 'ebay_category_name',
  ebayCategoryChosen: 'ebay_category_chosen',
  guesses: 'guesses',
} as const satisfies Record<keyof ListingRecordState, string>
