-- A live eBay listing's life after publishing: revisions sent to eBay, ending and relisting, and sales found by polling
-- eBay's orders (decision 0015).

-- One row per listing that was ever revised on eBay: what the seller asked for and how far eBay has got. `requested`
-- counts the changes to send; `sent` is the last request both calls finished for. While `sending` is set, the
-- inventory item (stage 'offer': already replaced) or nothing yet (stage 'inventory') went out for that request, so a
-- job that died half way finishes it instead of starting over. A job holds the row (lease) while it talks to eBay.
create table ebay_revisions (
  listing_id integer primary key references listings (id) on delete cascade,
  requested integer not null default 0,
  sent integer not null default 0,
  sending integer,
  stage text check (stage in ('inventory', 'offer')),
  -- 'pending' (waiting or under way), 'done', 'refused' (eBay's words in message), 'waiting' (a daily limit or eBay busy)
  status text not null default 'pending' check (status in ('pending', 'done', 'refused', 'waiting')),
  message text,
  leased_by text,
  leased_until timestamptz,
  -- Changes sent today (eBay's day: America/Los_Angeles), against eBay's 250 revisions a listing a day.
  revision_day date,
  revisions_that_day integer not null default 0,
  updated_at timestamptz not null default now()
);
create index ebay_revisions_unfinished_idx on ebay_revisions (updated_at) where requested > sent;
-- Listings published before: their row, as publishing makes it now.
insert into ebay_revisions (listing_id, status) select id, 'done' from listings where ebay_offer_id is not null;

-- Every eBay order applied to a listing, by eBay's order id: a poll that sees an order again (the overlap, a retry,
-- another process) finds it here and applies nothing.
create table ebay_orders (
  order_id text primary key,
  user_id integer not null references users (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index ebay_orders_user_id_idx on ebay_orders (user_id);

-- How far each seller's orders have been read: the next poll asks from here minus the overlap.
create table ebay_sales_polls (
  user_id integer primary key references users (id) on delete cascade,
  polled_until timestamptz not null,
  updated_at timestamptz not null default now()
);

alter table listings
  -- The last sale on eBay: price (the unit price, in cents), when, and eBay's order id.
  add column sold_price_cents integer,
  add column sold_at timestamptz,
  add column sold_order_id text;

-- A listing whose last piece sold has none left: 0, where creating one still needs at least 1 (the contract says so).
alter table listings drop constraint listings_quantity_check;
alter table listings add constraint listings_quantity_check check (quantity >= 0);
