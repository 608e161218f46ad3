import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn.ts'

/** Everything but size: height, padding, font and icon size belong to `buttonSizes` alone. */
const base =
  'inline-flex items-center justify-center gap-2 rounded-control font-strong whitespace-nowrap transition-[color,background-color,border-color,opacity] focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:cursor-not-allowed disabled:opacity-70 [&_svg]:shrink-0'

export const buttonVariants = {
  /** The brand's accent, the one loud thing on a screen; its text is derived to read on it. */
  default: 'bg-accent text-on-accent hover:bg-accent-hover',
  outline: 'border border-line-strong bg-surface text-ink hover:border-ink hover:bg-subtle',
  ghost: 'text-ink hover:bg-subtle',
} as const

export const buttonSizes = {
  default: 'min-h-11 px-5 py-2.5 text-sm [&_svg]:size-4',
  lg: 'min-h-12 px-7 py-2.5 text-base [&_svg]:size-4',
  /** An icon alone carries the meaning, so it is drawn at full size, in the text's colour. */
  icon: 'size-11 [&_svg]:size-6',
} as const

export interface ButtonStyleProps {
  variant?: keyof typeof buttonVariants
  size?: keyof typeof buttonSizes
}

/** Class names of a button, for links that must look like one. */
export function buttonClassName(
  { variant = 'default', size = 'default' }: ButtonStyleProps,
  className?: string,
): string {
  return cn(base, buttonVariants[variant], buttonSizes[size], className)
}

export function Button({
  variant,
  size,
  className,
  type = 'button',
  ...props
}: ComponentProps<'button'> & ButtonStyleProps) {
  return (
    <button
      data-slot="button"
      type={type}
      className={buttonClassName({ variant, size }, className)}
      {...props}
    />
  )
}
