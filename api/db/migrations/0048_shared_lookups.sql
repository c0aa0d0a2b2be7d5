-- Answers that are the same for every seller, kept for the whole install (issue 46 G3): Etsy's seller taxonomy, one
-- row, downloaded at most once a day by any API process; eBay's category suggestions for the words a seller searched
-- (the Post to eBay dialog), kept some hours as eBay's other lookups are; and the index the hourly purge reads to keep
-- only the newest of those (EBAY_LOOKUP_MAX_ROWS).
create table etsy_seller_taxonomy (
  only_row boolean primary key default true check (only_row),
  nodes jsonb not null,
  fetched_at timestamptz not null default now()
);

alter table ebay_lookup_cache drop constraint ebay_lookup_cache_kind_check;
alter table ebay_lookup_cache
  add constraint ebay_lookup_cache_kind_check
  check (kind in ('category_suggestion', 'category_search', 'market_search', 'catalog_product'));

create index ebay_lookup_cache_fetched_idx on ebay_lookup_cache (fetched_at);
