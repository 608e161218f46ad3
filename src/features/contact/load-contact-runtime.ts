export type ContactRuntime = typeof import('./contact-runtime.tsx')

let pending: Promise<ContactRuntime> | undefined

/** Starts (once) the download of the form's behaviour; later calls share the same promise. */
export function loadContactRuntime(): Promise<ContactRuntime> {
  pending ??= import('./contact-runtime.tsx').catch((error: unknown) => {
    pending = undefined // a failed chunk download may succeed on the next attempt
    throw error
  })
  return pending
}
