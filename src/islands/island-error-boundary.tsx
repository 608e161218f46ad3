import { Component, type ErrorInfo, type ReactNode } from 'react'
import { ErrorScreen } from './error-screen.tsx'
import type { FormKeeper, KeptForm } from './kept-form.ts'

interface Props {
  children: ReactNode
  /** Reads and restores the island's form; only in the browser (nothing fails at build time). */
  keeper?: FormKeeper
}

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
 * component that throws fails the build.) What the visitor typed is read from the page while
 * the failed island's markup is still there, shown again, and put back into the island's form
 * when they try again.
 */
export class IslandErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, failed: false }
  /** The visitor's text, from the failure until a retry has put it back. */
  private kept: KeptForm | undefined

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Island error', error, info.componentStack)
  }

  // Runs once the island's markup is back and before its effects, which take over what its
  // fields hold (the same path as text typed before the island first loaded).
  override componentDidUpdate(_: Props, previous: State): void {
    if (!previous.failed || this.state.failed || !this.kept) return
    this.props.keeper?.restore(this.kept)
    this.kept = undefined
  }

  private retry = () => {
    this.kept = this.props.keeper?.read() // the error screen's fields, with any changes
    this.setState({ error: undefined, failed: false })
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children
    // Rendering happens before React removes the failed markup, so this reads the fields as
    // the visitor left them; later renders keep that first reading.
    this.kept ??= this.props.keeper?.read()
    return (
      <ErrorScreen detail={describeError(this.state.error)} kept={this.kept} onRetry={this.retry} />
    )
  }
}
