import { Fragment } from 'react'
import { NO_WRAP, wordsKeptWhole } from '../lib/words-kept-whole.ts'

/**
 * Text with each hyphenated word, and each of `whole` (a CNPJ), kept on one line: Portuguese
 * would repeat the hyphen where a line breaks at one (src/lib/words-kept-whole.ts).
 */
export function KeepWordsWhole({ text, whole }: { text: string; whole?: readonly string[] }) {
  const parts = wordsKeptWhole(text, whole)
  if (parts.every((part) => typeof part === 'string')) return text
  return (
    <>
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          <Fragment key={i}>{part}</Fragment>
        ) : (
          <span key={i} className={NO_WRAP}>
            {part.whole}
          </span>
        ),
      )}
    </>
  )
}
