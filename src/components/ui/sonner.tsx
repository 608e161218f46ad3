import { CircleCheck, OctagonAlert, X } from 'lucide-react'
import { Toaster as Sonner, type ToasterProps } from 'sonner'

/**
 * How each part of a toast looks. Sonner draws none of it (`unstyled`): its own rules are not
 * in a cascade layer, so they would beat any utility class. It keeps what it does well:
 * placement, stacking, timing, swipe and the live region.
 */
export const toastLooks = {
  toast:
    'flex w-(--width) items-start gap-3 rounded-control border p-4 pr-2 text-sm shadow-lg data-[expanded=false]:data-[front=false]:*:opacity-0',
  /**
   * A failure must never pass for a thank-you: red, a thick bar down its side and a stop-sign
   * icon, so colour is not the only difference.
   */
  error: 'border-danger-ink border-l-8 bg-danger-soft text-ink',
  success: 'border-success-line bg-success-soft text-ink',
  icon: 'shrink-0 [&_svg]:size-5',
  content: 'flex min-w-0 flex-1 flex-col gap-1',
  title: 'font-semibold',
  description: 'leading-relaxed',
  /** A 44 px target beside the text, never over it. */
  closeButton:
    'order-last -my-3 flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-control hover:bg-ink/5 focus-visible:-outline-offset-3 [&_svg]:size-5',
} as const

/** Icons whose shapes differ as much as their colours. */
const icons = {
  success: <CircleCheck aria-hidden="true" className="text-success-ink" />,
  error: <OctagonAlert aria-hidden="true" className="text-danger-ink" />,
  close: <X aria-hidden="true" />,
}

interface ToasterLabels {
  /** Names the toasts' live region. */
  regionLabel: string
  /** Names each toast's close button. */
  closeLabel: string
}

/**
 * Sonner's toaster in the site's look. Its defaults are the spec's and stay: 4000 ms, three
 * visible, 356 px wide, 14 px apart. Labels come from the caller: this folder holds no copy.
 */
export function Toaster({
  regionLabel,
  closeLabel,
  ...props
}: ToasterLabels & Omit<ToasterProps, 'customAriaLabel' | 'toastOptions' | 'icons'>) {
  return (
    <Sonner
      customAriaLabel={regionLabel}
      icons={icons}
      toastOptions={{ unstyled: true, closeButtonAriaLabel: closeLabel, classNames: toastLooks }}
      {...props}
    />
  )
}
