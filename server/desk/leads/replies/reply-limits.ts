/** The longest subject and text a reply may have (private.lead_replies' checks). */
export const REPLY_SUBJECT_LIMIT = 200
export const REPLY_BODY_LIMIT = 10_000
