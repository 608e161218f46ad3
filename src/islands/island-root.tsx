import { StrictMode, type ReactNode } from 'react'
import { IslandErrorBoundary } from './island-error-boundary.tsx'
import type { FormKeeper } from './kept-form.ts'

/** What wraps every island, both when it is prerendered and when it is hydrated. */
export function IslandRoot({ children, keeper }: { children: ReactNode; keeper?: FormKeeper }) {
  return (
    <StrictMode>
      <IslandErrorBoundary keeper={keeper}>{children}</IslandErrorBoundary>
    </StrictMode>
  )
}
