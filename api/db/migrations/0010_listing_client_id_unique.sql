-- A listing's clientId is the phone's draft id: one listing per draft whichever account sends it, so the database
-- itself refuses a second account's copy (a shared phone), even when two requests race.
drop index listings_user_client_id_key;
create unique index listings_client_id_key on listings (client_id);
