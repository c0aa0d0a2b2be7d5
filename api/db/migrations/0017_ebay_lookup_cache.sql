-- What the analysis asks eBay with the application token (docs/product.md §12), shared by every seller: the category
-- eBay suggests for a title, and a market search (Browse API) for comparable items. Kept some hours, so re-running an
-- analysis (a photo added) or many sellers listing the same thing costs eBay no call.
create table ebay_lookup_cache (
  kind text not null check (kind in ('category_suggestion', 'market_search')),
  key text not null,
  value jsonb not null,
  fetched_at timestamptz not null default now(),
  primary key (kind, key)
);
