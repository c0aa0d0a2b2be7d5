// The listing as the server keeps it: what it records beside the seller's fields (listing-fields.ts), and the column
// of each; each marketplace's part is declared in its wing (marketplace-listing-parts.ts).
import { MARKETPLACE_RECORD_COLUMNS, type MarketplaceRecordState } from './marketplace-listing-parts.ts'
import type { Condition } from './options.ts'

/** What the server records beside the seller's fields, each marketplace's part among it. */
export interface ListingRecordState extends MarketplaceRecordState {
  id: number
  userId: number
  clientId: string | null
  images: string[]
  /** What the analyser suggested (an AnalysisResult), kept as sent. */
  aiSuggestions: Record<string, unknown> | null
  createdAt: string
  /** 'used' unless the seller said new when posting. */
  condition: Condition
  /** What Snaplist only guessed and the seller has not checked: field names, and 'condition' (contract/guesses.ts). */
  guesses: string[]
}

/** The column of each; the listings table's other columns are the marketplaces' working state. */
export const RECORD_COLUMNS = {
  id: 'id',
  userId: 'user_id',
  clientId: 'client_id',
  images: 'images',
  aiSuggestions: 'ai_suggestions',
  createdAt: 'created_at',
  condition: 'condition',
  ...MARKETPLACE_RECORD_COLUMNS,
  guesses: 'guesses',
} as const satisfies Record<keyof ListingRecordState, string>
