import { Component, type ErrorInfo, type ReactNode } from 'react'
import { ErrorScreen } from './error-screen.tsx'

interface State {
  error: unknown
  failed: boolean
}

/** Prefers a status text (thrown `Response`s and similar), then an error message. */
export function describeRouteError(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { status, statusText, message } = error as {
      status?: unknown
      statusText?: unknown
      message?: unknown
    }
    if (typeof statusText === 'string' && statusText !== '') {
      return typeof status === 'number' ? `${status} ${statusText}` : statusText
    }
    if (typeof message === 'string' && message !== '') return message
  }
  return String(error)
}

/**
 * Declarative React Router has no errorElement, so each route element is wrapped in this
 * boundary (see docs/decisions/002-router.md).
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined, failed: false }

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Route error', error, info.componentStack)
  }

  override render(): ReactNode {
    return this.state.failed ? (
      <ErrorScreen detail={describeRouteError(this.state.error)} />
    ) : (
      this.props.children
    )
  }
}
