import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn.ts'

export function Label({ className, htmlFor, ...props }: ComponentProps<'label'>) {
  return (
    <label
      data-slot="label"
      htmlFor={htmlFor}
      className={cn('text-sm font-strong text-ink', className)}
      {...props}
    />
  )
}
