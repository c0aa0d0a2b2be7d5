-- Whether the seller's shipping (fulfillment) policy is priced by calculated shipping (issue 33, docs/decisions/0045):
-- then eBay needs the parcel's weight and size, and the Post to eBay check says so before eBay is asked. Cached with the
-- policy ids; a setup cached before this reads as flat until it is read again (eBay's 25020 forgets it).
alter table ebay_seller_setup add column calculated_shipping boolean not null default false;
