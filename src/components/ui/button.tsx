import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn.ts'

/** Everything but size: height, padding, font and icon size belong to `buttonSizes` alone. */
const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-[color,background-color,box-shadow,opacity] focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-70 [&_svg]:shrink-0'

export const buttonVariants = {
  /** The blue→violet accent; both stops keep white text above 4.5:1. */
  default:
    'bg-gradient-to-r from-brand-600 to-accent-600 text-white shadow-md shadow-brand-600/25 hover:from-brand-700 hover:to-accent-700',
  outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
  ghost: 'text-slate-900 hover:bg-slate-100',
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
