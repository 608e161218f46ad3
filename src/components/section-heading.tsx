import type { ReactNode } from 'react'
import { Badge } from './ui/badge.tsx'

interface SectionHeadingProps {
  id: string
  badge: ReactNode
  title: string
  description?: string
  /** h1 where the section is the page's own subject (the contact page), else h2. */
  level?: 'h1' | 'h2'
}

/** The badge + h2 + intro that opens every content section. */
export function SectionHeading({
  id,
  badge,
  title,
  description,
  level: Heading = 'h2',
}: SectionHeadingProps) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center gap-4 text-center">
      <Badge>{badge}</Badge>
      <Heading
        id={id}
        className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
      >
        {title}
      </Heading>
      {description ? <p className="text-lg text-pretty text-slate-600">{description}</p> : null}
    </div>
  )
}
