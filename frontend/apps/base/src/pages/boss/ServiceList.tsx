// The paid services catalogue, by rank: saas-main GET /saas/boss/service/list. The shell's
// expiry banner links here (/saas-app/boss/service/list). A service on sale is bought for the
// tenant (POST /saas/boss/service/consumeService) after a question naming its price; the balance
// pays. Only a platform administrator tops a tenant's balance up (the service refuses others).
import { useCallback, useState } from 'react';
import { Button } from '@mui/material';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  api,
  Clip,
  DataTable,
  ListPage,
  money,
  MscType,
  PERM,
  RowAction,
  SelectFilter,
  useConfirm,
  useEnumLabel,
  useFilters,
  useHolds,
  useSession,
  type Column,
  type Page,
} from '@tradewind/shared';
import { LICENSE_UNIT, SERVICE_STATE, SERVICE_TAG, SERVICE_TYPE } from '../../enums';
import { RechargeDialog } from './RechargeDialog';
import type { ServiceRow } from './types';

// Empty (not sent) is every state and type, as -99 would be.
const EMPTY = { state: '', serviceType: '' };
const F = 'base.services.fields';
const ON_SALE = 1;

export default function ServiceList() {
  const label = useEnumLabel();
  const f = useFilters(EMPTY);
  const { applied, refresh } = f;
  const intl = useIntl();
  const confirm = useConfirm();
  const { user } = useSession();
  const mayBuy = useHolds(PERM.service.buy);
  const mayRecharge = useHolds(PERM.recharge) && user?.mscType === MscType.PlatformAdmin;
  const [recharging, setRecharging] = useState(false);
  const buy = (r: ServiceRow) =>
    confirm.ask(intl.formatMessage({ id: 'base.services.confirmBuy' }, { name: r.serviceName, price: money(r.price) }), () =>
      api.post('saas-main', '/saas/boss/service/consumeService', { serviceId: r.id }).then(refresh),
    );
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<ServiceRow>>('saas-main', '/saas/boss/service/list', {
        query: { page, resultNum: size, state: applied.state, serviceType: applied.serviceType },
      }),
    [applied],
  );
  const columns: Column<ServiceRow>[] = [
    { key: 'id', title: `${F}.id`, width: 70 },
    { key: 'serviceName', title: `${F}.serviceName` },
    { key: 'serviceDesc', title: `${F}.serviceDesc`, render: (r) => <Clip text={r.serviceDesc} width={260} /> },
    { key: 'appName', title: `${F}.appName`, render: (r) => r.appName || '--' },
    { key: 'serviceType', title: `${F}.serviceType`, render: (r) => label(SERVICE_TYPE, r.serviceType) },
    { key: 'serviceClass', title: `${F}.serviceClass`, render: (r) => label(SERVICE_TAG, r.serviceClass) },
    { key: 'licenseData', title: `${F}.licenseData` },
    { key: 'licenseValue', title: `${F}.licenseValue` },
    { key: 'licenseUnit', title: `${F}.licenseUnit`, render: (r) => label(LICENSE_UNIT, r.licenseUnit) },
    { key: 'price', title: `${F}.price`, render: (r) => money(r.price) },
    { key: 'serviceRank', title: `${F}.serviceRank` },
    { key: 'state', title: `${F}.state`, render: (r) => label(SERVICE_STATE, r.state) },
  ];
  if (mayBuy) {
    columns.push({
      key: 'actions',
      title: 'form.actions',
      render: (r) => (r.state === ON_SALE ? <RowAction label="base.services.buy" onClick={() => buy(r)} testId={`service-buy-${r.id}`} /> : null),
    });
  }
  return (
    <ListPage
      title="base.services.title"
      onInquire={f.inquire}
      onReset={f.reset}
      actions={
        mayRecharge && (
          <Button variant="contained" color="success" size="small" onClick={() => setRecharging(true)} data-testid="recharge-open">
            <FormattedMessage id="base.recharge.open" />
          </Button>
        )
      }
      filters={
        <>
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={SERVICE_STATE} testId="services-state" />
          <SelectFilter
            label={`${F}.serviceType`}
            value={f.draft.serviceType}
            onChange={(v) => f.set('serviceType', v)}
            enumeration={SERVICE_TYPE}
            testId="services-type"
          />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="base-services-table" />
      {recharging && <RechargeDialog onClose={() => setRecharging(false)} onSaved={() => setRecharging(false)} />}
      {confirm.element}
    </ListPage>
  );
}
