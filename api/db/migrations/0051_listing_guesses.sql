-- What Snaplist only guessed on a listing and the seller has not checked (issue 47, docs/decisions/0057): the names of
-- the fields the AI estimated (the parcel…) and 'condition' on a listing the AI made. A bulk post holds back a listing
-- whose parcel or condition is still a guess; not counted by the version (an edit's trigger, migration 0043).
alter table listings add column guesses text[] not null default '{}';
