import type { ReactNode } from 'react'
import { cn } from '../lib/cn.ts'
import { KeepWordsWhole } from './keep-words-whole.tsx'
import { splitColumns } from './page-grid.ts'
import { Badge } from './ui/badge.tsx'

interface SectionHeadingProps {
  id: string
  badge: ReactNode
  title: string
  description?: string
  /** h1 where the section is the page's own subject (the contact page), else h2. */
  level?: 'h1' | 'h2'
  /** On the dark band, the text takes the band's colours. */
  tone?: 'default' | 'night'
}

/**
 * The badge, the heading and its introduction that open every content section: the heading
 * large on the left, the introduction beside it on a wide screen (from the page's split line,
 * where the section's second column starts too), under it on a phone.
 */
export function SectionHeading({
  id,
  badge,
  title,
  description,
  level: Heading = 'h2',
  tone = 'default',
}: SectionHeadingProps) {
  const night = tone === 'night'
  return (
    <div className={cn('grid gap-5 lg:items-end', splitColumns)}>
      <div className="flex flex-col items-start gap-5">
        <Badge tone={tone}>{badge}</Badge>
        <Heading
          id={id}
          className={cn(
            'text-4xl leading-[1.05] font-heading tracking-display text-balance sm:text-5xl',
            night && 'text-on-night',
          )}
        >
          {title}
        </Heading>
      </div>
      {description ? (
        <p
          className={cn(
            'max-w-xl text-lg leading-relaxed text-pretty',
            night ? 'text-on-night-muted' : 'text-ink-muted',
          )}
        >
          <KeepWordsWhole text={description} />
        </p>
      ) : null}
    </div>
  )
}
