// ticket-app's calls to its channels, newest first (GET /saas/ticket/log/interfaceLog/list): by
// configuration, action, outcome and day range; the outcome as a coloured chip; "Details" shows
// the request and the answer (pretty-printed when JSON).
import { useCallback, useState } from 'react';
import { Box, Chip, Dialog, DialogContent, DialogTitle, Typography } from '@mui/material';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  api,
  DataTable,
  DateFilter,
  dateTime,
  endpointOf,
  ListPage,
  PERM,
  RowAction,
  SelectFilter,
  useEnumLabel,
  useFilters,
  useMerchantOptions,
  type Column,
  type Page,
} from '@tradewind/shared';
import { INTERFACE_ACTION, INTERFACE_OUTCOME } from '../../enums';
import { channelConfigName, useTicketChannelConfigs, type InterfaceLogRow } from '../channels/channels';

const F = 'ticket.interfaceLogs.fields';
const DAY_MS = 86_400_000;

export interface LogFilters {
  configId: string;
  action: string;
  outcome: string;
  startDate: string;
  endDate: string;
}

export const NO_FILTERS: LogFilters = { configId: '', action: '', outcome: '', startDate: '', endDate: '' };

/** The start of a local day (`YYYY-MM-DD`) in ms, undefined for none. */
function dayStart(d: string): number | undefined {
  return d ? new Date(`${d}T00:00:00`).getTime() : undefined;
}

/** The list's query: the days as from the first's start to the last's end (ms), inclusive. */
export function logQuery(f: LogFilters, page: number, resultNum: number) {
  const end = dayStart(f.endDate);
  return {
    configId: f.configId,
    action: f.action,
    outcome: f.outcome,
    startTime: dayStart(f.startDate),
    endTime: end === undefined ? undefined : end + DAY_MS - 1,
    page,
    resultNum,
  };
}

const OUTCOME_COLOUR: Record<number, 'success' | 'warning' | 'error'> = { 1: 'success', 2: 'warning', 3: 'error' };

/** A body as sent or answered: pretty-printed when it is JSON, as it is otherwise. */
export function pretty(text: string): string {
  if (!text.trim()) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export default function InterfaceLogList() {
  const intl = useIntl();
  const label = useEnumLabel();
  const f = useFilters(NO_FILTERS);
  const { applied } = f;
  const { configs } = useTicketChannelConfigs();
  const distributors = useMerchantOptions('distributor');
  const [viewing, setViewing] = useState<InterfaceLogRow | null>(null);
  const merchantOf = (mchId: number) => distributors.find((d) => d.value === String(mchId))?.text ?? `#${mchId}`;
  const configOptions = configs.map((c) => ({ value: String(c.id), text: `${c.title} · ${c.configName} · ${merchantOf(c.mchId)}` }));
  const configText = (r: InterfaceLogRow) => channelConfigName(configs, r.configId) ?? `${r.interfaceName} · #${r.configId}`;
  const load = useCallback(
    (page: number, size: number) => api.get<Page<InterfaceLogRow>>('ticket-app', endpointOf(PERM.ticketInterfaceLog.list), { query: logQuery(applied, page, size) }),
    [applied],
  );
  const columns: Column<InterfaceLogRow>[] = [
    { key: 'createdAt', title: `${F}.createdAt`, render: (r) => dateTime(r.createdAt) },
    { key: 'config', title: `${F}.config`, render: configText },
    { key: 'action', title: `${F}.action`, render: (r) => label(INTERFACE_ACTION, r.action) },
    { key: 'url', title: `${F}.url`, render: (r) => <Box component="code" sx={{ fontSize: 12 }}>{`${r.method} ${r.url}`}</Box> },
    { key: 'status', title: `${F}.status`, render: (r) => (r.status === 0 ? '--' : r.status) },
    { key: 'tookMs', title: `${F}.tookMs`, render: (r) => intl.formatMessage({ id: 'ticket.interfaceLogs.ms' }, { ms: r.tookMs }) },
    {
      key: 'outcome',
      title: `${F}.outcome`,
      render: (r) => <Chip size="small" color={OUTCOME_COLOUR[r.outcome] ?? 'default'} label={label(INTERFACE_OUTCOME, r.outcome)} data-testid={`interface-log-outcome-${r.id}`} />,
    },
    { key: 'reason', title: `${F}.reason`, render: (r) => r.reason || '--' },
    { key: 'actions', title: `${F}.actions`, render: (r) => <RowAction label="ticket.interfaceLogs.view" onClick={() => setViewing(r)} testId={`interface-log-view-${r.id}`} /> },
  ];
  return (
    <ListPage
      title="ticket.interfaceLogs.title"
      onInquire={f.inquire}
      onReset={f.reset}
      filters={
        <>
          <SelectFilter label={`${F}.config`} value={f.draft.configId} onChange={(v) => f.set('configId', v)} options={configOptions} width={220} testId="interface-log-config" />
          <SelectFilter label={`${F}.action`} value={f.draft.action} onChange={(v) => f.set('action', v)} enumeration={INTERFACE_ACTION} testId="interface-log-action" />
          <SelectFilter label={`${F}.outcome`} value={f.draft.outcome} onChange={(v) => f.set('outcome', v)} enumeration={INTERFACE_OUTCOME} testId="interface-log-outcome" />
          <DateFilter label={`${F}.startDate`} value={f.draft.startDate} onChange={(v) => f.set('startDate', v)} testId="interface-log-start" width={150} />
          <DateFilter label={`${F}.endDate`} value={f.draft.endDate} onChange={(v) => f.set('endDate', v)} testId="interface-log-end" width={150} />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="interface-logs-table" />
      <Dialog open={viewing !== null} onClose={() => setViewing(null)} maxWidth="md" fullWidth data-testid="interface-log-detail">
        <DialogTitle>{viewing && `${viewing.method} ${viewing.url}`}</DialogTitle>
        <DialogContent>
          {viewing && (
            <>
              {viewing.reason && (
                <Typography color="error" variant="body2" sx={{ mb: 1 }}>
                  {viewing.reason}
                </Typography>
              )}
              <Body title="ticket.interfaceLogs.request" text={viewing.request} testId="interface-log-request" />
              <Body title="ticket.interfaceLogs.answer" text={viewing.answer} testId="interface-log-answer" />
            </>
          )}
        </DialogContent>
      </Dialog>
    </ListPage>
  );
}

function Body({ title, text, testId }: { title: string; text: string; testId: string }) {
  const shown = pretty(text);
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        <FormattedMessage id={title} />
      </Typography>
      <Box component="pre" data-testid={testId} sx={{ m: 0, p: 1.5, bgcolor: 'grey.100', borderRadius: 1, fontSize: 12, maxHeight: 320, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {shown || <FormattedMessage id="ticket.interfaceLogs.noBody" />}
      </Box>
    </Box>
  );
}
