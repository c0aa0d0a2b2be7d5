-- Issue 27, F2: a listing's eBay SKU is kept on the listing when it is first published and never recomputed, and new
-- ones carry this install's own prefix (made at first use, api/db/install-identity.ts), so neither another seller of
-- this install nor another Snaplist install selling on the same eBay account has the same SKU. A sale is matched to
-- the seller's listing by the SKU stored here.
create table install_identity (
  singleton boolean primary key default true check (singleton),
  ebay_sku_prefix text not null check (ebay_sku_prefix ~ '^[a-z0-9]{10}$'),
  created_at timestamptz not null default now()
);

alter table listings add column ebay_sku text;

-- What was posted before keeps the SKU it has on eBay.
update listings set ebay_sku = 'snaplist' || id where platform_listing_id is not null or ebay_offer_id is not null;

create unique index listings_user_ebay_sku on listings (user_id, ebay_sku) where ebay_sku is not null;
