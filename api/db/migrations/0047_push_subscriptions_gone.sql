-- A device its push service reported gone (404/410, or refused as subscribed) is no longer pushed to, but its row stays
-- with its kinds until the seller turns it off, sends it again or a newer device replaces it: what a seller sees of a
-- subscription (its kinds when sent again, turning it off, another account's refusal) never tells how its push service
-- answered (docs/security.md, "Sale notifications"). The seller's devices are kept newest first, at most a handful.
alter table push_subscriptions add column gone_at timestamptz;
create index push_subscriptions_user_recent on push_subscriptions (user_id, updated_at desc, id desc);
drop index push_subscriptions_user;
