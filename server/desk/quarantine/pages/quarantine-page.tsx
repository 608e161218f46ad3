/** @jsxImportSource hono/jsx */
import { layoutCopy } from '../../layout/layout-copy.ts'
import { quarantineCopy } from '../quarantine-copy.ts'
import { deskPaths } from '../../desk-paths.ts'
import { DeskDocument, Notice } from '../../layout/desk-document.tsx'
import type { NoticeMessage } from '../../layout/notices.ts'
import { Pager } from '../../layout/pager.tsx'
import { ConfirmCheck, PanelForm } from '../../forms/panel-form.tsx'
import type { QuarantinePage as QuarantineList } from '../quarantine-store.ts'
import { QuarantineEntry } from './quarantine-entry.tsx'

const copy = quarantineCopy

/** Deleting every entry asks for an explicit confirmation: it cannot be undone. */
const EmptyQuarantineForm = ({ csrfToken }: { csrfToken: string }) => (
  <PanelForm
    action={deskPaths.quarantineEmpty}
    heading={copy.emptyHeading}
    submit={copy.emptySubmit}
    csrfToken={csrfToken}
    tone="danger"
  >
    <p class="hint">{copy.emptyHint}</p>
    <ConfirmCheck text={copy.emptyConfirm} />
  </PanelForm>
)

export interface QuarantinePageProps {
  list: QuarantineList
  csrfToken: string
  notice?: NoticeMessage
}

export const QuarantinePage = ({ list, csrfToken, notice }: QuarantinePageProps) => (
  <DeskDocument title={layoutCopy.pageTitle(copy.title, list.page)} csrfToken={csrfToken}>
    <h1>{copy.title}</h1>
    {notice && <Notice tone={notice.tone} text={notice.text} />}
    <p>{copy.intro(list.days)}</p>
    {list.total >= list.capacity && <Notice tone="error" text={copy.full(list.capacity)} />}
    <div class="summary">
      <p>{copy.total(list.total)}</p>
    </div>
    {list.entries.length === 0 ? (
      <p class="panel">{copy.empty}</p>
    ) : (
      list.entries.map((entry) => <QuarantineEntry entry={entry} csrfToken={csrfToken} />)
    )}
    <Pager page={list.page} pages={list.pages} href={deskPaths.quarantinePage} label={copy.pager} />
    {list.total > 0 && <EmptyQuarantineForm csrfToken={csrfToken} />}
  </DeskDocument>
)
