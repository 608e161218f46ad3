import { sendDueBookingMail, type BookingMailDeps } from '#shared/booking/booking-mail-delivery.ts'
import { sendDueMail, type MailDeliveryDeps } from '#shared/mail/mail-delivery.ts'
import { reportFailure, startRepeatingJob } from '../jobs/repeating-job.ts'
import { silentLogger } from '../log.ts'

/**
 * Runs the delivery sweeps every `intervalMs` (what pg_cron does for the Edge Functions on
 * hosted Supabase): the leads' e-mails, then the bookings' (due reminders, retries), after
 * ending the booking holds whose time is up (pg_cron's expire-booking-holds job there, decision
 * 038). One failing does not keep the others from running; runs never overlap and stop()
 * waits for the one in progress (jobs/repeating-job.ts).
 */
export const startMailSweep = (
  deps: MailDeliveryDeps,
  intervalMs: number,
  booking?: BookingMailDeps,
) => {
  const log = deps.log ?? silentLogger
  const failed = (event: string) => (error: unknown) => reportFailure(log, event, error)
  const run = async () => {
    await sendDueMail(deps).catch(failed('mail_sweep_failed'))
    if (booking) {
      await booking
        .query('select private.expire_booking_holds()', [])
        .catch(failed('booking_holds_sweep_failed'))
      await sendDueBookingMail(booking).catch(failed('booking_mail_sweep_failed'))
    }
  }
  const job = startRepeatingJob({ name: 'mail_sweep', everyMs: intervalMs, log, run })
  return { stop: job.stop }
}
