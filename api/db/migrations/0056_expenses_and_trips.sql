-- The tax year (issue 52, docs/decisions/0061): the seller's expenses outside a marketplace, their business drives, and
-- the mileage rate they set for a year. Money in cents, miles in tenths, rates in tenths of a cent a mile. Each record
-- is made on the phone with its own id (client_id), so a create sent again after a lost reply makes it once.
create table expenses (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  client_id uuid not null,
  spent_on date not null,
  amount_cents integer not null check (amount_cents > 0),
  category text not null
    check (category in ('supplies', 'packaging', 'postage', 'subscriptions', 'storage', 'equipment', 'other')),
  place text not null default '',
  note text not null default '',
  -- A photo of the receipt, uploaded as a listing's photos are (the images table holds its file).
  receipt_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, client_id)
);
-- The list (newest first) and the year's sums read a seller's days in order.
create index expenses_user_day on expenses (user_id, spent_on, id);

create table trips (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  client_id uuid not null,
  driven_on date not null,
  purpose text not null,
  miles_tenths integer not null check (miles_tenths > 0),
  odometer_start_tenths integer,
  odometer_end_tenths integer,
  -- The haul the drive was for: the phone's id of it (hauls live on the phone until their items are sent).
  haul_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, client_id),
  check ((odometer_start_tenths is null) = (odometer_end_tenths is null)),
  check (odometer_end_tenths is null or odometer_end_tenths - odometer_start_tenths = miles_tenths)
);
create index trips_user_day on trips (user_id, driven_on, id);

create table mileage_rates (
  user_id integer not null references users (id) on delete cascade,
  year integer not null,
  tenth_cents_per_mile integer not null check (tenth_cents_per_mile > 0),
  primary key (user_id, year)
);
