-- What changed for each seller, for the app's open screens (issue 30, docs/decisions/0034): GET /api/events sends these
-- as they are written, and a stream that dropped resumes from the last id it had (Last-Event-ID). Kept a day
-- (housekeeping.ts): a phone away longer reloads its lists anyway. `data` holds only what the listing row cannot say
-- later (a sale's where, how many and for how much); the listing itself is read as it is when the event is sent.
create table change_events (
  id bigserial primary key,
  user_id integer not null references users (id) on delete cascade,
  kind text not null,
  listing_id integer,
  data jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index change_events_user_idx on change_events (user_id, id);
create index change_events_created_idx on change_events (created_at);
