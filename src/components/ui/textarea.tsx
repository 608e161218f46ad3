import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn.ts'
import { fieldClassName } from './input.tsx'

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(fieldClassName, 'resize-y', className)}
      {...props}
    />
  )
}
