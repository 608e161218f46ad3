/** @jsxImportSource hono/jsx */
import { layoutCopy } from './layout-copy.ts'
import { mixedScriptsIn, splitVisitorText } from './visitor-text-parts.ts'

const copy = layoutCopy.visitorText

/**
 * Text a visitor typed (a name, an e-mail, a company, a message, and anything quoted from
 * them), as the desk must show it everywhere: isolated from the text around it (<bdi>, so a
 * right-to-left name cannot reorder the page's words), with invisible and direction-changing
 * characters shown as markers (⟨U+202E⟩), and a warning when a word mixes look-alike alphabets.
 * The warning sits outside the isolated text, in the page's own direction.
 */
export const VisitorText = ({ text }: { text: string }) => {
  const parts = splitVisitorText(text)
  const mixed = mixedScriptsIn(parts)
  return (
    <>
      <bdi class="visitor-text">
        {parts.map((part) =>
          part.kind === 'hidden' ? (
            <span class="hidden-char" title={copy.hiddenTitle(part.code, part.direction)}>
              {copy.marker(part.code)}
            </span>
          ) : part.kind === 'mixed' ? (
            <mark class="mixed-script" title={copy.mixedWordTitle(part.scripts)}>
              {part.text}
            </mark>
          ) : (
            part.text
          ),
        )}
      </bdi>
      {mixed.length > 0 && (
        <span class="badge badge-warning" title={copy.mixedScriptsTitle}>
          {copy.mixedScripts(mixed)}
        </span>
      )}
    </>
  )
}
