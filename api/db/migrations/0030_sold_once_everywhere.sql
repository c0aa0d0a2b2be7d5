-- An item sells once, everywhere (issue 29, docs/decisions/0033): a sale on any marketplace, or one the seller records
-- as made elsewhere, takes the pieces off the listing's one stock, and every other marketplace it is on follows.

-- Every sale applied to a listing, once: eBay's by order and line, Etsy's by receipt transaction, a sale elsewhere by
-- the id the seller's phone gave it. `short` counts the pieces sold beyond the stock (sold twice): the seller is shown
-- it until they say it is settled (`settled_at`).
create table marketplace_sales (
  marketplace text not null check (marketplace in ('ebay', 'etsy', 'elsewhere')),
  sale_id text not null,
  user_id integer not null references users (id) on delete cascade,
  listing_id integer references listings (id) on delete set null,
  quantity integer not null check (quantity > 0),
  unit_price_cents integer,
  -- What the seller looks the sale up by: eBay's order number, Etsy's receipt number; none for a sale elsewhere.
  order_id text,
  sold_where text,
  sold_at timestamptz not null,
  short integer not null default 0 check (short >= 0),
  settled_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (marketplace, sale_id)
);
create index marketplace_sales_listing_idx on marketplace_sales (listing_id);
create index marketplace_sales_short_idx on marketplace_sales (listing_id) where short > 0 and settled_at is null;

-- Orders eBay took beyond the stock before the ledger existed: kept as one piece short each (their quantity was not).
insert into marketplace_sales (marketplace, sale_id, user_id, listing_id, quantity, order_id, sold_at, short)
select 'ebay', o.order_id || '#0', l.user_id, l.id, 1, o.order_id, coalesce(l.sold_at, now()), 1
from listings l cross join unnest(l.oversold_order_ids) as o (order_id);
alter table listings drop column oversold_order_ids;

-- Where the last sale was made ('ebay' for every sale before), and, for a sale elsewhere, where the seller said.
alter table listings
  add column sold_on text check (sold_on in ('ebay', 'etsy', 'elsewhere')),
  add column sold_where text;
update listings set sold_on = 'ebay' where sold_at is not null;

-- How far each seller's sales were read on each marketplace (eBay's orders, Etsy's receipts).
create table sales_polls (
  user_id integer not null references users (id) on delete cascade,
  marketplace text not null check (marketplace in ('ebay', 'etsy')),
  polled_until timestamptz not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, marketplace)
);
insert into sales_polls (user_id, marketplace, polled_until, updated_at)
select user_id, 'ebay', polled_until, updated_at from ebay_sales_polls;
drop table ebay_sales_polls;

-- Bringing a marketplace in step with the listing (an edit, a sale elsewhere), as ebay_revisions does for eBay:
-- `requested` counts the changes asked for, `sent` the last one the marketplace has; one job at a time (the lease).
alter table listing_marketplaces
  add column requested integer not null default 0,
  add column sent integer not null default 0,
  add column revision_status text check (revision_status in ('pending', 'done', 'refused')),
  add column revision_message text,
  add column revision_lease_until timestamptz;
create index listing_marketplaces_unsent_idx on listing_marketplaces (updated_at) where requested > sent;
