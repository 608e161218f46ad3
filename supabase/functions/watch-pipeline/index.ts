// The Supabase Edge Function pg_cron asks every minute (private.run_pipeline_watch) to send the
// company's alerts: a lead about to break the reply promise, an incident of the pipeline, the
// weekly summary (../_shared/alerts/watch-pipeline.ts; the Node server runs the same on a timer).
// Secrets: SMTP_URL, MAIL_SWEEP_SECRET, optionally CONTACT_TO and MAIL_FROM; the platform
// provides SUPABASE_DB_URL. Deployed with verify_jwt = false: the secret is the lock.
// @ts-types="npm:@types/nodemailer@8.0.2"
import nodemailer from 'nodemailer'
import { createBookingMailSender } from '../_shared/booking/booking-mail-delivery.ts'
import { serveScheduled } from '../_shared/http/edge-function.ts'
import { readFunctionSettings } from '../_shared/http/function-settings.ts'
import { smtpTransportOptions } from '../_shared/mail/mail-settings.ts'
import { handleWatchPipeline } from '../_shared/alerts/watch-pipeline.ts'

Deno.serve(
  serveScheduled(readFunctionSettings(Deno.env.toObject()), 2, (settings, basics) => {
    const transport = nodemailer.createTransport(
      smtpTransportOptions(settings.smtpUrl, settings.mail),
    )
    const deps = {
      ...basics,
      sendMessage: createBookingMailSender(transport),
      settings: { to: settings.mail.to, from: settings.mail.from },
    }
    return (req) => handleWatchPipeline(req, deps)
  }),
)
