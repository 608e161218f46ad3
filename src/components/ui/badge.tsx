import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn.ts'

/** Colours by the band the badge sits on; shape and size live in the base alone. */
export const badgeTones = {
  default: 'border-line bg-surface text-ink-muted',
  night: 'border-night-line bg-night text-on-night-muted',
} as const

export function Badge({
  tone = 'default',
  className,
  ...props
}: ComponentProps<'span'> & { tone?: keyof typeof badgeTones }) {
  return (
    <span
      data-slot="badge"
      className={cn(
        'inline-flex items-center gap-2 rounded-full border py-1 pr-3 pl-2.5 text-sm font-strong before:size-1.5 before:rounded-full before:bg-accent [&_svg]:size-4',
        badgeTones[tone],
        className,
      )}
      {...props}
    />
  )
}
