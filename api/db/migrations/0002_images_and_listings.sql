-- Every stored photo. The id is the UUID the phone gave the photo (or one the server made), so an upload retried
-- after a lost reply finds the row instead of storing the photo twice.
create table images (
  id uuid primary key,
  user_id integer not null references users (id) on delete cascade,
  key text not null,
  url text not null,
  thumbnail_url text not null,
  width integer not null,
  height integer not null,
  bytes integer not null,
  created_at timestamptz not null default now()
);
create index images_user_url_idx on images (user_id, url);

create table listings (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  -- Made on the phone; the same clientId twice is the same listing, so a retried create never duplicates.
  client_id uuid,
  title text not null,
  description text not null default '',
  price integer not null default 0 check (price >= 0),
  median_used_price integer check (median_used_price >= 0),
  category text not null,
  keywords text[] not null default '{}',
  color text not null,
  quantity integer not null default 1 check (quantity >= 1),
  images text[] not null default '{}' check (cardinality(images) <= 8),
  ai_suggestions jsonb,
  created_at timestamptz not null default now(),
  platform_listing_id text,
  platform_status text,
  brand text not null default '',
  size text not null default '',
  type text not null default '',
  size_type text not null default '',
  department text not null default ''
);
create unique index listings_user_client_id_key on listings (user_id, client_id);
create index listings_user_created_idx on listings (user_id, created_at desc, id desc);
