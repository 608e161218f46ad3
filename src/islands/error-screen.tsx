import { useEffect, useId, useRef } from 'react'
import { NewTabLink } from '../components/new-tab-link.tsx'
import { Button } from '../components/ui/button.tsx'
import { Input } from '../components/ui/input.tsx'
import { Label } from '../components/ui/label.tsx'
import { Textarea } from '../components/ui/textarea.tsx'
import { errorScreen } from '../content/error-screen.ts'
import type { KeptField, KeptForm, NoteSegment } from './kept-form.ts'

interface ErrorScreenProps {
  detail: string
  /** What the visitor had typed into the island's form, if it had one. */
  kept?: KeptForm
  onRetry(): void
}

/**
 * What an island shows in its place when it fails in the browser: the spec's error screen,
 * then the visitor's own text, never lost. It sits in a plain HTML form that posts where the
 * island's form did (no script needed), beside a button that mounts the island again.
 */
export function ErrorScreen({ detail, kept, onRetry }: ErrorScreenProps) {
  const canSend = kept?.action != null
  const formRef = useRef<HTMLFormElement>(null)
  // A visitor typing when the island failed keeps typing in the same field: its markup was
  // just replaced, and focus would otherwise fall back to the page.
  const focused = kept?.focused
  useEffect(() => {
    if (focused === undefined) return
    const field = formRef.current?.elements.namedItem(focused)
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
      field.focus()
      const end = field.value.length
      try {
        field.setSelectionRange(end, end)
      } catch {
        // type="email" has no selection to set: the caret stays where focus put it.
      }
    }
  }, [focused])
  const retry = (
    <Button variant="outline" onClick={onRetry}>
      {errorScreen.retry}
    </Button>
  )
  return (
    <div className="flex flex-col gap-5">
      <div
        role="alert"
        className="flex flex-col gap-3 rounded-xl border border-danger-line bg-danger-soft p-6 text-center"
      >
        <p lang={errorScreen.lang} className="text-xl font-heading text-ink">
          {errorScreen.title}
        </p>
        <p className="font-mono text-base break-words text-ink-muted">{detail}</p>
        {kept ? (
          <p className="text-sm text-ink-muted">
            {canSend ? errorScreen.kept : errorScreen.keptToCopy}
          </p>
        ) : null}
      </div>
      {kept ? (
        <form
          ref={formRef}
          method={kept.method}
          action={kept.action ?? undefined}
          className="flex flex-col gap-5"
        >
          {kept.fields.map((field) => (
            <KeptFieldInput key={field.name} field={field} />
          ))}
          <div className="flex flex-col gap-3 sm:flex-row-reverse sm:justify-start">
            {canSend ? <Button type="submit">{errorScreen.send}</Button> : null}
            {retry}
          </div>
          {canSend ? kept.notes.map((note, i) => <Note key={i} segments={note} />) : null}
        </form>
      ) : (
        retry
      )}
    </div>
  )
}

/** One kept field, filled in, under its label: the visitor can read, copy or change it. */
function KeptFieldInput({ field }: { field: KeptField }) {
  const id = useId()
  const common = {
    id,
    name: field.name,
    required: field.required,
    maxLength: field.maxLength,
    autoComplete: field.autoComplete,
  }
  if (field.kind === 'hidden') return <input type="hidden" name={field.name} value={field.value} />
  if (field.kind === 'checkbox') {
    return (
      <div className="flex items-center gap-2">
        <input type="checkbox" value={field.value} defaultChecked={field.checked} {...common} />
        <Label htmlFor={id}>{field.label}</Label>
      </div>
    )
  }
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{field.label}</Label>
      {field.kind === 'multiline' ? (
        <Textarea rows={field.rows} defaultValue={field.value} {...common} />
      ) : (
        <Input type={field.type} defaultValue={field.value} {...common} />
      )}
    </div>
  )
}

/** One of the form's notes, such as what sending agrees to, with its links. */
function Note({ segments }: { segments: NoteSegment[] }) {
  const linkLook = 'font-medium text-accent-ink underline'
  return (
    <p className="text-center text-sm text-ink-muted">
      {segments.map(({ text, href, newTab, hiddenText }, i) =>
        href === undefined ? (
          text
        ) : newTab ? (
          <NewTabLink
            key={i}
            href={href}
            hint={hiddenText ?? ''}
            className={`inline-block ${linkLook}`}
          >
            {text}
          </NewTabLink>
        ) : (
          <a key={i} href={href} className={linkLook}>
            {text}
            {hiddenText === undefined ? null : <span className="sr-only">{hiddenText}</span>}
          </a>
        ),
      )}
    </p>
  )
}
