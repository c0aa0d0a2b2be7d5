// The seller's costs, bins and SKUs read from a spreadsheet (issue 32): POST /api/imports/inventory.csv/preview says
// what a CSV file would change, line by line, and POST /api/imports/inventory.csv makes those changes. The file is the
// inventory CSV's own layout (exports.ts), so a seller downloads it, fills in Cost and Bin, and sends it back; rows are
// matched to listings by SKU, and a "New SKU" column renames one.
import { INVENTORY_COLUMNS } from './exports.ts'

export const INVENTORY_IMPORT_PATH = '/api/imports/inventory.csv'
export const INVENTORY_IMPORT_PREVIEW_PATH = '/api/imports/inventory.csv/preview'

/** The file's largest size: 10,000 rows of the inventory CSV with long titles fit. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024
/** Rows after the header: a power seller's whole inventory (issue 31). */
export const IMPORT_MAX_ROWS = 10_000
/**
 * Lines in the file, blank ones and each line of a cell on several lines included: room for a spreadsheet's blank
 * rows, while a file of line breaks is refused at this many, not at 2 MB of them (issue 46 G1).
 */
export const IMPORT_MAX_LINES = 2 * IMPORT_MAX_ROWS
/** A row's longest, in characters: an inventory row is a few hundred; more is mostly a quote never closed. */
export const IMPORT_MAX_ROW_CHARS = 10_000

const [SKU, , BIN, COST] = INVENTORY_COLUMNS
/** The columns read, by their header (any case): the key, and what each changes. The others are ignored. */
export const IMPORT_COLUMNS = { sku: SKU, cost: COST, bin: BIN, newSku: 'New SKU' } as const

/** What an import can change on a listing: the listing fields of the same names (api/contract/listing-fields.ts). */
export type ImportedField = 'cost' | 'bin' | 'sku'

/** One value changing, as the seller reads it (cost in dollars and cents, "" for blank). */
export interface ImportedValue {
  field: ImportedField
  from: string
  to: string
}

/** A line of the file that changes a listing. */
export interface ImportChange {
  /** The file's line the row starts on (the header is line 1). */
  line: number
  listingId: number
  /** The listing's SKU before the import. */
  sku: string
  title: string
  values: ImportedValue[]
}

/** A line left out, and why, in words the seller can act on. */
export interface ImportRefusal {
  line: number
  message: string
}

export interface InventoryImportReply {
  changes: ImportChange[]
  refused: ImportRefusal[]
  /** Rows that match a listing and change nothing. */
  unchanged: number
  /** false for a preview; true once the changes are made. */
  applied: boolean
}
