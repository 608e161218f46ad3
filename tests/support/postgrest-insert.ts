import { readDatabaseError, type Database } from '../../server/db/database.ts'

/** What the site's form may insert (the four fields and the two bot signals). */
export interface FormRow {
  name?: string | null
  email?: string | null
  company?: string | null
  message?: string | null
  form_trap?: string | null
  form_elapsed_ms?: number | null
  /** Attribution, as the page's script sends it (decision 033). */
  referrer_origin?: string | null
  landing_path?: string | null
  utm_source?: string | null
  utm_medium?: string | null
  utm_campaign?: string | null
  utm_term?: string | null
  utm_content?: string | null
}

export type PostgrestAnswer =
  | { status: 201 }
  | { status: number; code: string | undefined; message: string; retryAfter?: string }

/**
 * Inserts one row the way PostgREST runs a visitor's request: one transaction, as anon, with
 * the request's headers in `request.headers` (names in lower case). Answers with the status
 * PostgREST would send: 201, 400 for a field rule, or what the guard raised as PGRST.
 */
export const insertAsPostgrest = async (
  db: Database,
  row: FormRow,
  headers: Record<string, string> = {},
): Promise<PostgrestAnswer> => {
  try {
    await db.transaction(async (tx) => {
      await tx.query(
        `select set_config('role', 'anon', true),
                set_config('request.jwt.claims', '{"role":"anon"}', true),
                set_config('request.method', 'POST', true),
                set_config('request.headers', $1, true)`,
        [JSON.stringify(headers)],
      )
      await tx.query(
        `insert into public.contact_submissions
           (name, email, company, message, form_trap, form_elapsed_ms, referrer_origin,
            landing_path, utm_source, utm_medium, utm_campaign, utm_term, utm_content)
         select name, email, company, message, form_trap, form_elapsed_ms, referrer_origin,
                landing_path, utm_source, utm_medium, utm_campaign, utm_term, utm_content
           from json_to_record($1::json) as _(name text, email text, company text,
             message text, form_trap text, form_elapsed_ms integer, referrer_origin text,
             landing_path text, utm_source text, utm_medium text, utm_campaign text,
             utm_term text, utm_content text)`,
        [JSON.stringify(row)],
      )
    })
    return { status: 201 }
  } catch (error) {
    const { code, message, detail } = readDatabaseError(error)
    if (code === '23514') return { status: 400, code, message }
    if (code !== 'PGRST' || detail === undefined) throw error
    const shaped = JSON.parse(message) as { code: string; message: string }
    const details = JSON.parse(detail) as { status: number; headers?: Record<string, string> }
    return {
      status: details.status,
      code: shaped.code,
      message: shaped.message,
      retryAfter: details.headers?.['Retry-After'],
    }
  }
}
