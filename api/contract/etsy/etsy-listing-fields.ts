// What a listing's answers say of its place on Etsy (docs/decisions/0031, 0081), composed into the listing through
// marketplace-listing-parts.ts; api/db/listing-etsy-place.ts reads each.

export interface EtsyLife {
  /** Where it stands on Etsy (docs/decisions/0031); null before Etsy has a listing for it. */
  etsyStatus: 'draft' | 'active' | 'inactive' | 'sold' | null
  /** Where buyers see it on Etsy, once Etsy has said (the publish's last step); null before. */
  etsyViewUrl: string | null
  /** Where the last change (an edit, a sale elsewhere) stands on Etsy; null when none was sent. */
  etsyRevisionStatus: 'pending' | 'done' | 'refused' | null
  /** Etsy's refusal, in Etsy's words. */
  etsyRevisionMessage: string | null
}
