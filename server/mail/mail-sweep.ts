import {
  sendDueBookingMail,
  type BookingMailDeps,
} from '../../supabase/functions/_shared/booking-mail-delivery.ts'
import {
  sendDueMail,
  type MailDeliveryDeps,
} from '../../supabase/functions/_shared/mail-delivery.ts'

/**
 * Runs the delivery sweeps every `intervalMs` (what pg_cron does for the Edge Functions on
 * hosted Supabase): the leads' e-mails, then the bookings' (due reminders, retries), after
 * ending the booking holds whose time is up (pg_cron's expire-booking-holds job there, decision
 * 038). One failing does not keep the others from running; stop() waits for a run in progress.
 * Runs never overlap.
 */
export const startMailSweep = (
  deps: MailDeliveryDeps,
  intervalMs: number,
  booking?: BookingMailDeps,
) => {
  const failed = (event: string) => (error: unknown) =>
    deps.log?.error(event, { message: error instanceof Error ? error.message : 'unknown' })
  const run = async () => {
    await sendDueMail(deps).catch(failed('mail_sweep_failed'))
    if (booking) {
      await booking
        .query('select private.expire_booking_holds()', [])
        .catch(failed('booking_holds_sweep_failed'))
      await sendDueBookingMail(booking).catch(failed('booking_mail_sweep_failed'))
    }
  }
  let running: Promise<unknown> = Promise.resolve()
  let busy = false
  const timer = setInterval(() => {
    if (busy) return
    busy = true
    running = run().finally(() => {
      busy = false
    })
  }, intervalMs)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
