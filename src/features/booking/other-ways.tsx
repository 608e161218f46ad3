import { bookingOtherWays as ways } from '../../content/booking-page.ts'

const link = 'break-words text-accent-ink underline'

/** The e-mail and the phone, as links: how to book with no script, and for whoever prefers. */
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
      {onManagePage ? ways.beforeOnManagePage : ways.before}
      <a href={mailto} className={link}>
        {ways.email}
      </a>
      {ways.between}
      {/* A phone number reads as one piece: never broken over two lines. */}
      <a href={ways.phoneHref} className={`${link} whitespace-nowrap`}>
        {ways.phone}
      </a>
      {ways.after}
    </p>
  )
}
