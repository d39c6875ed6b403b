// Snap-up sessions (`product/online-snapup`), latest start first: mall-app GET
// /saas/mall/snapups/list narrowed by product name and phase. The tenant's staff create
// sessions, change them before their start and stop them (after a question); the stock left is
// what the database holds at each load.
import { useCallback, useState } from 'react';
import { Chip, LinearProgress, Stack, Typography } from '@mui/material';
import {
  AddButton,
  api,
  DataTable,
  dateTime,
  ListPage,
  money,
  PERM,
  RowAction,
  RowActions,
  SelectFilter,
  TextFilter,
  useConfirm,
  useEnumLabel,
  useFilters,
  useHolds,
  type Column,
  type Page,
} from '@tradewind/shared';
import { useIntl } from 'react-intl';
import { SESSION_PHASE } from '../../enums';
import type { SessionRow } from '../../types';
import { SessionDialog } from './SessionDialog';
import { useLimitText } from './useLimitText';

const EMPTY = { productName: '', phase: '' };
const F = 'mall.sessions.fields';
const PHASE_COLOR: Record<number, 'default' | 'success' | 'warning' | 'error' | 'info'> = { 0: 'info', 1: 'success', 2: 'default', 3: 'warning', 4: 'error' };
const FILTER_PHASES = { ...SESSION_PHASE, values: [0, 1, 2, 3] };

/** A session's phase as a coloured chip. */
export function PhaseChip({ phase }: { phase: number }) {
  const label = useEnumLabel();
  return <Chip size="small" color={PHASE_COLOR[phase] ?? 'default'} label={label(SESSION_PHASE, phase)} data-testid={`phase-${phase}`} />;
}

export default function OnlineSnapup() {
  const intl = useIntl();
  const f = useFilters(EMPTY);
  const { applied } = f;
  const mayAdd = useHolds(PERM.snapup.save);
  const mayEdit = useHolds(PERM.snapup.update);
  const mayStop = useHolds(PERM.snapup.stop);
  const confirm = useConfirm();
  const [editing, setEditing] = useState<SessionRow | 'new' | null>(null);
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<SessionRow>>('mall-app', '/saas/mall/snapups/list', {
        query: { page, resultNum: size, productName: applied.productName.trim(), phase: applied.phase },
      }),
    [applied],
  );
  const limitOf = useLimitText();
  const columns: Column<SessionRow>[] = [
    { key: 'id', title: `${F}.id`, width: 90, render: (r) => <Typography variant="caption">{r.id}</Typography> },
    { key: 'productName', title: `${F}.productName` },
    {
      key: 'snapupPrice',
      title: `${F}.snapupPrice`,
      render: (r) => (
        <>
          {money(r.snapupPrice)}
          <Typography variant="caption" color="text.secondary" component="div" sx={{ textDecoration: 'line-through' }}>
            {money(r.price)}
          </Typography>
        </>
      ),
    },
    {
      key: 'stockLeft',
      title: `${F}.stockLeft`,
      width: 120,
      render: (r) => (
        <Stack spacing={0.5}>
          <span data-testid={`session-left-${r.id}`}>
            {r.stockLeft} / {r.stock}
          </span>
          <LinearProgress variant="determinate" value={r.stock ? (100 * (r.stock - r.stockLeft)) / r.stock : 0} />
        </Stack>
      ),
    },
    { key: 'startTime', title: `${F}.startTime`, render: (r) => dateTime(r.startTime) },
    { key: 'endTime', title: `${F}.endTime`, render: (r) => dateTime(r.endTime) },
    { key: 'limit', title: `${F}.limit`, render: limitOf },
    { key: 'phase', title: `${F}.phase`, width: 90, render: (r) => <PhaseChip phase={r.phase} /> },
    ...(mayEdit || mayStop
      ? [
          {
            key: 'actions',
            title: 'mall.actions',
            render: (r: SessionRow) => (
              <RowActions>
                {mayEdit && r.phase === 0 && <RowAction label="mall.edit" onClick={() => setEditing(r)} testId={`session-edit-${r.id}`} />}
                {mayStop && (r.phase === 0 || r.phase === 1 || r.phase === 4) && (
                  <RowAction
                    label="mall.sessions.stop"
                    color="error"
                    testId={`session-stop-${r.id}`}
                    onClick={() =>
                      confirm.ask(intl.formatMessage({ id: 'mall.sessions.stopQuestion' }, { name: r.productName }), () =>
                        api.put('mall-app', '/saas/mall/snapups/stop', { id: r.id }).then(f.refresh),
                      )
                    }
                  />
                )}
              </RowActions>
            ),
          },
        ]
      : []),
  ];
  return (
    <ListPage
      title="mall.sessions.title"
      onInquire={f.inquire}
      onReset={f.reset}
      actions={mayAdd && <AddButton onClick={() => setEditing('new')} testId="session-add" label="mall.sessions.add" />}
      filters={
        <>
          <TextFilter label={`${F}.productName`} value={f.draft.productName} onChange={(v) => f.set('productName', v)} testId="sessions-name" />
          <SelectFilter label={`${F}.phase`} value={f.draft.phase} onChange={(v) => f.set('phase', v)} enumeration={FILTER_PHASES} testId="sessions-phase" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="mall-sessions-table" />
      <SessionDialog
        session={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          f.refresh();
        }}
      />
      {confirm.element}
    </ListPage>
  );
}
