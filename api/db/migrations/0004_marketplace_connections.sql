-- A seller's connected marketplace accounts (eBay, Etsy) and the pending OAuth authorizations that lead to them.

-- Tokens are stored sealed with AES-256-GCM (api/services/crypto.ts): a leaked table or backup holds no usable token.
create table marketplace_connections (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  platform text not null check (platform in ('ebay', 'etsy')),
  access_token text not null,
  refresh_token text,
  token_expiry timestamptz,
  -- When the refresh token stops working (Etsy: 90 days, renewed on each refresh; eBay: 18 months).
  refresh_token_expiry timestamptz,
  -- The eBay username or the Etsy shop name, and the marketplace's id for it (eBay user id, Etsy shop id).
  account_name text,
  account_id text,
  account_deletion_status text,
  last_synced_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, platform)
);

-- One row per authorization sent to a marketplace, found again by the SHA-256 of its state when the seller comes
-- back. It belongs to the session that started it (gone at sign-out), works once and for 10 minutes.
create table oauth_states (
  state_hash text primary key,
  user_id integer not null references users (id) on delete cascade,
  session_hash text not null references sessions (token_hash) on delete cascade,
  platform text not null check (platform in ('ebay', 'etsy')),
  -- The PKCE verifier, sealed like the tokens; null for a provider without PKCE.
  code_verifier text,
  redirect_uri text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index oauth_states_user_id_idx on oauth_states (user_id);
create index oauth_states_session_hash_idx on oauth_states (session_hash);
