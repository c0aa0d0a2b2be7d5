-- A marketplace's push names the seller's account there (an Etsy shop id): the connections are found by it.
create index marketplace_connections_by_account on marketplace_connections (platform, account_id);
