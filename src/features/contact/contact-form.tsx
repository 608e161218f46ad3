import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
import { Button } from '../../components/ui/button.tsx'
import { Input } from '../../components/ui/input.tsx'
import { Label } from '../../components/ui/label.tsx'
import { Textarea } from '../../components/ui/textarea.tsx'
import { contactForm, contactToasts } from '../../content/contact.ts'
import { contactFieldErrors } from '../../content/contact-errors.ts'
// The same rules and limits as the database CHECKs. maxLength counts UTF-16 units, not code points, so
// the form is at most stricter than the table (astral characters count twice), never looser.
import {
  CONTACT_LIMITS,
  checkContactField,
} from '../../../supabase/functions/_shared/contact-message.ts'
import { loadContactRuntime, type ContactRuntime } from './load-contact-runtime.ts'
import type { ContactFormValues } from './send-contact-message.ts'

const emptyValues: ContactFormValues = { name: '', email: '', company: '', message: '' }
const { fields, trap } = contactForm
const fieldNames = Object.keys(emptyValues) as (keyof ContactFormValues)[]

/** What the visitor typed into the prerendered fields before React took over the page. */
function readTypedValues(form: HTMLFormElement): ContactFormValues | undefined {
  const typed = { ...emptyValues }
  for (const name of fieldNames) typed[name] = fieldElement(form, name)?.value ?? ''
  return fieldNames.some((name) => typed[name] !== '') ? typed : undefined
}

function fieldElement(form: HTMLFormElement, name: string) {
  const element = form.elements.namedItem(name)
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
    ? element
    : undefined
}

/**
 * The database's rules, said by the browser before anything is sent and in the database's
 * words: a name of only spaces or an address that cannot go into a mail header is stopped
 * here, in Portuguese, instead of coming back as an error toast.
 */
function explainInvalidFields(form: HTMLFormElement, values: ContactFormValues): void {
  for (const name of fieldNames) {
    const problem = checkContactField(name, values[name])
    fieldElement(form, name)?.setCustomValidity(problem ? contactFieldErrors[name][problem] : '')
  }
}

/** Resolves once the browser has painted what React has just rendered. */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)))
}

/** Runs `task` once the main thread is idle (Safari has no requestIdleCallback); cancellable. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 1_000 })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(task, 200)
  return () => clearTimeout(id)
}

export function ContactForm() {
  const [values, setValues] = useState(emptyValues)
  const [submitting, setSubmitting] = useState(false)
  const [runtime, setRuntime] = useState<ContactRuntime | null>(null)
  // Without its chunk (the visitor went offline after the page loaded) there is no toast to
  // show, so the failure is said in the form itself; the typed values stay.
  const [runtimeFailed, setRuntimeFailed] = useState(false)
  // The form is prerendered and hydrated only once the visitor starts using it, so they have
  // usually typed already: React would overwrite those fields with the empty state, so the
  // state takes them over first. Until then the button stays disabled, since a native submit
  // would reload the page and lose the message.
  const [hydrated, setHydrated] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)

  const prepare = () => loadContactRuntime().then((loaded) => (setRuntime(() => loaded), loaded))
  useEffect(() => {
    const typed = formRef.current && readTypedValues(formRef.current)
    if (typed) setValues(typed)
    setHydrated(true)
    // The toast live region must be in the page before a toast is added, or screen readers
    // miss it; the form only mounts once it is in use, so its runtime (and <Toaster/>) loads
    // now, as soon as the browser is idle: the visitor is typing, and keys come first.
    return whenIdle(() =>
      loadContactRuntime().then(
        (loaded) => setRuntime(() => loaded),
        () => undefined, // offline: the submit retries, and says so if it fails again
      ),
    )
  }, [])

  useEffect(() => {
    if (formRef.current) explainInvalidFields(formRef.current, values)
  }, [values])

  // The same element on every render, so React skips the toaster on each keystroke and on submit.
  const toaster = useMemo(() => (runtime ? <runtime.ContactToaster /> : null), [runtime])

  const change = (name: keyof ContactFormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }))

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setSubmitting(true)
    setRuntimeFailed(false)
    try {
      // 'Enviando...' reaches the screen first; building and sending the request comes after.
      await afterNextPaint()
      const loaded = await prepare()
      flushSync(() => setRuntime(() => loaded))
      const result = await loaded.sendContactMessage(values, {
        trap: (formRef.current && fieldElement(formRef.current, trap.name)?.value) ?? '',
        // Since the page started loading: a person reads, scrolls and types for longer than
        // the database's minimum (FORM_MIN_FILL_MS); a script posting on load does not.
        elapsedMs: performance.now(),
      })
      if (result.ok) {
        setValues(emptyValues)
        loaded.notifySent()
      } else {
        loaded.notifyFailed(result.description)
      }
    } catch (error) {
      console.error('contact form could not load', error)
      setRuntimeFailed(true)
    } finally {
      setSubmitting(false)
    }
  }

  const field = (name: keyof ContactFormValues, required: boolean, type = 'text') => {
    const props = {
      id: `contact-${name}`,
      name,
      required,
      maxLength: CONTACT_LIMITS[name],
      placeholder: fields[name].placeholder,
      value: values[name],
      onChange: change(name),
    }
    return (
      <div className="flex flex-col gap-2">
        <Label htmlFor={props.id}>{fields[name].label}</Label>
        {name === 'message' ? (
          <Textarea rows={fields.message.rows} {...props} />
        ) : (
          <Input type={type} autoComplete={fields[name].autoComplete} {...props} />
        )}
      </div>
    )
  }

  return (
    <>
      <form ref={formRef} onSubmit={submit}>
        <fieldset disabled={submitting} className="m-0 flex min-w-0 flex-col gap-5 border-0 p-0">
          <div className="grid gap-5 sm:grid-cols-2">
            {field('name', true)}
            {field('email', true, 'email')}
          </div>
          {field('company', false)}
          {field('message', true)}
          {/* Not display-only: `hidden` keeps it out of the tab order, autofill and the
              accessibility tree, and uncontrolled so React never writes to it. */}
          <div hidden>
            <label htmlFor="contact-trap">{trap.label}</label>
            <input
              id="contact-trap"
              name={trap.name}
              type="text"
              tabIndex={-1}
              autoComplete="off"
            />
          </div>
          <Button type="submit" size="lg" className="w-full" disabled={!hydrated}>
            {submitting ? contactForm.submitting : contactForm.submit}
          </Button>
          <p className="text-center text-sm text-slate-600">
            {contactForm.privacy.before}
            <a
              href={contactForm.privacy.href}
              target="_blank"
              className="font-medium text-brand-700 underline"
            >
              {contactForm.privacy.link}
              {contactForm.privacy.newTab}
            </a>
            {contactForm.privacy.after}
          </p>
          <noscript>
            <p className="text-sm text-slate-700">{contactForm.noScript}</p>
          </noscript>
          {runtimeFailed ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {contactToasts.error.title} {contactToasts.error.unexpected}
            </p>
          ) : null}
        </fieldset>
      </form>
      {/* Outside the form: sonner's buttons must never submit it. */}
      {toaster}
    </>
  )
}
