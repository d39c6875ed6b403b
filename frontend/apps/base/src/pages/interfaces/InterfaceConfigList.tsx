// The tenant's interface configurations (saas-main GET /saas/saasInterface/interfaceConfig/list):
// the sales channels it sells through and the suppliers' systems it imports from, each with the
// merchant it belongs to, the address its adapter calls and the names of the credentials it keeps
// (their values never leave saas-main). Added disabled; enabling one puts it in the hotel or
// ticket application's channel or vendor menu, disabling takes it out, deleting wipes its
// credentials, each after a question.
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  AddButton,
  announceInterfacesChanged,
  api,
  Clip,
  DataTable,
  endpointOf,
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
  useLoaded,
  type Column,
  type Page,
} from '@tradewind/shared';
import { INTERFACE_CONFIG_STATE, INTERFACE_TYPE, PRODUCT_TYPE_OF_INTERFACE } from '../../enums';
import { ConfigDialog } from './ConfigDialog';
import type { InterfaceConfigRow, InterfaceInfoRow } from './types';

const EMPTY = { configName: '', productType: '', type: '', state: '' };
const F = 'base.interfaces.fields';
const ENABLED = 1;
const NO_INFOS: InterfaceInfoRow[] = [];

export default function InterfaceConfigList() {
  const intl = useIntl();
  const label = useEnumLabel();
  const confirm = useConfirm();
  const f = useFilters(EMPTY);
  const { applied, refresh } = f;
  const [editing, setEditing] = useState<InterfaceConfigRow | 'new' | null>(null);
  const may = {
    save: useHolds(PERM.interfaceConfig.save),
    update: useHolds(PERM.interfaceConfig.update),
    enable: useHolds(PERM.interfaceConfig.enable),
    disable: useHolds(PERM.interfaceConfig.disable),
    delete: useHolds(PERM.interfaceConfig.delete),
  };
  const mayInfos = useHolds(PERM.interfaceInfo.select);
  const infos = useLoaded(mayInfos ? () => api.get<InterfaceInfoRow[]>('saas-main', endpointOf(PERM.interfaceInfo.select)) : null, mayInfos ? 'infos' : '', NO_INFOS);
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<InterfaceConfigRow>>('saas-main', endpointOf(PERM.interfaceConfig.list), {
        query: { page, resultNum: size, configName: applied.configName.trim(), productType: applied.productType, type: applied.type, state: applied.state },
      }),
    [applied],
  );
  const changed = () => {
    announceInterfacesChanged();
    refresh();
  };
  const switchState = (r: InterfaceConfigRow) => {
    const enabling = r.state !== ENABLED;
    confirm.ask(intl.formatMessage({ id: enabling ? 'base.interfaces.confirmEnable' : 'base.interfaces.confirmDisable' }, { name: r.configName }), () =>
      api.put('saas-main', endpointOf(enabling ? PERM.interfaceConfig.enable : PERM.interfaceConfig.disable), undefined, { query: { id: r.id } }).then(changed),
    );
  };
  const remove = (r: InterfaceConfigRow) =>
    confirm.ask(intl.formatMessage({ id: 'base.interfaces.confirmDelete' }, { name: r.configName }), () =>
      api.put('saas-main', endpointOf(PERM.interfaceConfig.delete), undefined, { query: { id: r.id } }).then(changed),
    );
  const title = (r: InterfaceConfigRow) => infos.find((i) => i.interfaceId === r.interfaceId)?.title ?? r.interfaceName;
  const columns: Column<InterfaceConfigRow>[] = [
    { key: 'configName', title: `${F}.configName`, render: (r) => <Clip text={r.configName} width={140} /> },
    { key: 'interface', title: `${F}.interface`, render: (r) => <Clip text={title(r)} width={130} /> },
    { key: 'productType', title: `${F}.productType`, render: (r) => label(PRODUCT_TYPE_OF_INTERFACE, r.productType) },
    { key: 'type', title: `${F}.type`, render: (r) => label(INTERFACE_TYPE, r.type) },
    { key: 'mchName', title: `${F}.merchant`, render: (r) => <Clip text={r.mchName} width={130} /> },
    { key: 'baseUrl', title: `${F}.baseUrl`, render: (r) => <Clip text={r.baseUrl} width={130} /> },
    { key: 'credentialKeys', title: `${F}.credentialKeys`, render: (r) => <Clip text={r.credentialKeys.join(', ')} width={110} /> },
    { key: 'state', title: `${F}.state`, render: (r) => label(INTERFACE_CONFIG_STATE, r.state) },
  ];
  if (may.update || may.enable || may.disable || may.delete) {
    columns.push({
      key: 'actions',
      title: 'form.actions',
      render: (r) => (
        <RowActions>
          {may.update && <RowAction label="form.edit" onClick={() => setEditing(r)} testId={`interface-edit-${r.id}`} />}
          {(r.state === ENABLED ? may.disable : may.enable) && (
            <RowAction
              label={r.state === ENABLED ? 'base.interfaces.disable' : 'base.interfaces.enable'}
              color={r.state === ENABLED ? 'warning' : undefined}
              onClick={() => switchState(r)}
              testId={`interface-state-${r.id}`}
            />
          )}
          {may.delete && <RowAction label="base.interfaces.delete" color="error" onClick={() => remove(r)} testId={`interface-delete-${r.id}`} />}
        </RowActions>
      ),
    });
  }
  return (
    <ListPage
      title="base.interfaces.title"
      onInquire={f.inquire}
      onReset={f.reset}
      actions={may.save && <AddButton onClick={() => setEditing('new')} testId="interface-add" />}
      filters={
        <>
          <TextFilter label={`${F}.configName`} value={f.draft.configName} onChange={(v) => f.set('configName', v)} width={180} testId="interfaces-name" />
          <SelectFilter label={`${F}.productType`} value={f.draft.productType} onChange={(v) => f.set('productType', v)} enumeration={PRODUCT_TYPE_OF_INTERFACE} testId="interfaces-product-type" />
          <SelectFilter label={`${F}.type`} value={f.draft.type} onChange={(v) => f.set('type', v)} enumeration={INTERFACE_TYPE} testId="interfaces-type" />
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={INTERFACE_CONFIG_STATE} testId="interfaces-state" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="base-interfaces-table" />
      {editing && (
        <ConfigDialog
          row={editing === 'new' ? null : editing}
          infos={infos}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      {confirm.element}
    </ListPage>
  );
}
