/**
 * When the privacy notice (privacy.ts) last changed, shown under its title: a visitor who read
 * it before can tell whether it still says the same. `sourceSha256` is the SHA-256 of
 * privacy.ts as of that date; privacy-updated.test.ts fails when the file changes and these
 * do not, so the date can never fall behind the text. A re-brand (company-facts.ts) changes the
 * facts the notice shows, not its file, and keeps the date: under a new controller (its own
 * razão social or CNPJ) `npm run check:company` asks the company to decide from which day the
 * notice is its own (decision 075).
 */
export const privacyNoticeUpdated = {
  label: 'Atualizada em',
  date: '2026-12-05',
  shown: '5 de dezembro de 2026',
  sourceSha256: 'd784672cfbfa57ba5c8f3958421c9a3cb43ed6af8817828b660c489d9c89ecca',
} as const
