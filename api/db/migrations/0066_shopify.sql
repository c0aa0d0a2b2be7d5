-- Shopify, the third marketplace (issue 49, docs/decisions/0074): a row of marketplaces with the next bit, the
-- marketplace checks that listed eBay and Etsy by name, and the store a seller names when connecting a marketplace
-- where each seller's account is its own site (a Shopify store), kept with the pending authorization so that the
-- callback is taken only from the store the seller started with.
insert into marketplaces (id, bit) values ('shopify', 4);

-- The connections, pending authorizations and sales reads name a marketplace of the table, so the next marketplace
-- is its row alone.
alter table marketplace_connections drop constraint marketplace_connections_platform_check,
  add constraint marketplace_connections_platform_fkey foreign key (platform) references marketplaces (id);
alter table oauth_states drop constraint oauth_states_platform_check,
  add constraint oauth_states_platform_fkey foreign key (platform) references marketplaces (id),
  add column store text;
alter table sales_polls drop constraint sales_polls_marketplace_check,
  add constraint sales_polls_marketplace_fkey foreign key (marketplace) references marketplaces (id);

-- A sale, and where the last one was made, may also be 'elsewhere' (recorded by the seller).
alter table marketplace_sales drop constraint marketplace_sales_marketplace_check,
  add constraint marketplace_sales_marketplace_check check (marketplace in ('ebay', 'etsy', 'shopify', 'elsewhere'));
alter table listings drop constraint listings_sold_on_check,
  add constraint listings_sold_on_check check (sold_on in ('ebay', 'etsy', 'shopify', 'elsewhere'));

-- Each marketplace push already taken, by the id the marketplace gives its delivery (Shopify's X-Shopify-Webhook-Id):
-- a delivery sent again is answered and does nothing. Kept for a few days, longer than the marketplaces retry.
create table marketplace_push_deliveries (
  marketplace text not null references marketplaces (id),
  delivery_id text not null,
  received_at timestamptz not null default now(),
  primary key (marketplace, delivery_id)
);
create index marketplace_push_deliveries_received_idx on marketplace_push_deliveries (received_at);
