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

-- Issue 27, F1: an upload's bytes are reserved against the seller's photo quota before its files are written, so a
-- refused upload writes nothing; the reservation goes when the image row is made or the upload fails. The hourly sweep
-- (api/services/listings/photo-sweep.ts) drops reservations an upload left behind (a crash) and removes the files no
-- image row or reservation names.
create table photo_reservations (
  id uuid primary key,
  user_id integer not null references users (id) on delete cascade,
  key text not null,
  bytes integer not null,
  created_at timestamptz not null default now()
);
create index photo_reservations_user_idx on photo_reservations (user_id);
create index images_key_idx on images (key);
