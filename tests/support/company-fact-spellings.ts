import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { cnpjCharacters, formatCnpj } from '#shared/company/cnpj.ts'
import type { Company } from '#shared/company/company.ts'
import { asciiToken } from '#shared/company/company-name.ts'
import { describeHours, describeHoursShort } from '#shared/support/durations.ts'
import { describeOfficeHours, schemaOpeningHours } from '../../src/content/office-hours.ts'

/**
 * A test that spells the company's facts (its name, inbox, phone, city, site) fails in every
 * fork that re-brands: tests read them from company.ts instead. This finds the spellings left.
 * The same forms are what the quick set's tests of other companies (generated-companies.ts)
 * must not find of this company in their pages, e-mails and desk.
 */

/** Put on a line that must spell a fact on purpose, to let it be. */
export const ALLOW_MARKER = 'company-fact-ok'

export interface Spelling {
  /** What to look for, and how it is named in a finding. */
  fact: string
  /** The fact in this form, as the company's facts give it. */
  text: string
  pattern: RegExp
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** The text as a whole word (not inside a longer one), in any case. */
const word = (fact: string, text: string, flags = 'iu'): Spelling => ({
  fact,
  text,
  pattern: new RegExp(`(?<![\\p{L}\\p{N}])${escape(text)}(?![\\p{L}\\p{N}])`, flags),
})
/** The text anywhere, even inside a longer word, in any case. */
const anywhere = (fact: string, text: string): Spelling => ({
  fact,
  text,
  pattern: new RegExp(escape(text), 'i'),
})

/** The spellings of a company's facts a test must not hold: every form the site writes one in. */
export const factSpellings = (facts: Company): Spelling[] => {
  const host = new URL(facts.siteUrl).hostname
  const domain = host.replace(/^www\./, '')
  const inboxDomain = facts.inbox.slice(facts.inbox.lastIndexOf('@') + 1)
  const cnpj = cnpjCharacters(facts.legal.cnpj)
  const promise = [
    ...new Set(
      [describeHours, describeHoursShort].map((describe) => describe(facts.replyPromiseHours)),
    ),
  ]
  return [
    word('name', facts.name),
    // As a password, a domain or the webhooks' User-Agent writes it: "AuroraDigital2026".
    anywhere('name as one word', asciiToken(facts.name)),
    // Shown capitalised in the logo; a common word in lower case ("digital") is left alone.
    ...facts.logoWords.map((logoWord) => word('logo word', logoWord, 'u')),
    // In a link's address ("subject=…para%20a%20Aurora%20Digital").
    anywhere('name, URL-encoded', encodeURIComponent(facts.name)),
    word('inbox', facts.inbox),
    word('inbox domain', inboxDomain),
    word('phone', facts.phone),
    word('phone link', facts.phoneHref.replace(/^tel:/, '')),
    word('city', facts.address.city, 'u'),
    word('site domain', domain),
    word('office hours', describeOfficeHours(facts.officeHours), 'u'),
    // As the landing page's structured data gives them: "Mo-Fr 09:00-18:00".
    word('office hours, schema.org', schemaOpeningHours(facts.officeHours)),
    word('consultation length', `de ${facts.consultationMinutes} minutos`),
    // The chat's link and its number, digits only; a company without WhatsApp has neither.
    ...(facts.whatsapp === ''
      ? []
      : [
          anywhere('WhatsApp link', `wa.me/${facts.whatsapp}`),
          word('WhatsApp number', facts.whatsapp),
        ]),
    word('legal name', facts.legal.name),
    word('CNPJ', formatCnpj(facts.legal.cnpj)),
    ...(cnpj === null ? [] : [word('CNPJ, characters only', cnpj)]),
    word('encarregado', facts.dataProtectionOfficer.name),
    word("encarregado's e-mail", facts.dataProtectionOfficer.email),
    // The page's promise, in full and beside an icon: "em até 24 horas", "em até 24h".
    ...promise.map((hours) => word('reply promise', `em até ${hours}`)),
  ]
}

/**
 * What must not be left of the company `old` where the company `now` speaks: `old`'s spellings
 * but those `now`'s own facts hold (a city both are in, 45-minute meetings both offer, a name
 * inside the other's), which are `now`'s too.
 */
export const spellingsLeftOf = (old: Company, now: Company): Spelling[] => {
  const nowTexts = factSpellings(now).map(({ text }) => text)
  return factSpellings(old).filter(({ pattern }) => !nowTexts.some((text) => pattern.test(text)))
}

/**
 * Where each of `spellings` shows in `texts` (a page, an e-mail, each named by where it is), with
 * the words around it: what a test of another company's site reports.
 */
export const spelledIn = (
  texts: Record<string, string | undefined>,
  spellings: Spelling[],
): string[] =>
  Object.entries(texts).flatMap(([where, text = '']) =>
    spellings.flatMap(({ fact, pattern }) => {
      const at = text.search(pattern)
      return at < 0
        ? []
        : [`${where}: ${fact}, in "…${text.slice(Math.max(0, at - 40), at + 60)}…"`]
    }),
  )

export interface Finding {
  file: string
  line: number
  /** Which facts the line spells. */
  facts: string[]
  text: string
}

/** A line that is only a comment: it may say where a time falls ("9h in São Paulo"). */
const isComment = (line: string) => /^\s*(\/\/|\/\*|\*)/.test(line)

/** The lines of `text` that spell a fact, unless a comment or marked with ALLOW_MARKER. */
export const findSpellings = (file: string, text: string, spellings: Spelling[]): Finding[] =>
  text.split('\n').flatMap((line, index) => {
    if (isComment(line) || line.includes(ALLOW_MARKER)) return []
    const facts = [
      ...new Set(spellings.filter(({ pattern }) => pattern.test(line)).map(({ fact }) => fact)),
    ]
    return facts.length === 0 ? [] : [{ file, line: index + 1, facts, text: line.trim() }]
  })

const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'dist-server', '.git', 'data'])

/** Every file under `folder` (relative to `root`), skipping build output and dependencies. */
const filesUnder = async (root: string, folder: string): Promise<string[]> => {
  const entries = await readdir(path.join(root, folder), { withFileTypes: true }).catch(() => [])
  const nested = await Promise.all(
    entries.map((entry) => {
      const relative = path.join(folder, entry.name)
      if (entry.isDirectory())
        return SKIPPED_FOLDERS.has(entry.name) ? [] : filesUnder(root, relative)
      return [relative]
    }),
  )
  return nested.flat()
}

/** The files the rule covers: everything under tests/, and every *.test.ts(x) elsewhere. */
export const testFiles = async (root: string, allowed: readonly string[]): Promise<string[]> => {
  const tests = await filesUnder(root, 'tests')
  const beside = (
    await Promise.all(
      ['src', 'server', 'scripts', 'supabase'].map((folder) => filesUnder(root, folder)),
    )
  )
    .flat()
    .filter((file) => /\.test\.tsx?$/.test(file))
  return [...tests, ...beside]
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => !allowed.includes(file))
    .sort()
}

/** Every spelling of a fact in the test files under `root`. */
export const findSpellingsUnder = async (
  root: string,
  spellings: Spelling[],
  allowed: readonly string[],
): Promise<Finding[]> => {
  const found = await Promise.all(
    (await testFiles(root, allowed)).map(async (file) =>
      findSpellings(file, await readFile(path.join(root, file), 'utf8'), spellings),
    ),
  )
  return found.flat()
}
