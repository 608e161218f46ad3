import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { CompanyFacts } from '#shared/company/company.ts'
import { asciiToken } from '#shared/company/company-name.ts'
import { describeOfficeHours } from '../../src/content/office-hours.ts'

/**
 * A test that spells the company's facts (its name, inbox, phone, city, site) fails in every
 * fork that re-brands: tests read them from company.ts instead. This finds the spellings left.
 */

/** Put on a line that must spell a fact on purpose, to let it be. */
export const ALLOW_MARKER = 'company-fact-ok'

export interface Spelling {
  /** What to look for, and how it is named in a finding. */
  fact: string
  pattern: RegExp
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** The text as a whole word (not inside a longer one), in any case. */
const word = (text: string, flags = 'iu') =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escape(text)}(?![\\p{L}\\p{N}])`, flags)

/** The spellings of a company's facts a test must not hold. */
export const factSpellings = (facts: Required<CompanyFacts>): Spelling[] => {
  const host = new URL(facts.siteUrl).hostname
  const domain = host.replace(/^www\./, '')
  const inboxDomain = facts.inbox.slice(facts.inbox.lastIndexOf('@') + 1)
  return [
    { fact: 'name', pattern: word(facts.name) },
    // As a password or a domain writes it: "AuroraDigital2026", "auroradigital.com.br".
    { fact: 'name as one word', pattern: new RegExp(escape(asciiToken(facts.name)), 'i') },
    // Shown capitalised in the logo; a common word in lower case ("digital") is left alone.
    ...facts.logoWords.map((logoWord) => ({ fact: 'logo word', pattern: word(logoWord, 'u') })),
    // In a link's address ("subject=…para%20a%20Aurora%20Digital").
    { fact: 'name, URL-encoded', pattern: new RegExp(escape(encodeURIComponent(facts.name)), 'i') },
    { fact: 'inbox', pattern: word(facts.inbox) },
    { fact: 'inbox domain', pattern: word(inboxDomain) },
    { fact: 'phone', pattern: word(facts.phone) },
    { fact: 'phone link', pattern: word(facts.phoneHref.replace(/^tel:/, '')) },
    { fact: 'city', pattern: word(facts.address.city, 'u') },
    { fact: 'site domain', pattern: word(domain) },
    { fact: 'office hours', pattern: word(describeOfficeHours(facts.officeHours), 'u') },
    {
      fact: 'consultation length',
      pattern: word(`de ${facts.consultationMinutes} minutos`),
    },
  ]
}

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
