-- Web Push subscriptions (docs/decisions/0035): one row per device (its push service's endpoint, unique), the keys its
-- payloads are encrypted to, and the kinds of notification that device gets. A browser has one subscription per site,
-- so a device whose signed-in seller changes moves to them; deleting one device's row leaves the seller's others.
create table push_subscriptions (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  sales boolean not null default true,
  problems boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index push_subscriptions_user on push_subscriptions (user_id);
