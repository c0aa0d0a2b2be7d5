-- The Dashboard for a seller with 10,000 listings (issue 31, docs/decisions/0036): a page of rows, the counts by status
-- and a search each read what they show, not every listing of the seller.
--
-- The status the Dashboard filters and counts by, as listingStatus (api/contract/listing.ts) derives it, kept with the
-- row so an index can hold it.
alter table listings add column dashboard_status text not null generated always as (
  case when platform_status = 'active' and platform_listing_id like 'ebay%' then 'live'
    when platform_status = 'sold' then 'sold' when platform_status = 'ended' then 'ended' else 'ready' end
) stored;

-- The counts by status read from this index alone, and a status's page in the newest or oldest order (the keyset,
-- api/db/listing-search.ts) read from it in order. A listing being ended on eBay for its delete (0023) is in no list.
create index listings_user_status_created_idx on listings (user_id, dashboard_status, created_at desc, id desc)
  where deleting_since is null;

-- The search finds each word anywhere in the title, brand or keywords (ILIKE '%word%'): a trigram index serves that
-- for words of three letters or more. In public, so every schema on one server (the tests give each file its own)
-- finds the one extension; pg_trgm is a trusted extension, which a database's owner may create.
create extension if not exists pg_trgm with schema public;

-- Title, brand and keywords as one text, kept with the row (a function called for each row as it is searched cost
-- 30 µs a row). Declared immutable so a generated column may hold it: array_to_string is only stable because some
-- element types print by settings, and text prints as itself.
create function listing_search_text(title text, brand text, keywords text[]) returns text
  language sql immutable parallel safe
  return coalesce(title, '') || ' ' || coalesce(brand, '') || ' ' || coalesce(array_to_string(keywords, ' '), '');

alter table listings add column search_text text not null generated always as (listing_search_text(title, brand, keywords)) stored;
create index listings_search_trgm_idx on listings using gin (search_text public.gin_trgm_ops);

-- A word that is a whole SKU (eBay's, or one a seller brings) finds its listing.
create index listings_user_lower_sku_idx on listings (user_id, lower(ebay_sku)) where ebay_sku is not null;
