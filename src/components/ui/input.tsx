import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn.ts'

export const fieldClassName =
  'w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600 disabled:cursor-not-allowed disabled:bg-slate-100'

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input data-slot="input" className={cn(fieldClassName, 'min-h-11', className)} {...props} />
  )
}
