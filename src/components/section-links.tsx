import { navLinks } from '../content/navigation.ts'

const linkLooks = {
  header:
    'flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  footer:
    'flex min-h-11 items-center rounded-lg px-2 text-sm text-slate-700 hover:text-slate-900 hover:underline',
} as const

/**
 * The four section anchors, the one list drawn by the header, the phone menu and the footer.
 * Plain `#id` links: the browser scrolls to the section with no script.
 */
export function SectionLinks({
  look,
  className,
}: {
  look: keyof typeof linkLooks
  className: string
}) {
  return (
    <ul className={className}>
      {navLinks.map((link) => (
        <li key={link.id}>
          <a href={`#${link.id}`} className={linkLooks[look]}>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  )
}
