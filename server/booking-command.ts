import { existsSync } from 'node:fs'
import { bookingSettingsSql } from './booking/apply-booking-settings.ts'
import { bookingFacts, bookingFactsProblems } from './booking/booking-facts.ts'
import { readBookingSettings } from './booking/booking-settings.ts'

/**
 * `npm run booking -- settings-sql`: the SQL that gives a hosted Supabase database the agenda
 * of company.ts (office hours, time zone, consultation length) and of the BOOKING_* settings in
 * the environment or .env (unset ones at their defaults). The Node server writes the same at
 * every start, so only hosted Supabase needs it (docs/deploy.md).
 */
const USAGE = `Usage: npm run booking -- settings-sql

Prints the SQL that writes supabase/functions/_shared/company/company.ts's office hours and
consultation length, and the BOOKING_* settings (from the environment or .env; unset ones at
their defaults), into private.booking_settings. Paste it into hosted Supabase's SQL editor.`

const main = () => {
  const [command] = process.argv.slice(2)
  if (command !== 'settings-sql') {
    process.stderr.write(`${USAGE}\n`)
    process.exit(command === undefined || command === 'help' || command === '--help' ? 0 : 1)
  }
  if (existsSync('.env')) process.loadEnvFile('.env')
  const { booking, problems } = readBookingSettings(process.env)
  problems.push(...bookingFactsProblems())
  if (problems.length > 0) {
    process.stderr.write(`Fix these first:\n- ${problems.join('\n- ')}\n`)
    process.exit(1)
  }
  process.stdout.write(bookingSettingsSql(bookingFacts(), booking))
}

main()
