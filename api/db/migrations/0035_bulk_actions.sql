-- Bulk actions on a selection of listings (issue 31, docs/decisions/0038): one row per request, named by the phone's
-- clientId so the same request sent again finds it, with what it does (the action, as the contract has it), and one
-- row per listing with how far it got. A listing's change is written in the same transaction that moves its row on
-- from 'queued' and remembers the value it set (new_value), so a job run again (a retry, a process killed) changes no
-- listing twice: it finds the row moved on, and sends a marketplace the listing's price as Snaplist has it.
create table bulk_actions (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  client_id uuid not null,
  action jsonb not null,
  created_at timestamptz not null default now(),
  unique (user_id, client_id)
);

create table bulk_action_items (
  bulk_action_id integer not null references bulk_actions (id) on delete cascade,
  -- No foreign key: a deleted listing keeps its row, so the seller still reads how the delete went.
  listing_id integer not null,
  position integer not null,
  title text not null,
  -- queued: untouched; sending: changed on Snaplist, the marketplace's call still to make; done; refused (code, message);
  -- unchanged: nothing to do (a price already at the floor, a listing not live anywhere to end).
  status text not null default 'queued' check (status in ('queued', 'sending', 'done', 'refused', 'unchanged')),
  -- The price (cents) or quantity the action set, chosen once.
  new_value integer,
  code text,
  message text,
  primary key (bulk_action_id, listing_id)
);
create index bulk_action_items_position_idx on bulk_action_items (bulk_action_id, position);
-- A seller's unfinished listings are counted at every new action (the cap): only those rows are looked at.
create index bulk_action_items_unfinished_idx on bulk_action_items (bulk_action_id) where status in ('queued', 'sending');
