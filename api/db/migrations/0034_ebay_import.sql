-- Issue 31, bringing what a seller already sells on eBay (docs/decisions/0037). An imported listing keeps eBay's item
-- id and how it was made there: 'inventory' (the Inventory API: SKU and offer, revised like Snaplist's own) or 'trading'
-- (made on ebay.com: read through the Trading API, never migrated; only its price and count are revised from Snaplist,
-- by ReviseInventoryStatus). One listing per seller and eBay item: importing again makes no second one.
alter table listings
  add column ebay_import_source text check (ebay_import_source in ('inventory', 'trading')),
  add column ebay_imported_item_id text;
create unique index listings_user_ebay_imported_item on listings (user_id, ebay_imported_item_id)
  where ebay_imported_item_id is not null;
-- A sale is matched by eBay's item id when its order line has no SKU of the seller's (listings made on ebay.com).
create index listings_user_platform_listing_idx on listings (user_id, platform_listing_id)
  where platform_listing_id is not null;

-- One import per seller at a time, and where it stands: the phase and the page it is on, so a process killed midway
-- goes on from that page (the listings already made are found by their eBay item id and not made again).
create table ebay_imports (
  user_id integer primary key references users (id) on delete cascade,
  status text not null check (status in ('running', 'done', 'failed')),
  phase text not null check (phase in ('inventory', 'trading', 'done')),
  -- The next page of getInventoryItems (an offset) and of GetMyeBaySelling's active list (from 1).
  inventory_offset integer not null default 0,
  trading_page integer not null default 1,
  -- Active fixed-price listings on eBay (GetMyeBaySelling's count), once read; those imported are the seller's
  -- listings with an eBay item id, counted when asked.
  total integer,
  -- Listings that could not be brought (an auction, a variation listing, a photo eBay would not give), with why.
  skipped integer not null default 0,
  message text,
  started_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
