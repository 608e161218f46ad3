import { bookingOtherWays as ways } from '../../content/booking-page.ts'

const link = 'break-words text-accent-ink underline'

/**
 * The e-mail and the phone, as links: how to book with no script, and for whoever prefers.
 * The address stands on a line of its own: a long word that cannot break, it decided where the
 * lines around it broke, and the fallback font and the brand's broke them differently (a line
 * gained at 390 px when the font came, everything below moving 24 px, CLS 0.049). On a phone
 * the question and the hours do too: with 'Escreva para' after it, the question filled a 428 px
 * screen's line in the fallback and took two in the font; the phone's line with the hours did
 * the same at 412 px in Android's fallback (CLS 0.13). Short lines, far from the screen's edge
 * in either font, break in the same places.
 */
export function OtherWays({
  className,
  onManagePage = false,
}: {
  className?: string
  onManagePage?: boolean
}) {
  const mailto = `mailto:${ways.email}?subject=${encodeURIComponent(ways.emailSubject)}`
  return (
    <p className={className}>
      {onManagePage ? (
        ways.beforeOnManagePage
      ) : (
        <>
          {ways.question} <br className="sm:hidden" />
          {ways.before}
        </>
      )}
      <br />
      <a href={mailto} className={link}>
        {ways.email}
      </a>
      <br />
      {ways.between}
      {/* A phone number reads as one piece: never broken over two lines. */}
      <a href={ways.phoneHref} className={`${link} whitespace-nowrap`}>
        {ways.phone}
      </a>{' '}
      <br className="sm:hidden" />
      <span className="whitespace-nowrap">{ways.hours}</span>
    </p>
  )
}
