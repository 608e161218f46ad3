import type { ReactNode } from 'react'
import { cn } from '../lib/cn.ts'

/**
 * A link that opens another tab, and says so: in words to screen readers (`hint`, in its name,
 * hidden from the eye), and with the sign every site uses for it, an arrow out of a box, to
 * everyone who sees it (the `new-tab` utility in globals.css, a drawing in the stylesheet).
 */
export function NewTabLink({
  href,
  hint,
  className,
  children,
}: {
  href: string
  hint: string
  className?: string
  children: ReactNode
}) {
  return (
    <a href={href} target="_blank" className={cn(className, 'new-tab')}>
      {children}
      <span className="sr-only">{hint}</span>
    </a>
  )
}
