-- The one-time codes that make the first administrator: printed in the server log at start while no admin exists,
-- kept here only as their SHA-256, so every API process accepts a code any of them printed. Emptied once an admin exists.
create table admin_setup_codes (
  code_hash text primary key,
  created_at timestamptz not null default now()
);
