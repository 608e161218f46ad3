import type { Settings } from '../settings.ts'
import { DESK_PATH } from './desk-paths.ts'

/** The start-up's word on the lead desk: where it is, or how to turn it on. */
export const leadDeskStartupLine = (settings: Settings, siteUrl: string): string => {
  const retention =
    settings.desk.retentionDays === undefined
      ? 'leads are kept until erased'
      : `leads older than ${settings.desk.retentionDays} days are deleted daily`
  return settings.desk.password
    ? `Lead desk at ${siteUrl.replace(/\/+$/, '')}${DESK_PATH} (${retention}).`
    : `Lead desk off: set ADMIN_PASSWORD, or ADMIN_PASSWORD_HASH from \`npm run leads -- hash-password\`, to open it at ${DESK_PATH} (${retention}).`
}
