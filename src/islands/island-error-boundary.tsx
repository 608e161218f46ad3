import { Component, type ErrorInfo, type ReactNode } from 'react'
import { ErrorScreen } from './error-screen.tsx'

interface State {
  error: unknown
  failed: boolean
}

/** Prefers a status text (thrown `Response`s and similar), then an error message. */
export function describeError(error: unknown): string {
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
 * Catches what an island throws in the browser and shows the error screen in its place; the
 * rest of the page is static HTML and stays as it was. (At build time nothing is caught: a
 * component that throws fails the build.)
 */
export class IslandErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined, failed: false }

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Island error', error, info.componentStack)
  }

  override render(): ReactNode {
    return this.state.failed ? (
      <ErrorScreen detail={describeError(this.state.error)} />
    ) : (
      this.props.children
    )
  }
}
