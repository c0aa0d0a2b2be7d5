-- Devices an account has signed in from: the hash of a random token kept in the device's cookie. A sign-in from one
-- of them is counted on that device alone, so nobody else's failed guesses can lock the owner out of their phone.
-- One browser may be the device of several accounts (a shared phone): the key is the pair.
create table login_devices (
  user_id integer not null references users (id) on delete cascade,
  token_hash text not null,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  primary key (user_id, token_hash)
);
