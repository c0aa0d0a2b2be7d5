-- Offers to interested buyers (issue 51, docs/decisions/0076): each offer a price rule sent (or is sending) to the
-- buyers watching a live listing, one a listing per round of its eligibility: the (listing, marketplace, round) key
-- is taken before the marketplace is called, so a run made again after a killed process sends nothing twice. Its
-- outcome is kept: sent, accepted (the sale it made), expired, refused.
create table listing_offers (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  listing_id integer not null references listings (id) on delete cascade,
  marketplace text not null references marketplaces (id),
  round integer not null check (round > 0),
  external_id text not null,
  from_cents integer not null,
  price_cents integer not null check (price_cents > 0 and price_cents < from_cents),
  floor_cents integer not null,
  message text not null,
  state text not null check (state in ('sending', 'sent', 'accepted', 'expired', 'refused')),
  buyers integer not null default 0,
  refusal text,
  sent_at timestamptz not null default now(),
  expires_at timestamptz,
  -- The sale an accepted offer made, in marketplace_sales (the same marketplace).
  sale_id text,
  unique (listing_id, marketplace, round)
);
create index listing_offers_user_idx on listing_offers (user_id, id desc);
create index listing_offers_open_idx on listing_offers (listing_id) where state in ('sending', 'sent');
