import type { ComponentProps, ReactNode } from 'react'
import { cn } from '../lib/cn.ts'
import { SectionHeading } from './section-heading.tsx'

interface PageSectionProps {
  /** The anchor the navigation scrolls to; the heading inside must have id `${id}-title`. */
  id: string
  className?: string
  children: ReactNode
}

/**
 * A scroll target of the one-page layout: named by its heading and focusable, so the navigation
 * can move keyboard focus to it. The page's scroll padding (globals.css) keeps it clear of the
 * fixed header.
 */
export function PageSection({ id, className, children }: PageSectionProps) {
  return (
    <section
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      className={cn('outline-none', className)}
    >
      {children}
    </section>
  )
}

/** The band a section sits on: the page itself, a quiet alternate, or the brand's dark surface. */
const tones = {
  canvas: '',
  subtle: 'bg-subtle',
  night: 'bg-night text-on-night',
} as const

type ContentSectionProps = Omit<PageSectionProps, 'className'> & {
  heading: Omit<ComponentProps<typeof SectionHeading>, 'id' | 'tone'>
  tone?: keyof typeof tones
}

/** A content section: the shared width and rhythm, the badge + heading + intro, then its body. */
export function ContentSection({ id, heading, tone = 'canvas', children }: ContentSectionProps) {
  return (
    <PageSection id={id} className={cn('py-20 sm:py-28', tones[tone])}>
      <div className="mx-auto flex max-w-page flex-col gap-12 px-4 sm:gap-16 sm:px-6">
        <SectionHeading
          id={`${id}-title`}
          tone={tone === 'night' ? 'night' : 'default'}
          {...heading}
        />
        {children}
      </div>
    </PageSection>
  )
}
