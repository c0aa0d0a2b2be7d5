-- Posting many listings to eBay at once (docs/product.md §17): one row per request, named by the phone's clientId so
-- the same request sent again (a lost reply) finds it instead of making another, and one row per listing in it with
-- how it went. Each listing's publishing is a durable job stored in the same transaction as these rows.
create table ebay_bulk_posts (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  client_id uuid not null,
  created_at timestamptz not null default now(),
  unique (user_id, client_id)
);

create table ebay_bulk_post_items (
  bulk_post_id integer not null references ebay_bulk_posts (id) on delete cascade,
  listing_id integer not null references listings (id) on delete cascade,
  position integer not null,
  -- queued: its job has not finished; posted: live on eBay (view_url); refused: eBay or Snaplist said why (code, message).
  status text not null default 'queued' check (status in ('queued', 'posted', 'refused')),
  code text,
  message text,
  view_url text,
  primary key (bulk_post_id, listing_id)
);
