import type { ContactMessage } from './contact-message.ts'

/** The smallest database surface the notification code needs: pg, PGlite and Deno's pg fit. */
export type RunQuery = (
  sql: string,
  params: unknown[],
) => Promise<{ rows: Record<string, unknown>[] }>

/** How long after being stored a submission may still be notified by the function. */
export const PENDING_WINDOW_MINUTES = 30

/** While one sender holds a row, others leave it alone for this long. */
export const CLAIM_MINUTES = 5

/**
 * Finds the stored, not yet notified submission with exactly these values and claims it
 * (pushes next_notify_at forward) in one statement, so the function and the retry job can
 * never both send it. Only a row that really exists can be mailed: no open relay.
 */
export const claimPendingSubmission = async (
  query: RunQuery,
  message: ContactMessage,
): Promise<string | null> => {
  const { rows } = await query(
    `update public.contact_submissions
        set next_notify_at = now() + make_interval(mins => $6)
      where id = (
        select id from public.contact_submissions
         where notified_at is null
           and created_at > now() - make_interval(mins => $5)
           and (next_notify_at is null or next_notify_at <= now())
           and name = $1 and email = $2 and message = $4
           and coalesce(company, '') = coalesce($3, '')
         order by created_at desc
         limit 1
         for update skip locked)
      returning id::text as id`,
    [
      message.name,
      message.email,
      message.company,
      message.message,
      PENDING_WINDOW_MINUTES,
      CLAIM_MINUTES,
    ],
  )
  const id = rows[0]?.id
  return typeof id === 'string' ? id : null
}

export const markSubmissionNotified = async (query: RunQuery, id: string): Promise<void> => {
  await query(
    `update public.contact_submissions
        set notified_at = now(), notify_attempts = notify_attempts + 1, next_notify_at = null
      where id = $1::uuid`,
    [id],
  )
}

/** Records a failed attempt; the back-off doubles per attempt, capped at six hours. */
export const markSubmissionFailed = async (query: RunQuery, id: string): Promise<void> => {
  await query(
    `update public.contact_submissions
        set notify_attempts = notify_attempts + 1,
            next_notify_at = now() + least(interval '6 hours', interval '1 minute' * power(2, notify_attempts))
      where id = $1::uuid`,
    [id],
  )
}

/**
 * Claims up to `limit` stored submissions that are still unsent at least `minAgeMinutes`
 * after being stored (the function had its chance) and whose back-off has passed.
 */
export const claimStaleSubmissions = async (
  query: RunQuery,
  minAgeMinutes: number,
  limit = 10,
): Promise<({ id: string } & ContactMessage)[]> => {
  const { rows } = await query(
    `update public.contact_submissions
        set next_notify_at = now() + make_interval(mins => $3)
      where id in (
        select id from public.contact_submissions
         where notified_at is null
           and created_at <= now() - make_interval(mins => $1)
           and (next_notify_at is null or next_notify_at <= now())
         order by created_at
         limit $2
         for update skip locked)
      returning id::text as id, name, email, company, message`,
    [minAgeMinutes, limit, CLAIM_MINUTES],
  )
  return rows.map((row) => ({
    id: String(row.id),
    name: String(row.name),
    email: String(row.email),
    company: typeof row.company === 'string' ? row.company : null,
    message: String(row.message),
  }))
}
