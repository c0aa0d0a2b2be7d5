-- Price rules (issue 51, docs/decisions/0075): the seller's minimum profit and markdown ladder, a floor typed on a
-- listing or its markdowns paused, and each run of the ladder with the changes it made. A change is kept once per listing and step (its
-- primary key), so a run made again, by a job run twice or after a killed process, changes nothing it changed before.
create table price_rules (
  user_id integer primary key references users (id) on delete cascade,
  rules jsonb not null,
  updated_at timestamptz not null default now()
);

create table listing_floors (
  listing_id integer primary key references listings (id) on delete cascade,
  floor_cents integer check (floor_cents > 0),
  markdowns_paused boolean not null default false
);

create table markdown_runs (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  ran_at timestamptz not null default now(),
  undone_at timestamptz
);
create index markdown_runs_user_idx on markdown_runs (user_id, id desc);

create table markdown_changes (
  listing_id integer not null references listings (id) on delete cascade,
  step integer not null check (step > 0),
  run_id integer not null references markdown_runs (id) on delete cascade,
  from_cents integer not null,
  to_cents integer not null check (to_cents < from_cents),
  floor_cents integer not null,
  primary key (listing_id, step)
);
create index markdown_changes_run_idx on markdown_changes (run_id);
