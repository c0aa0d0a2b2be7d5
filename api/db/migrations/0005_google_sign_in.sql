-- Sign in with Google. The account remembers the Google subject id (the token's `sub`, stable for the life of the
-- Google account), so a later change of email address at Google still finds it; the unique index keeps two accounts
-- from claiming one Google account even when two first sign-ins race.
alter table users add column google_sub text unique;

-- An account made with Google has no password until its owner sets one through password reset.
alter table users alter column password_hash drop not null;
