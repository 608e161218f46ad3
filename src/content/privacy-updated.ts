/**
 * When the privacy notice (privacy.ts) last changed, shown under its title: a visitor who read
 * it before can tell whether it still says the same. `sourceSha256` is the SHA-256 of
 * privacy.ts as of that date; privacy-updated.test.ts fails when the file changes and these
 * do not, so the date can never fall behind the text. A re-brand (company-facts.ts) changes the
 * facts the notice shows, not its file, and keeps the date.
 */
export const privacyNoticeUpdated = {
  label: 'Atualizada em',
  date: '2026-11-28',
  shown: '28 de novembro de 2026',
  sourceSha256: 'c63fa71fb1f69ea5f8f9e25506666ffc983be52604c3a29dc08af58bb4867516',
} as const
