import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn.ts'

export function Badge({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      data-slot="badge"
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 [&_svg]:size-4',
        className,
      )}
      {...props}
    />
  )
}
