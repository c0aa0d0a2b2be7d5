-- Usernames unique by what they look like (issue 27 F13): "аlice" with a Cyrillic а, "ΑLICE" with a Greek Α, or
-- "alıce" with a dotless ı is taken when "alice" is. The skeleton follows Unicode TS #39 in short: NFKC, the common
-- look-alikes of Latin letters in Cyrillic, Greek and Latin itself mapped to the letter they imitate (each pair is an
-- entry of https://www.unicode.org/Public/security/latest/confusables.txt whose target is one Latin letter), then
-- lowercase, as the username's own unique index compares. Mapping before lowering keeps the result the same whatever
-- the database's locale does with Greek and Cyrillic capitals.
create function username_skeleton(name text) returns text
language sql immutable strict parallel safe
as $$
  select lower(translate(normalize(name, NFKC),
    'АВЕКМНОРСТУХЅІЈӀҮԚԜаеорсухѕіјһԁԛԝӏΑΒΕΖΗΙΚΜΝΟΡΤΥΧϹͿαγινορυϲϳıɑɡȷ',
    'ABEKMHOPCTYXSIJIYQWaeopcyxsijhdqwlABEZHIKMNOPTYXCJayivopucjiagj'))
$$;

alter table users add column username_skeleton text;

-- Accounts already registered under look-alike names keep working: the oldest holds the skeleton, each later one
-- gets its own (a line break and its id, which no username can contain), so the new unique index can be built.
update users set username_skeleton = ranked.skeleton || case when ranked.rank = 1 then '' else chr(10) || users.id end
from (
  select id, username_skeleton(username) as skeleton, row_number() over (partition by username_skeleton(username) order by id) as rank
  from users
) ranked
where ranked.id = users.id;

alter table users alter column username_skeleton set not null;
create unique index users_username_skeleton_key on users (username_skeleton);

-- Whoever writes a username, its skeleton follows.
create function users_set_username_skeleton() returns trigger
language plpgsql as $$
begin
  new.username_skeleton := username_skeleton(new.username);
  return new;
end
$$;
create trigger users_username_skeleton before insert or update of username on users
  for each row execute function users_set_username_skeleton();

-- Each seller's analysis of a photo set (issue 27 F6), keyed by the hash of the photos' content-hashed keys in order:
-- the same photos asked again are answered from here, costing the model nothing. Kept some hours (housekeeping).
create table photo_analyses (
  user_id integer not null references users (id) on delete cascade,
  photos_hash text not null,
  result jsonb not null,
  created_at timestamptz not null default now(),
  primary key (user_id, photos_hash)
);
