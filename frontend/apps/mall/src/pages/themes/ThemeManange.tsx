// Themes (`product/ThemeManange`), in their order: mall-app GET /saas/mall/themes/list narrowed
// by name, state and a day they show on. The tenant's staff add and change themes, set their
// products and order (dragging), and enable or disable them after a question; merchants' users
// see the enabled ones.
import { useCallback, useState } from 'react';
import { Avatar } from '@mui/material';
import {
  AddButton,
  api,
  DataTable,
  DateFilter,
  dateTime,
  ListPage,
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
import { THEME_STATE } from '../../enums';
import type { ThemeRow } from '../../types';
import { ThemeDialog } from './ThemeDialog';
import { ThemeProductsDialog } from './ThemeProductsDialog';

const EMPTY = { themeName: '', state: '', activeDay: '' };
const F = 'mall.themes.fields';

export default function ThemeManange() {
  const intl = useIntl();
  const label = useEnumLabel();
  const f = useFilters(EMPTY);
  const { applied } = f;
  const mayAdd = useHolds(PERM.mallTheme.save);
  const mayEdit = useHolds(PERM.mallTheme.update);
  const mayOrder = useHolds(PERM.mallTheme.products);
  const mayEnable = useHolds(PERM.mallTheme.enable);
  const mayDisable = useHolds(PERM.mallTheme.disable);
  const confirm = useConfirm();
  const [editing, setEditing] = useState<ThemeRow | 'new' | null>(null);
  const [ordering, setOrdering] = useState<ThemeRow | null>(null);
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<ThemeRow>>('mall-app', '/saas/mall/themes/list', {
        query: {
          page,
          resultNum: size,
          themeName: applied.themeName.trim(),
          state: applied.state,
          activeAt: applied.activeDay ? new Date(`${applied.activeDay}T12:00`).getTime() : undefined,
        },
      }),
    [applied],
  );
  const toggle = (row: ThemeRow) => {
    const action = row.state === 1 ? 'disable' : 'enable';
    confirm.ask(intl.formatMessage({ id: `mall.themes.${action}Question` }, { name: row.themeName }), () =>
      api.put('mall-app', `/saas/mall/themes/${action}`, { id: row.id }).then(f.refresh),
    );
  };
  const columns: Column<ThemeRow>[] = [
    { key: 'sortNum', title: `${F}.sortNum`, width: 70 },
    {
      key: 'cover',
      title: `${F}.cover`,
      width: 80,
      render: (r) => (
        <Avatar variant="rounded" src={r.cover} alt="" sx={{ width: 48, height: 32 }}>
          {r.themeName.slice(0, 1)}
        </Avatar>
      ),
    },
    { key: 'themeName', title: `${F}.themeName` },
    { key: 'startTime', title: `${F}.startTime`, render: (r) => dateTime(r.startTime) },
    { key: 'endTime', title: `${F}.endTime`, render: (r) => dateTime(r.endTime) },
    { key: 'state', title: `${F}.state`, width: 80, render: (r) => label(THEME_STATE, r.state) },
    { key: 'modifyDate', title: `${F}.modifyDate`, render: (r) => dateTime(r.modifyDate) },
    ...(mayEdit || mayOrder || mayEnable || mayDisable
      ? [
          {
            key: 'actions',
            title: 'mall.actions',
            render: (r: ThemeRow) => (
              <RowActions>
                {mayEdit && <RowAction label="mall.edit" onClick={() => setEditing(r)} testId={`theme-edit-${r.id}`} />}
                {mayOrder && <RowAction label="mall.themes.products" onClick={() => setOrdering(r)} testId={`theme-products-${r.id}`} />}
                {r.state === 1
                  ? mayDisable && <RowAction label="mall.themes.disable" color="warning" onClick={() => toggle(r)} testId={`theme-disable-${r.id}`} />
                  : mayEnable && <RowAction label="mall.themes.enable" onClick={() => toggle(r)} testId={`theme-enable-${r.id}`} />}
              </RowActions>
            ),
          },
        ]
      : []),
  ];
  return (
    <ListPage
      title="mall.themes.title"
      onInquire={f.inquire}
      onReset={f.reset}
      actions={mayAdd && <AddButton onClick={() => setEditing('new')} testId="theme-add" label="mall.themes.add" />}
      filters={
        <>
          <TextFilter label={`${F}.themeName`} value={f.draft.themeName} onChange={(v) => f.set('themeName', v)} testId="themes-name" />
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={THEME_STATE} testId="themes-state" />
          <DateFilter label="mall.themes.activeDay" value={f.draft.activeDay} onChange={(v) => f.set('activeDay', v)} testId="themes-active-day" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="mall-themes-table" />
      <ThemeDialog
        theme={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          f.refresh();
        }}
      />
      <ThemeProductsDialog theme={ordering} onClose={() => setOrdering(null)} />
      {confirm.element}
    </ListPage>
  );
}
