import { company } from './company.ts'

/** The definite article a name takes ('' for a name said without one). */
export type Article = 'a' | 'o' | ''

// Portuguese joins de, em, a and por with the article: da, na, à, pela; do, no, ao, pelo.
const JOINED: Record<Article, { of: string; in: string; to: string; by: string }> = {
  a: { of: 'da', in: 'na', to: 'à', by: 'pela' },
  o: { of: 'do', in: 'no', to: 'ao', by: 'pelo' },
  '': { of: 'de', in: 'em', to: 'a', by: 'por' },
}

/**
 * A name as a sentence needs it, so copy never assumes a feminine name: `the` "a Aurora
 * Digital" (The at a sentence's start), `of` "da…", `in` "na…", `to` "à…", `by` "pela…",
 * `with` "com a…", `for` "para a…"; for 'o', "o Grupo Faria", "do Grupo Faria"…
 */
export const nameInSentence = (name: string, article: Article) => {
  const the = article ? `${article} ${name}` : name
  const joined = JOINED[article]
  return {
    the,
    The: article ? `${article.toUpperCase()} ${name}` : name,
    of: `${joined.of} ${name}`,
    in: `${joined.in} ${name}`,
    to: `${joined.to} ${name}`,
    by: `${joined.by} ${name}`,
    with: `com ${the}`,
    for: `para ${the}`,
  }
}

/** The company's name in sentences (company-facts.ts: name, article). */
export const companyName = nameInSentence(company.name, company.article)

/**
 * Text with its accents taken off (é → e, ç → c), as plain ASCII letters compare and as
 * protocol tokens (an HTTP User-Agent) must be.
 */
export const withoutAccents = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '')

/** A name as one token of ASCII letters and digits: "Nébula Sistemas" → "NebulaSistemas". */
export const asciiToken = (name: string) =>
  withoutAccents(name).replace(/[^A-Za-z0-9]/g, '') || 'Site'

/** The company's name as a protocol token (the webhooks' User-Agent). */
export const companyToken = asciiToken(company.name)
