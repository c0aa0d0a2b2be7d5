-- eBay's ORDER_CONFIRMATION push (docs/decisions/0051). An eBay connection whose grant may subscribe gets a notification
-- destination of its own, at /api/ebay/order-notifications/<push_key>: which seller a push is for is the address eBay
-- delivered it to, and its signature says eBay sent it. The destination and the subscription (made with the seller's
-- grant) are kept as soon as eBay has made them, so a job killed midway finds them and makes neither twice.
create table ebay_order_push (
  connection_id integer primary key references marketplace_connections (id) on delete cascade,
  push_key text not null unique,
  -- The eBay account the subscription is for: a seller who connects another account needs one of its own.
  account_id text not null,
  destination_id text,
  subscription_id text,
  -- eBay's words when it refused the destination or the subscription: that seller's sales are polled only.
  refused text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
