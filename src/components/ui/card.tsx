import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn.ts'

/** Direction, spacing and shadow size live here only; callers add colours and grid placement. */
export const cardLayouts = {
  /** Icon or header above the text: the feature cards and the form card. */
  stacked: 'flex-col gap-4 p-6',
  /**
   * A group of items under its own heading, more air between the two from a tablet up: the
   * services' panels.
   */
  panel: 'flex-col gap-4 p-6 sm:gap-6',
  /** Icon beside the text, tighter: the contact info cards. */
  inline: 'flex-row items-start gap-4 p-5',
} as const

const cardBase = 'flex rounded-card border border-line bg-surface'

export function Card({
  layout = 'stacked',
  className,
  ...props
}: ComponentProps<'div'> & { layout?: keyof typeof cardLayouts }) {
  return (
    <div data-slot="card" className={cn(cardBase, cardLayouts[layout], className)} {...props} />
  )
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="card-header" className={cn('flex flex-col gap-2', className)} {...props} />
}

export const cardTitleSizes = {
  sm: 'text-base',
  md: 'text-lg',
  lg: 'text-xl',
} as const

/**
 * A card's title is the heading below its section's: an h3 under a section's h2, an h2 where
 * the section's heading is the page's h1 (the contact page), so no level is skipped.
 */
export function CardTitle({
  size = 'md',
  level = 'h3',
  className,
  children,
  ...props
}: ComponentProps<'h3'> & { size?: keyof typeof cardTitleSizes; level?: 'h2' | 'h3' }) {
  const Heading = level
  return (
    <Heading
      data-slot="card-title"
      className={cn('leading-snug font-heading text-ink', cardTitleSizes[size], className)}
      {...props}
    >
      {children}
    </Heading>
  )
}

export const cardDescriptionTones = {
  /** A note beside a card's main value: the contact cards' details, the form's promise. */
  note: 'text-sm leading-relaxed text-ink-muted',
  /**
   * Text a visitor reads for itself, each service's description: the reading size (15 px on a
   * phone, 16 px from 640 px up, globals.css) in the ink colour.
   */
  body: 'text-reading text-ink',
} as const

export function CardDescription({
  tone = 'note',
  className,
  ...props
}: ComponentProps<'p'> & { tone?: keyof typeof cardDescriptionTones }) {
  return (
    <p
      data-slot="card-description"
      className={cn(cardDescriptionTones[tone], className)}
      {...props}
    />
  )
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="card-content" className={cn(className)} {...props} />
}
