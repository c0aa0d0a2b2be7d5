-- A waist is typed laid flat from now on, and the listing doubles it, round the waist (issue 47 item 11b, docs/decisions/
-- 0059). The waists saved before were typed doubled, as the field's hint asked then ("laid flat across the waistband,
-- doubled"): each is kept as its half, so every listing still says the waist it said (a half past the hundredth is
-- rounded to it). The version counts the change (migration 0043), so an edit begun before it meets it as a conflict.
update listings set waist = trim_scale(round(waist::numeric / 2, 2))::text where waist <> '';
