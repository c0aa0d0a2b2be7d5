create table users (
  id integer generated always as identity primary key,
  username text not null,
  email text not null,
  first_name text not null,
  last_name text not null,
  password_hash text not null,
  is_admin boolean not null default false,
  created_at timestamptz not null default now()
);
create unique index users_username_key on users (lower(username));
create unique index users_email_key on users (lower(email));

-- The cookie carries a random id; only its SHA-256 is stored, so a leaked table cannot be replayed as cookies.
create table sessions (
  token_hash text primary key,
  user_id integer not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index sessions_user_id_idx on sessions (user_id);

-- Fixed-window counters (failed sign-ins per username and per address) shared by every API process.
create table rate_limits (
  key text primary key,
  hits integer not null,
  reset_at timestamptz not null
);
