-- The listing's own fields decide the eBay item specifics they answer (docs/decisions/0022). A listing never posted
-- kept its analysis's values for them (Brand, Size, Color, Type, Size Type, Department), which outlived the seller
-- clearing or changing the field; only the Post to eBay dialog may keep one now, so those go.
update listings set ebay_aspects = ebay_aspects - array['Brand', 'Size', 'Color', 'Type', 'Size Type', 'Department']
  where platform_listing_id is null;

-- Whether the seller chose the eBay category (on the form or in a Post to eBay dialog). One eBay suggested is
-- suggested again when the seller changes the title or Category it was suggested for; a chosen one stays.
alter table listings add column ebay_category_chosen boolean not null default false;
