// Every tenant, for the platform's administrators (the service answers no one else):
// saas-main GET /saas/platform/saasInfo/list; creating and changing them in a dialog, stopping
// one after a question, topping its balance up, and giving one its administrator (auth-center),
// which a tenant just created is offered at once.
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  AddButton,
  api,
  DataTable,
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
import { SAAS_TYPE, TENANT_STATE } from '../../enums';
import { RechargeDialog } from '../boss/RechargeDialog';
import { AdminDialog, type AdminTenant } from './AdminDialog';
import { TenantDialog } from './TenantDialog';
import type { TenantRow } from './types';

const EMPTY = { saasName: '', state: '' };
const F = 'base.tenant.fields';
const P = '/saas/platform/saasInfo';
const STOPPED = 2;

export default function TenantList() {
  const intl = useIntl();
  const label = useEnumLabel();
  const f = useFilters(EMPTY);
  const { applied, refresh } = f;
  const confirm = useConfirm();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [topping, setTopping] = useState<number | null>(null);
  const [staffing, setStaffing] = useState<AdminTenant | null>(null);
  const may = {
    save: useHolds(PERM.tenant.save),
    update: useHolds(PERM.tenant.update),
    stop: useHolds(PERM.tenant.stop),
    recharge: useHolds(PERM.recharge),
    admin: useHolds(PERM.user.save),
  };
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<TenantRow>>('saas-main', `${P}/list`, {
        query: { page, resultNum: size, saasName: applied.saasName.trim(), state: applied.state },
      }),
    [applied],
  );
  const stop = (t: TenantRow) =>
    confirm.ask(intl.formatMessage({ id: 'base.tenant.confirmStop' }, { name: t.saasName }), () =>
      api.put('saas-main', `${P}/stop`, { saasId: t.saasId }).then(refresh),
    );
  const columns: Column<TenantRow>[] = [
    { key: 'saasId', title: `${F}.saasId`, width: 90 },
    { key: 'saasName', title: `${F}.saasName` },
    { key: 'companyName', title: `${F}.companyName`, render: (t) => t.companyName || '--' },
    { key: 'saasType', title: `${F}.saasType`, render: (t) => label(SAAS_TYPE, t.saasType) },
    { key: 'state', title: `${F}.state`, render: (t) => label(TENANT_STATE, t.state) },
    { key: 'contactName', title: `${F}.contactName`, render: (t) => t.contactName || '--' },
    { key: 'contactMobile', title: `${F}.contactMobile`, render: (t) => t.contactMobile || '--' },
    { key: 'saasExpireDate', title: `${F}.saasExpireDate`, render: (t) => dateTime(t.saasExpireDate, false) },
    { key: 'createDate', title: `${F}.createDate`, render: (t) => dateTime(t.createDate) },
  ];
  if (may.update || may.stop || may.recharge || may.admin) {
    columns.push({
      key: 'actions',
      title: 'form.actions',
      render: (t) => (
        <RowActions wrap>
          {may.update && <RowAction label="form.edit" onClick={() => setEditing(t.saasId)} testId={`tenant-edit-${t.saasId}`} />}
          {may.recharge && <RowAction label="base.recharge.open" onClick={() => setTopping(t.saasId)} testId={`tenant-recharge-${t.saasId}`} />}
          {may.admin && <RowAction label="base.tenant.createAdmin" onClick={() => setStaffing(t)} testId={`tenant-admin-${t.saasId}`} />}
          {may.stop && t.state !== STOPPED && (
            <RowAction label="base.tenant.stop" color="error" onClick={() => stop(t)} testId={`tenant-stop-${t.saasId}`} />
          )}
        </RowActions>
      ),
    });
  }
  return (
    <ListPage
      title="base.tenant.listTitle"
      onInquire={f.inquire}
      onReset={f.reset}
      actions={may.save && <AddButton onClick={() => setEditing('new')} testId="tenant-add" />}
      filters={
        <>
          <TextFilter label={`${F}.saasName`} value={f.draft.saasName} onChange={(v) => f.set('saasName', v)} testId="tenants-name" />
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={TENANT_STATE} testId="tenants-state" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(t) => t.saasId} testId="base-tenants-table" />
      {editing && (
        <TenantDialog
          saasId={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(created) => {
            setEditing(null);
            refresh();
            if (created && may.admin) setStaffing(created);
          }}
        />
      )}
      {staffing && <AdminDialog tenant={staffing} onClose={() => setStaffing(null)} onSaved={() => setStaffing(null)} />}
      {topping !== null && <RechargeDialog saasId={topping} onClose={() => setTopping(null)} onSaved={() => setTopping(null)} />}
      {confirm.element}
    </ListPage>
  );
}
