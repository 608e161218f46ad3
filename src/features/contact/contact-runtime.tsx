import { toast } from 'sonner'
import { Toaster } from '../../components/ui/sonner.tsx'
import { contactToasts } from '../../content/contact.ts'

export { sendContactMessage } from './send-contact-message.ts'

/**
 * Everything the form needs only once the visitor starts using it: the backend clients, the
 * sending logic and the toasts. Loaded with a dynamic import so none of it delays first paint.
 */
export function ContactToaster() {
  return (
    <Toaster
      position="bottom-right"
      closeButton
      regionLabel={contactToasts.regionLabel}
      closeLabel={contactToasts.closeLabel}
    />
  )
}

export function notifySent(): void {
  toast.success(contactToasts.success.title, { description: contactToasts.success.description })
}

export function notifyFailed(description: string): void {
  toast.error(contactToasts.error.title, { description })
}
