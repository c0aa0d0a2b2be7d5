-- A listing's place on each marketplace it is published on, one row per (listing, marketplace): a listing can be live
-- on eBay and Etsy at once (docs/decisions/0031). Etsy is the first to use it; eBay's columns on listings stay for now.
-- stage is written before each call to the marketplace, so a retry after a crash or a lost reply knows what was sent:
-- 'create' (draft asked for: look for it before asking again), 'images', 'inventory', 'activate', 'done'.
-- lease_until keeps two API processes from publishing the same listing at once.
create table listing_marketplaces (
  listing_id integer not null references listings (id) on delete cascade,
  marketplace text not null check (marketplace in ('etsy')),
  external_id text,
  status text not null default 'draft' check (status in ('draft', 'active', 'inactive', 'sold')),
  url text,
  quantity_sent integer,
  stage text not null default 'create' check (stage in ('create', 'images', 'inventory', 'activate', 'done')),
  images_sent integer not null default 0,
  stage_at timestamptz not null default now(),
  lease_until timestamptz,
  updated_at timestamptz not null default now(),
  primary key (listing_id, marketplace)
);

-- The scopes a connection was granted; null for connections made before they were recorded (Etsy's then lacked the
-- ones publishing needs, so the seller is asked to connect again).
alter table marketplace_connections add column scopes text[];
