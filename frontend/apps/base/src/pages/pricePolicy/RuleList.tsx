// The tenant's price rules (saas-main GET /saas/pricePolicy/priceRule/list): filtered by name,
// level, product type and state; added and changed in a dialog that previews the formula;
// enabled, disabled and deleted after the spec's questions.
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  AddButton,
  api,
  Clip,
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
  useMerchantOptions,
  type Column,
  type Page,
} from '@tradewind/shared';
import { PRODUCT_TYPE, RULE_STATE } from '../../enums';
import { RuleDialog } from './RuleDialog';
import { LEVELS, PP, type RuleRow } from './types';

const EMPTY = { ruleName: '', grade: '', productType: '', state: '' };
const F = 'base.rules.fields';
const ENABLED = 1;

export default function RuleList() {
  const intl = useIntl();
  const label = useEnumLabel();
  const f = useFilters(EMPTY);
  const { applied, refresh } = f;
  const confirm = useConfirm();
  const suppliers = useMerchantOptions('supplier');
  const [editing, setEditing] = useState<RuleRow | 'new' | null>(null);
  const may = {
    save: useHolds(PERM.priceRule.save),
    update: useHolds(PERM.priceRule.update),
    enable: useHolds(PERM.priceRule.enable),
    disable: useHolds(PERM.priceRule.disable),
    remove: useHolds(PERM.priceRule.delete),
  };
  const ask = (action: 'enable' | 'disable' | 'delete', r: RuleRow) =>
    confirm.ask(intl.formatMessage({ id: `base.rules.confirm.${action}` }, { name: r.ruleName }), () =>
      api.put('saas-main', `${PP}/priceRule/${action}`, { id: r.id }).then(refresh),
    );
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<RuleRow>>('saas-main', `${PP}/priceRule/list`, {
        query: { page, resultNum: size, ruleName: applied.ruleName.trim(), grade: applied.grade, productType: applied.productType, state: applied.state },
      }),
    [applied],
  );
  const any = intl.formatMessage({ id: 'base.rules.any' });
  const supplierName = (id: number) => (id === 0 ? any : (suppliers.find((s) => s.value === String(id))?.text ?? String(id)));
  const columns: Column<RuleRow>[] = [
    { key: 'ruleName', title: `${F}.ruleName`, render: (r) => <Clip text={r.ruleName} width={160} /> },
    { key: 'grade', title: `${F}.grade`, width: 70 },
    { key: 'supplierId', title: `${F}.supplierId`, render: (r) => <Clip text={supplierName(r.supplierId)} width={140} /> },
    { key: 'productType', title: `${F}.productType`, render: (r) => (r.productType === 0 ? any : label(PRODUCT_TYPE, r.productType)) },
    { key: 'productId', title: `${F}.productId`, render: (r) => (r.productId === 0 ? any : r.productId) },
    { key: 'formula', title: `${F}.formula`, render: (r) => <Clip text={r.formula} width={220} /> },
    { key: 'state', title: `${F}.state`, render: (r) => label(RULE_STATE, r.state) },
    { key: 'modifyDate', title: `${F}.modifyDate`, render: (r) => dateTime(r.modifyDate) },
  ];
  if (may.update || may.enable || may.disable || may.remove) {
    columns.push({
      key: 'actions',
      title: 'form.actions',
      render: (r) => (
        <RowActions>
          {may.update && <RowAction label="form.edit" onClick={() => setEditing(r)} testId={`rule-edit-${r.id}`} />}
          {r.state === ENABLED
            ? may.disable && <RowAction label="base.rules.disable" color="warning" onClick={() => ask('disable', r)} testId={`rule-disable-${r.id}`} />
            : may.enable && <RowAction label="base.rules.enable" onClick={() => ask('enable', r)} testId={`rule-enable-${r.id}`} />}
          {may.remove && <RowAction label="base.pp.delete" color="error" onClick={() => ask('delete', r)} testId={`rule-delete-${r.id}`} />}
        </RowActions>
      ),
    });
  }
  return (
    <ListPage
      title="base.rules.title"
      onInquire={f.inquire}
      onReset={f.reset}
      actions={may.save && <AddButton onClick={() => setEditing('new')} testId="rule-add" />}
      filters={
        <>
          <TextFilter label={`${F}.ruleName`} value={f.draft.ruleName} onChange={(v) => f.set('ruleName', v)} testId="rules-name" />
          <SelectFilter
            label={`${F}.grade`}
            value={f.draft.grade}
            onChange={(v) => f.set('grade', v)}
            options={LEVELS.map((g) => ({ value: String(g), text: String(g) }))}
            testId="rules-grade"
          />
          <SelectFilter label={`${F}.productType`} value={f.draft.productType} onChange={(v) => f.set('productType', v)} enumeration={PRODUCT_TYPE} testId="rules-type" />
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={RULE_STATE} testId="rules-state" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="base-rules-table" />
      {editing && (
        <RuleDialog
          row={editing === 'new' ? null : editing}
          suppliers={suppliers}
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
