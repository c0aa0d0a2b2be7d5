// SQL for the listings table: the seller's fields and the rows themselves. Every query is scoped to the owner (another
// user's id simply finds nothing), except the admin ones, whose names say so; what a marketplace keeps on a listing is
// its own module's (listing-places.ts and the marketplaces'), the Dashboard's search listing-search.ts.
import postgres from 'postgres'
import { ADMIN_LISTING_FIELDS, type AdminListing } from '../contract/admin.ts'
import { LISTING_FIELD_ENTRIES, LISTING_FIELDS, type ListingFieldName } from '../contract/listing-fields.ts'
import { RECORD_COLUMNS } from '../contract/listing-record.ts'
import type { FillableField } from '../contract/listing-suggestion.ts'
import type { ListingEdit, ListingFill, ListingInput, ListingLife, Listing } from '../contract/listing.ts'
import { marketplaceColumnsOnCreate } from '../contract/marketplace-listing-input.ts'
import { toCents } from '../contract/listing-field-schemas.ts'
import type { Sql, Tx } from './client.ts'
import { markPlacesRestocked } from './listing-places.ts'
import { MARKETPLACE_LIFE_COLUMNS } from './marketplace-life-columns.ts'
import { OVERSOLD_ORDERS_SQL, SOLD_GIVEN_BACK_SQL } from './marketplace-sales.ts'

// A listing's columns as listing-fields.ts declares them, each read under the name the API answers with (the driver
// turns snake_case into camelCase); money is kept as whole cents and read as dollars.
// What the lifecycle adds beside them (docs/product.md §4): the status and places (listing_places, read by the
// status the triggers keep and by the places' primary key), sales, and each marketplace's part (marketplace-life-columns.ts).
const LIFE_COLUMNS = {
  status: 'dashboard_status as status',
  places: `(select coalesce(json_agg(json_build_object('marketplace', p.marketplace, 'state', p.state,
    'externalId', p.external_id, 'url', p.url,
    'revisionStatus', case when p.revision_requested > 0 then p.revision_state end,
    'revisionMessage', case when p.revision_requested > 0 then p.revision_message end) order by p.marketplace), '[]'::json)
    from listing_places p where p.listing_id = listings.id) as places`,
  version: 'version',
  soldPrice: '(sold_price_cents / 100.0)::float8 as sold_price',
  soldAt: 'sold_at',
  soldOrderId: 'sold_order_id',
  soldOn: 'sold_on',
  soldWhere: 'sold_where',
  soldGivenBack: `${SOLD_GIVEN_BACK_SQL} as sold_given_back`,
  oversoldOrders: `${OVERSOLD_ORDERS_SQL} as oversold_orders`,
  ...MARKETPLACE_LIFE_COLUMNS,
} as const satisfies Record<keyof ListingLife, string>

/** What reads each of the listing's fields. */
const COLUMN_OF = {
  ...RECORD_COLUMNS,
  ...LIFE_COLUMNS,
  ...Object.fromEntries(
    LISTING_FIELD_ENTRIES.map(([name, spec]) => {
      const as = postgres.fromCamel(name)
      if (spec.kind === 'money') return [name, `(${spec.column} / 100.0)::float8 as ${as}`]
      if (spec.kind === 'date') return [name, `to_char(${spec.column}, 'YYYY-MM-DD') as ${as}`]
      return [name, spec.column === as ? as : `${spec.column} as ${as}`]
    }),
  ),
} as Record<keyof Listing, string>
export const COLUMN_LIST = Object.values(COLUMN_OF)
export const COLUMNS = COLUMN_LIST.join(', ')
// Only what the admin's list shows (contract/admin.ts): the seller's books and the rest stay in the table.
const ADMIN_COLUMNS = [...ADMIN_LISTING_FIELDS.map((field) => COLUMN_OF[field]), 'images[1] as photo'].join(', ')

/** A field's value as its column keeps it. */
const columnValue = <Name extends ListingFieldName>(name: Name, value: ListingInput[Name]) =>
  LISTING_FIELDS[name].kind === 'money' && typeof value === 'number' ? toCents(value) : value

/** The columns of these fields, with their values. */
const fieldColumns = (values: Partial<Pick<ListingInput, ListingFieldName>>, names: ListingFieldName[]) =>
  Object.fromEntries(names.map((name) => [LISTING_FIELDS[name].column, columnValue(name, values[name]!)]))

export async function findListing(sql: Sql | Tx, userId: number, id: number): Promise<Listing | undefined> {
  const [row] = await sql<
    Listing[]
  >`select ${sql.unsafe(COLUMNS)} from listings where user_id = ${userId} and id = ${id}`
  return row
}

/** Whose listing this is, for a job that was given only its id; undefined once it is gone. */
export async function ownerOf(sql: Sql, id: number): Promise<number | undefined> {
  const [row] = await sql<{ userId: number }[]>`select user_id from listings where id = ${id}`
  return row?.userId
}

/** Which of these listings are the seller's (and not being deleted). */
export async function ownedListingIds(sql: Sql, userId: number, ids: number[]): Promise<Set<number>> {
  const rows = await sql<
    { id: number }[]
  >`select id from listings where user_id = ${userId} and id = any(${ids}::int[]) and deleting_since is null`
  return new Set(rows.map((row) => row.id))
}

export async function findListingByClientId(
  sql: Sql | Tx,
  userId: number,
  clientId: string,
): Promise<Listing | undefined> {
  const [row] = await sql<
    Listing[]
  >`select ${sql.unsafe(COLUMNS)} from listings where user_id = ${userId} and client_id = ${clientId}`
  return row
}

/** Inserts the listing; with a clientId already used (by anyone), inserts nothing and returns undefined. */
export async function insertListing(tx: Tx, userId: number, input: ListingInput): Promise<Listing | undefined> {
  const row = {
    [RECORD_COLUMNS.userId]: userId,
    [RECORD_COLUMNS.clientId]: input.clientId ?? null,
    [RECORD_COLUMNS.images]: input.images,
    [RECORD_COLUMNS.aiSuggestions]: input.aiSuggestions === null ? null : tx.json(input.aiSuggestions as never),
    [RECORD_COLUMNS.guesses]: input.guesses,
    ...fieldColumns(
      input,
      LISTING_FIELD_ENTRIES.map(([name]) => name),
    ),
    // Each marketplace's details from the analysis (docs/product.md §12); an object is kept as JSON.
    ...Object.fromEntries(
      Object.entries(marketplaceColumnsOnCreate(input)).map(([column, value]) => [
        column,
        value !== null && typeof value === 'object' && !Array.isArray(value) ? tx.json(value as never) : value,
      ]),
    ),
  }
  const [inserted] = await tx<Listing[]>`
    insert into listings ${tx(row)}
    on conflict (client_id) do nothing
    returning ${tx.unsafe(COLUMNS)}`
  return inserted
}

/** The seller's listing, locked until the transaction ends, so a change computed from it cannot race another. */
export async function lockListing(tx: Tx, userId: number, id: number): Promise<Listing | undefined> {
  const [row] = await tx<
    Listing[]
  >`select ${tx.unsafe(COLUMNS)} from listings where user_id = ${userId} and id = ${id} for update`
  return row
}

export async function updateListingFields(
  tx: Tx,
  id: number,
  changes: ListingFill,
  fields: FillableField[],
  guesses: string[],
): Promise<Listing> {
  const values = {
    [RECORD_COLUMNS.guesses]: guesses,
    ...fieldColumns(
      changes,
      fields.filter((field) => field !== 'aiSuggestions'),
    ),
    ...(fields.includes('aiSuggestions')
      ? { [RECORD_COLUMNS.aiSuggestions]: changes.aiSuggestions ? tx.json(changes.aiSuggestions as never) : null }
      : {}),
  }
  const [row] = await tx<Listing[]>`update listings set ${tx(values)} where id = ${id} returning ${tx.unsafe(COLUMNS)}`
  return row!
}

/**
 * Replaces what the seller edits (the version counts it: migrations 0013 and 0036's trigger). A blank SKU is made
 * anew; one another of the seller's listings has is a unique violation of listings_user_sku.
 */
export async function updateEditableFields(tx: Tx, id: number, edit: ListingEdit, guesses: string[]): Promise<Listing> {
  const values = {
    [RECORD_COLUMNS.guesses]: guesses,
    ...fieldColumns(
      edit,
      LISTING_FIELD_ENTRIES.map(([name]) => name),
    ),
    [RECORD_COLUMNS.images]: edit.images,
  }
  const [row] = await tx<Listing[]>`update listings set ${tx(values)} where id = ${id} returning ${tx.unsafe(COLUMNS)}`
  return row!
}

/** The seller checked these guesses: theirs from now on. Undefined when the listing is not the seller's. */
export async function forgetGuesses(
  sql: Sql,
  userId: number,
  id: number,
  checked: readonly string[],
): Promise<Listing | undefined> {
  const [row] = await sql<Listing[]>`
    update listings set guesses = array(select guess from unnest(guesses) guess where guess <> all(${checked}::text[]))
    where user_id = ${userId} and id = ${id} returning ${sql.unsafe(COLUMNS)}`
  return row
}

export async function deleteListing(tx: Tx, userId: number, id: number): Promise<Listing | undefined> {
  const [row] = await tx<
    Listing[]
  >`delete from listings where user_id = ${userId} and id = ${id} returning ${tx.unsafe(COLUMNS)}`
  return row
}

/**
 * Marks the seller's listing deleted while a marketplace still has it (docs/decisions/0023): the Dashboard no longer shows it,
 * the row stays until the job that ends it there has looked for a last sale. Another seller's id changes nothing.
 */
export async function markDeleting(tx: Tx, userId: number, id: number): Promise<void> {
  await tx`update listings set deleting_since = coalesce(deleting_since, now()) where user_id = ${userId} and id = ${id}`
}

/** Whether the listing is still to be deleted: a sale found since brought it back. */
export async function isDeleting(sql: Sql, id: number): Promise<boolean> {
  const [row] = await sql`select 1 from listings where id = ${id} and deleting_since is not null`
  return row !== undefined
}

/** Shows the listing again (the marketplace could not end it): the seller sees it and decides. */
export async function cancelDeleting(sql: Sql, id: number): Promise<void> {
  await sql`update listings set deleting_since = null where id = ${id}`
}

/** Deletes a listing marked deleting; undefined when it is gone or a sale brought it back. */
export async function deleteMarkedListing(tx: Tx, id: number): Promise<Listing | undefined> {
  const [row] = await tx<
    Listing[]
  >`delete from listings where id = ${id} and deleting_since is not null returning ${tx.unsafe(COLUMNS)}`
  return row
}

export async function listAllListings(
  sql: Sql,
  { limit, offset }: { limit: number; offset: number },
): Promise<AdminListing[]> {
  return sql<AdminListing[]>`
    select ${sql.unsafe(ADMIN_COLUMNS)}, (select username from users where users.id = listings.user_id) as owner_username
    from listings
    order by created_at desc, id desc
    limit ${limit} offset ${offset}`
}

export async function countAllListings(sql: Sql): Promise<number> {
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from listings`
  return row!.count
}

export async function deleteAnyListing(tx: Tx, id: number): Promise<Listing | undefined> {
  const [row] = await tx<Listing[]>`delete from listings where id = ${id} returning ${tx.unsafe(COLUMNS)}`
  return row
}

export async function deleteUserListings(tx: Tx, userId: number): Promise<number> {
  const result = await tx`delete from listings where user_id = ${userId}`
  return result.count
}

/**
 * Text and choice fields as a marketplace's Post dialog filled them, each value already one the field takes
 * (its item specifics' value for the field); the version counts it, as for any edit.
 */
export async function saveFieldValues(
  sql: Sql,
  id: number,
  values: Partial<Record<ListingFieldName, string>>,
): Promise<void> {
  const names = Object.keys(values) as ListingFieldName[]
  if (names.length)
    await sql`update listings set ${sql(fieldColumns(values as Partial<Pick<ListingInput, ListingFieldName>>, names))} where id = ${id}`
}

/** The seller's Price, as set in a marketplace's Post dialog. */
export async function saveAskingPrice(sql: Sql, id: number, dollars: number): Promise<void> {
  await sql`update listings set asking_price_cents = ${toCents(dollars)} where id = ${id}`
}

/** The seller's listings among these, locked until the transaction ends (a bulk action's chunk), in no set order. */
export const lockListings = (tx: Tx, userId: number, ids: number[]) =>
  tx<Listing[]>`select ${tx.unsafe(COLUMNS)} from listings
    where user_id = ${userId} and id = any(${ids}::int[]) and deleting_since is null order by id for update`

/** Sets one of the seller's numbers on a listing (a bulk action's price in cents, or quantity), as an edit does. */
export async function setPriceOrQuantity(
  tx: Tx,
  id: number,
  change: { askingPriceCents: number } | { quantity: number },
): Promise<Listing> {
  const [row] = await tx<Listing[]>`
    update listings set ${'quantity' in change ? tx`quantity = ${change.quantity}` : tx`asking_price_cents = ${change.askingPriceCents}`}
    where id = ${id} returning ${tx.unsafe(COLUMNS)}`
  return row!
}

/**
 * A sold-out listing with `quantity` more identical pieces (Relist on a sold row): for sale again, ended where it was
 * on a marketplace until Relist puts it back up there, Ready where it was on no marketplace of Snaplist's own status.
 */
export async function restock(tx: Tx, id: number, quantity: number): Promise<Listing> {
  await markPlacesRestocked(tx, id)
  const [row] = await tx<Listing[]>`
    update listings set quantity = ${quantity}, sold_out = false where id = ${id} returning ${tx.unsafe(COLUMNS)}`
  return row!
}
