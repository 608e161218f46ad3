// Supabase Edge Function adapter: reads Deno.env and wires the shared handler to the
// project's database (SUPABASE_DB_URL is provided by the platform) and an SMTP server.
import nodemailer from 'npm:nodemailer@6'
import pg from 'npm:pg@8'
import { handleSendContactEmail } from '../_shared/send-contact-email.ts'
import {
  claimPendingSubmission,
  markSubmissionFailed,
  markSubmissionNotified,
  type RunQuery,
} from '../_shared/pending-submissions.ts'

const pool = new pg.Pool({ connectionString: Deno.env.get('SUPABASE_DB_URL'), max: 2 })
const query: RunQuery = (sql, params) => pool.query(sql, params)
const to = Deno.env.get('CONTACT_TO') ?? 'contato@auroradigital.com.br'
const smtp = nodemailer.createTransport(Deno.env.get('SMTP_URL'), {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 10_000,
})

Deno.serve((req) =>
  handleSendContactEmail(req, {
    findPendingSubmission: (message) => claimPendingSubmission(query, message),
    markNotified: (id) => markSubmissionNotified(query, id),
    markFailed: (id) => markSubmissionFailed(query, id),
    sendEmail: async (email) => {
      try {
        await smtp.sendMail({ from: to, to, ...email })
        return { ok: true }
      } catch (error) {
        return { ok: false, reason: String(error) }
      }
    },
  }),
)
