import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
import { Button } from '../../components/ui/button.tsx'
import { NewTabLink } from '../../components/new-tab-link.tsx'
import { Input } from '../../components/ui/input.tsx'
import { Label } from '../../components/ui/label.tsx'
import { Textarea } from '../../components/ui/textarea.tsx'
import { contactForm } from '../../content/contact.ts'
import { contactFieldErrors } from '../../content/contact-errors.ts'
import { CONTACT_FORM_FIELDS } from '#shared/contact/contact-form-fields.ts'
// The same rules and limits as the database CHECKs. maxLength counts UTF-16 units, not code points, so
// the form is at most stricter than the table (astral characters count twice), never looser.
import { CONTACT_LIMITS, checkContactField } from '#shared/contact/contact-message.ts'
import { contactFormAction } from './form-action.ts'
import { ATTRIBUTION_FIELDS } from '#shared/contact/attribution.ts'
import { loadContactRuntime, type ContactRuntime } from './load-contact-runtime.ts'
import type { ContactFormValues } from './send-contact-message.ts'

const emptyValues: ContactFormValues = { name: '', email: '', company: '', message: '' }
const { fields, trap, fallback, noScript } = contactForm

/**
 * Where the browser posts the form when it sends it itself: before this code has loaded, with
 * no script at all, or when the code could not load. Decided by the build (the embedded
 * server's /contato, or the project's submit-contact-form function), the same in the
 * prerendered page and here.
 */
const formAction = contactFormAction(import.meta.env.VITE_SUPABASE_URL)
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

/**
 * `initialValues`: what the Node server's page shows again when the database refused a form
 * sent without script (rendered at build time with placeholders the server fills in). In
 * the browser the form is hydrated without it and takes the values over from the fields.
 */
export function ContactForm({
  initialValues = emptyValues,
}: {
  initialValues?: ContactFormValues
}) {
  const [values, setValues] = useState(initialValues)
  const [submitting, setSubmitting] = useState(false)
  const [runtime, setRuntime] = useState<ContactRuntime | null>(null)
  // Without its chunk (the visitor went offline after the page loaded, a blocker) there is no
  // toast to show: the form says so, keeps the values, and the next submit is the browser's
  // own, which needs none of this code.
  const [runtimeFailed, setRuntimeFailed] = useState(false)
  const postNatively = useRef(false)
  const formRef = useRef<HTMLFormElement>(null)

  const prepare = () => loadContactRuntime().then((loaded) => (setRuntime(() => loaded), loaded))
  useEffect(() => {
    // The form is prerendered and hydrated only once the visitor starts using it, so they
    // have usually typed already: the state takes those values over, or React would write
    // the empty state into the fields.
    const typed = formRef.current && readTypedValues(formRef.current)
    if (typed) setValues(typed)
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
    if (postNatively.current) return // the browser posts the form to formAction
    event.preventDefault()
    setSubmitting(true)
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
      postNatively.current = true
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
      <form ref={formRef} method="post" action={formAction} acceptCharset="UTF-8" onSubmit={submit}>
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
            {/* Filled in on submit by the page's script when the browser sends the form
                itself (src/page-scripts/native-form-post.ts); this code sends its own. */}
            <input type="hidden" name={CONTACT_FORM_FIELDS.elapsedMs} />
            {/* Where the visitor came from, filled in on submit the same way
                (src/features/attribution/carry-arrival.ts). */}
            {ATTRIBUTION_FIELDS.map((name) => (
              <input key={name} type="hidden" name={name} />
            ))}
          </div>
          {/* Ready from the first paint: before this code runs, the browser sends the form. */}
          <Button type="submit" size="lg" className="w-full">
            {submitting ? contactForm.submitting : contactForm.submit}
          </Button>
          <p className="text-center text-sm text-ink-muted">
            {contactForm.privacy.before}
            <NewTabLink
              href={contactForm.privacy.href}
              hint={contactForm.privacy.newTab}
              className="inline-block font-medium text-accent-ink underline"
            >
              {contactForm.privacy.link}
            </NewTabLink>
            {contactForm.privacy.after}
          </p>
          <noscript>
            <p className="text-sm text-ink-muted">
              {noScript.before}
              <a
                href={`mailto:${noScript.email}`}
                className="font-medium text-accent-ink underline"
              >
                {noScript.email}
              </a>
              {noScript.after}
            </p>
          </noscript>
          {runtimeFailed ? (
            <p role="alert" className="text-sm font-medium text-danger-ink">
              {fallback.notSentYet} {fallback.notice}
            </p>
          ) : null}
        </fieldset>
      </form>
      {/* Outside the form: sonner's buttons must never submit it. */}
      {toaster}
    </>
  )
}
