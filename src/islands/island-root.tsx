import { StrictMode, type ReactNode } from 'react'
import { IslandErrorBoundary } from './island-error-boundary.tsx'

/** What wraps every island, both when it is prerendered and when it is hydrated. */
export function IslandRoot({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <IslandErrorBoundary>{children}</IslandErrorBoundary>
    </StrictMode>
  )
}
