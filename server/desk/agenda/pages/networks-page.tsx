/** @jsxImportSource hono/jsx */
import { agendaCopy } from '../agenda-copy.ts'
import { deskPaths } from '../../desk-paths.ts'
import { DeskDocument, Notice } from '../../layout/desk-document.tsx'
import { DeskTable, type DeskColumn } from '../../layout/desk-table.tsx'
import type { NoticeMessage } from '../../layout/notices.ts'
import { formatDateTimeIn } from '../company-clock.ts'
import { PanelForm, RowAction } from '../../forms/panel-form.tsx'
import type { NetworkActivity, NetworkOverview } from '../networks.ts'
import { AgendaTabs } from './agenda-tabs.tsx'

const copy = agendaCopy.networks
const columns = copy.columns

export interface NetworksPageProps {
  overview: NetworkOverview
  zone: string
  csrfToken: string
  notice?: NoticeMessage
}

/** One network's bookings, and the button that blocks it (with its holds freed). */
const activityColumns = (zone: string, csrfToken: string): DeskColumn<NetworkActivity>[] => [
  { heading: columns.network, class: 'email', cell: (row) => row.network },
  { heading: columns.booked, cell: (row) => row.booked },
  { heading: columns.addresses, cell: (row) => row.addresses },
  { heading: columns.waiting, cell: (row) => row.waiting },
  { heading: columns.unconfirmed, cell: (row) => row.unconfirmed },
  { heading: columns.confirmed, cell: (row) => row.confirmed },
  { heading: columns.last, class: 'date', cell: (row) => formatDateTimeIn(row.lastAt, zone) },
  {
    heading: columns.action,
    cell: (row) =>
      row.blocked ? (
        <span class="badge badge-booking-cancelled">{copy.blockedBadge}</span>
      ) : (
        <RowAction
          action={deskPaths.networkBlock}
          csrfToken={csrfToken}
          fields={{ rede: row.network, liberar: '1' }}
          text={copy.block}
          tone="danger"
          label={copy.blockLabel(row.network)}
        />
      ),
  },
]

const Activity = ({ overview, zone, csrfToken }: Omit<NetworksPageProps, 'notice'>) => {
  const { activity } = overview
  const booked = activity.reduce((sum, row) => sum + row.booked, 0)
  const unconfirmed = activity.reduce((sum, row) => sum + row.unconfirmed, 0)
  return (
    <section class="panel" aria-labelledby="atividade">
      <h2 id="atividade">{copy.activityHeading}</h2>
      {activity.length === 0 ? (
        <p>{copy.none}</p>
      ) : (
        <>
          <p>{copy.summary(booked, activity.length, unconfirmed)}</p>
          <p class="hint">{copy.rowHint}</p>
          <DeskTable
            name={{ labelledBy: 'atividade' }}
            columns={activityColumns(zone, csrfToken)}
            rows={activity}
          />
        </>
      )}
      {overview.unknown > 0 && <p class="hint">{copy.unknown(overview.unknown)}</p>}
    </section>
  )
}

const Blocked = ({ overview, zone, csrfToken }: Omit<NetworksPageProps, 'notice'>) => (
  <section class="panel" aria-labelledby="bloqueadas">
    <h2 id="bloqueadas">{copy.blockedHeading}</h2>
    {overview.blocked.length === 0 ? (
      <p>{copy.noneBlocked}</p>
    ) : (
      <ul class="rows">
        {overview.blocked.map((blocked) => (
          <li>
            <span>
              {copy.blockedLine(
                blocked.network,
                formatDateTimeIn(blocked.blockedAt, zone),
                blocked.blockedUntil === null ? null : formatDateTimeIn(blocked.blockedUntil, zone),
              )}
              {blocked.reason !== null && <span class="hint"> ({blocked.reason})</span>}
            </span>
            <RowAction
              action={deskPaths.networkUnblock}
              csrfToken={csrfToken}
              fields={{ rede: blocked.network }}
              text={copy.unblock}
              tone="secondary"
              label={copy.unblockLabel(blocked.network)}
            />
          </li>
        ))}
      </ul>
    )}
  </section>
)

const BlockForm = ({ csrfToken }: { csrfToken: string }) => (
  <PanelForm
    action={deskPaths.networkBlock}
    heading={copy.addHeading}
    submit={copy.block}
    csrfToken={csrfToken}
    tone="danger"
  >
    <label for="rede">{copy.addLabel}</label>
    <input
      id="rede"
      type="text"
      name="rede"
      required
      maxlength={50}
      spellcheck={false}
      autocomplete="off"
      aria-describedby="rede-dica"
    />
    <p id="rede-dica" class="hint">
      {copy.addHint}
    </p>
    <label for="motivo">{copy.reason}</label>
    <input id="motivo" type="text" name="motivo" maxlength={200} aria-describedby="motivo-dica" />
    <p id="motivo-dica" class="hint">
      {copy.reasonHint}
    </p>
    <label class="check">
      <input type="checkbox" name="liberar" value="1" />
      <span>{copy.releaseToo}</span>
    </label>
  </PanelForm>
)

/**
 * Where the last day's bookings came from, network by network, and the networks blocked: an
 * attack shows as many bookings from one network that nobody confirms; one button stops it.
 */
export const NetworksPage = ({ overview, zone, csrfToken, notice }: NetworksPageProps) => (
  <DeskDocument title={copy.title} csrfToken={csrfToken}>
    <h1>{copy.title}</h1>
    {notice && <Notice tone={notice.tone} text={notice.text} />}
    <p class="hint">{copy.intro}</p>
    <AgendaTabs />
    <Activity overview={overview} zone={zone} csrfToken={csrfToken} />
    <Blocked overview={overview} zone={zone} csrfToken={csrfToken} />
    <BlockForm csrfToken={csrfToken} />
  </DeskDocument>
)
