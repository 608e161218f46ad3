import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn.ts'

export const fieldClassName =
  'w-full rounded-control border border-line-strong bg-surface px-3.5 py-2.5 text-base text-ink placeholder:text-ink-muted focus-visible:border-focus disabled:cursor-not-allowed disabled:bg-subtle'

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input data-slot="input" className={cn(fieldClassName, 'min-h-11', className)} {...props} />
  )
}
