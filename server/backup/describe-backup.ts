import type { BackupContents } from './backup-format.ts'

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`

/** What a backup holds, in one line for the person who made or restores it. */
export const describeContents = (contents: BackupContents, fileBytes?: number) => {
  const { counts, createdAt, source, migrations } = contents.header
  return [
    count(counts.leads, 'lead', 'leads'),
    count(counts.bookings, 'meeting', 'meetings'),
    count(counts.quarantined, 'quarantined message', 'quarantined messages'),
    count(counts.erasures, 'erasure', 'erasures'),
    `taken ${createdAt} from ${source === 'pglite' ? 'PGlite' : 'PostgreSQL'}`,
    `schema ${migrations.at(-1) ?? 'none'}`,
    contents.signedWith
      ? `signed with backup key ${contents.signedWith.id}`
      : 'NOT SIGNED (accepted with --accept-unsigned)',
    ...(fileBytes === undefined ? [] : [size(fileBytes)]),
  ].join(', ')
}
