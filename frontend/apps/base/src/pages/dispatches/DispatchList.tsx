// The SMS or mail lists of message-server, newest first: the queue in every state
// (GET /saas/msg/{smsQueue,mailQueue}/list) with sending a failed or refused one again
// (PUT .../resend, the tenant's staff only), and the messages sent (GET /saas/msg/{sms,mail}/list).
import { useCallback, useState } from 'react';
import { Button } from '@mui/material';
import { api, Clip, DataTable, dateTime, endpointOf, ListPage, NOTIFY_TYPE, PERM, SelectFilter, TextFilter, useEnumLabel, useFilters, useHolds, useIsTenantStaff, type Column, type Page } from '@tradewind/shared';
import { FormattedMessage } from 'react-intl';
import { DISPATCH_STATE } from '../../enums';
import type { Channel, DispatchRow, View } from './types';

interface ChannelSpec {
  list: string;
  sent: string;
  /** The resend's permission code (its endpoint with `:PUT`). */
  resend: string;
  title: string;
  sentTitle: string;
  /** The query parameter of the address prefix and its label. */
  addressParam: 'mobile' | 'email';
  testId: string;
}

const CHANNELS: Record<Channel, ChannelSpec> = {
  sms: {
    list: '/saas/msg/smsQueue/list',
    sent: '/saas/msg/sms/list',
    resend: PERM.sms.resend,
    title: 'base.dispatches.smsTitle',
    sentTitle: 'base.dispatches.smsSentTitle',
    addressParam: 'mobile',
    testId: 'base-sms-table',
  },
  mail: {
    list: '/saas/msg/mailQueue/list',
    sent: '/saas/msg/mail/list',
    resend: PERM.mail.resend,
    title: 'base.dispatches.mailTitle',
    sentTitle: 'base.dispatches.mailSentTitle',
    addressParam: 'email',
    testId: 'base-mail-table',
  },
};

/** Failed (3) and refused (4) messages can be queued again. */
export const RESENDABLE = [3, 4];

const EMPTY = { address: '', state: '' };
const F = 'base.dispatches.fields';

export function DispatchList({ channel, view = 'queue' }: { channel: Channel; view?: View }) {
  const label = useEnumLabel();
  const spec = CHANNELS[channel];
  const staff = useIsTenantStaff();
  const holdsResend = useHolds(spec.resend);
  const queue = view === 'queue';
  const canResend = queue && staff && holdsResend;
  const [busy, setBusy] = useState<number | null>(null);
  const f = useFilters(EMPTY);
  const { applied, refresh } = f;
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<DispatchRow>>('message-server', queue ? spec.list : spec.sent, {
        query: { page, resultNum: size, state: queue ? applied.state : undefined, [spec.addressParam]: applied.address.trim() },
      }),
    [applied, spec, queue],
  );
  const resend = async (id: number) => {
    setBusy(id);
    try {
      await api.put<boolean>('message-server', endpointOf(spec.resend), { id });
      refresh();
    } catch {
      // The API client has told the user (403, 412 not-resendable ...).
    } finally {
      setBusy(null);
    }
  };
  const columns: Column<DispatchRow>[] = [
    { key: 'id', title: `${F}.id`, width: 90 },
    { key: 'address', title: `${F}.${spec.addressParam}` },
    ...(channel === 'mail' ? [{ key: 'subject', title: `${F}.subject`, render: (r: DispatchRow) => <Clip text={r.subject} width={200} /> }] : []),
    { key: 'content', title: `${F}.content`, render: (r) => <Clip text={r.content} /> },
    { key: 'notifyType', title: `${F}.notifyType`, render: (r) => label(NOTIFY_TYPE, r.notifyType) },
    { key: 'refId', title: `${F}.refId`, render: (r) => r.refId || '--' },
    ...(channel === 'sms' ? [{ key: 'parts', title: `${F}.parts`, render: (r: DispatchRow) => `${r.partsSent}/${r.parts}` }] : []),
    { key: 'state', title: `${F}.state`, render: (r) => label(DISPATCH_STATE, r.state) },
    { key: 'attempts', title: `${F}.attempts` },
    { key: 'lastError', title: `${F}.lastError`, render: (r) => <Clip text={r.lastError} width={200} /> },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => dateTime(r.createDate) },
    { key: 'sendDate', title: `${F}.sendDate`, render: (r) => dateTime(r.sendDate) },
  ];
  if (canResend) {
    columns.push({
      key: 'actions',
      title: 'base.common.actions',
      render: (r) =>
        RESENDABLE.includes(r.state) ? (
          <Button size="small" disabled={busy === r.id} onClick={() => void resend(r.id)} data-testid={`resend-${r.id}`}>
            <FormattedMessage id="base.dispatches.resend" />
          </Button>
        ) : null,
    });
  }
  return (
    <ListPage
      title={queue ? spec.title : spec.sentTitle}
      onInquire={f.inquire}
      onReset={f.reset}
      filters={
        <>
          <TextFilter label={`${F}.${spec.addressParam}`} value={f.draft.address} onChange={(v) => f.set('address', v)} testId="dispatches-address" />
          {queue && (
            <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={DISPATCH_STATE} testId="dispatches-state" />
          )}
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId={queue ? spec.testId : `${spec.testId}-sent`} />
    </ListPage>
  );
}
