-- When the session last proved who is at the keyboard (signing in, or typing the password again): what can take over
-- or empty the account needs a proof from the last 12 hours (docs/decisions/0026). Sessions from before count from
-- their sign-in.
alter table sessions add column password_proved_at timestamptz;
update sessions set password_proved_at = created_at;
alter table sessions alter column password_proved_at set not null, alter column password_proved_at set default now();
