// A power seller's inventory in one statement (issue 31): `count` listings copied from one the seller made through the
// API (its photo, description, specifics), each with its own title, brand, keywords, price and age, one in seven sold
// and one in eleven ended on eBay (its place there, migration 0054), newest first as they were listed. 10,000 take
// about a second, where the API would take minutes.
import type { Sql } from '../../api/db/client.ts'

const ITEMS = [
  ['Vintage denim jacket', "Levi's", 'denim,jacket,vintage'],
  ['Brass desk lamp', 'Anglepoise', 'lighting,brass,desk'],
  ['Leather boots', 'Frye', 'boots,leather,western'],
  ['Mixing bowl 2 qt', 'Pyrex', 'kitchen,glass,bowl'],
  ['Wool cardigan', 'Pendleton', 'knit,wool,cardigan'],
  ['Silk scarf', 'Hermès', 'silk,scarf,accessory'],
  ['Cast iron skillet', 'Lodge', 'kitchen,cast iron,pan'],
  ['Film camera 35mm', 'Canon', 'camera,film,photography'],
  ['Vinyl record lot', 'Blue Note', 'vinyl,jazz,records'],
  ['Ceramic vase', 'Haeger', 'ceramic,vase,decor'],
  ['Trail running shoes', 'Salomon', 'shoes,running,trail'],
  ['Mechanical watch', 'Seiko', 'watch,automatic,vintage'],
] as const

/** The columns copied from the model listing: all but its identity and what must stay unique or per copy. */
async function copiedColumns(sql: Sql): Promise<string[]> {
  const rows = await sql<{ name: string }[]>`
    select column_name as name from information_schema.columns
    where table_name = 'listings' and table_schema = current_schema() and is_generated = 'NEVER'
      and column_name not in ('id', 'client_id', 'sku', 'title', 'brand', 'keywords', 'price', 'asking_price_cents',
        'created_at', 'sold_out', 'dashboard_status')
      and column_default is distinct from 'nextval(''listings_id_seq''::regclass)'`
  return rows.map((row) => row.name)
}

/**
 * Adds `count` copies of the model listing to its seller, the newest a second older than the model, each one a second
 * older than the one before.
 */
export async function copyListing(sql: Sql, modelId: number, count: number): Promise<void> {
  // The copies' ids follow their order (one statement, lot 1 first), so lot i is the first copy's id + i - 1.
  const names = await copiedColumns(sql)
  const columns = names.join(', ')
  const fromModel = names.map((name) => `model.${name}`).join(', ')
  const items = sql.json(ITEMS.map(([title, brand, keywords]) => ({ title, brand, keywords })) as never)
  const [first] = await sql<{ id: number }[]>`
    with items as (select ordinality - 1 as n, value from jsonb_array_elements(${items}::jsonb) with ordinality),
      copies as (
        insert into listings (${sql.unsafe(columns)}, title, brand, keywords, price, created_at, sold_out)
        select ${sql.unsafe(fromModel)},
          (items.value->>'title') || ', lot ' || i, items.value->>'brand', string_to_array(items.value->>'keywords', ','),
          20 + (i * 7) % 180, model.created_at - make_interval(secs => i), i % 7 = 0
        from listings model, generate_series(1, ${count}) as i
        join items on items.n = i % ${ITEMS.length}
        where model.id = ${modelId}
        order by i
        returning id)
    select min(id) as id from copies`
  await sql`
    insert into listing_places (listing_id, marketplace, external_id, state)
    select ${first!.id}::int + i - 1, 'ebay', (900000 + i)::text, 'ended' from generate_series(1, ${count}) as i
    where i % 7 <> 0 and i % 11 = 0`
}
