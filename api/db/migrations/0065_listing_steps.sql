-- A listing's history as steps (issue 50, docs/decisions/0073): sold, pieces cancelled, a return marked back in stock
-- or damaged, and a place live again after it had sold out or been ended, each with when, where and how many pieces.
-- Written in the transaction that makes the change (api/db/listing-steps.ts), so a step is there exactly when its
-- change is. The sales recorded before are read back from the sales ledger.
create table listing_steps (
  id bigint generated always as identity primary key,
  listing_id integer not null references listings (id) on delete cascade,
  step text not null check (step in ('sold', 'cancelled', 'back-in-stock', 'damaged', 'live-again')),
  -- Where: a marketplace's id, or 'elsewhere' for a sale the seller recorded.
  marketplace text not null,
  pieces integer check (pieces > 0),
  at timestamptz not null default now()
);
create index listing_steps_listing_idx on listing_steps (listing_id, at, id);

insert into listing_steps (listing_id, step, marketplace, pieces, at)
select listing_id, 'sold', marketplace, quantity, sold_at from marketplace_sales where listing_id is not null
union all
select listing_id, 'cancelled', marketplace, cancelled_pieces, cancelled_at from marketplace_sales
where listing_id is not null and cancelled_at is not null and returned_at is null
union all
select listing_id, return_state, marketplace, return_pieces, returned_at from marketplace_sales
where listing_id is not null and returned_at is not null
order by 5;
