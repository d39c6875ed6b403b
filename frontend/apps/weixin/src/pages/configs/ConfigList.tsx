// Official accounts (`mp/config/list`) and mini-programs (`ma/config/list`): weixin-server GET
// /saas/{kind}/config/list by name or AppID and state. The tenant's staff add and change them,
// enable or disable them after a question, and test the connection (WeChat hands out an access
// token). Secrets are shown only as set or not; an official account shows the server URL to
// enter in WeChat's console.
import { useCallback, useState } from 'react';
import { Alert } from '@mui/material';
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
import { useIntl } from 'react-intl';
import { CONFIG_STATE } from '../../enums';
import type { ConfigRow, Kind } from '../../types';
import { ConfigDialog } from './ConfigDialog';

const EMPTY = { name: '', state: '' };
const F = 'weixin.configs.fields';

export function ConfigList({ kind }: { kind: Kind }) {
  const intl = useIntl();
  const label = useEnumLabel();
  const f = useFilters(EMPTY);
  const { applied } = f;
  const perm = kind === 'mp' ? PERM.mpConfig : PERM.maConfig;
  const mayAdd = useHolds(perm.save);
  const mayEdit = useHolds(perm.update);
  const mayState = useHolds(perm.state);
  const mayTest = useHolds(perm.test);
  const confirm = useConfirm();
  const [editing, setEditing] = useState<ConfigRow | 'new' | null>(null);
  const [tested, setTested] = useState<{ name: string; ok: boolean } | null>(null);
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<ConfigRow>>('weixin-server', `/saas/${kind}/config/list`, {
        query: { page, resultNum: size, name: applied.name.trim(), state: applied.state },
      }),
    [applied, kind],
  );
  const toggle = (row: ConfigRow) => {
    const next = row.state === 1 ? 2 : 1;
    confirm.ask(intl.formatMessage({ id: `weixin.configs.${next === 1 ? 'enable' : 'disable'}Question` }, { name: row.name }), () =>
      api.patch('weixin-server', `/saas/${kind}/config/state`, undefined, { query: { configId: row.configId, state: next } }).then(f.refresh),
    );
  };
  const test = (row: ConfigRow) => {
    setTested(null);
    api.post('weixin-server', `/saas/${kind}/config/test`, undefined, { query: { configId: row.configId } }).then(
      () => setTested({ name: row.name, ok: true }),
      () => setTested({ name: row.name, ok: false }),
    );
  };
  const secrets = (r: ConfigRow) =>
    [
      r.appSecretSet && intl.formatMessage({ id: `${F}.appSecret` }),
      kind === 'mp' && r.tokenSet && intl.formatMessage({ id: `${F}.token` }),
      kind === 'mp' && r.encodingAesKeySet && intl.formatMessage({ id: `${F}.encodingAesKey` }),
    ]
      .filter(Boolean)
      .join(', ');
  const columns: Column<ConfigRow>[] = [
    { key: 'name', title: `${F}.name` },
    { key: 'appId', title: `${F}.appId`, width: 170 },
    { key: 'secrets', title: `${F}.secretsSet`, render: secrets },
    { key: 'state', title: `${F}.state`, width: 80, render: (r) => label(CONFIG_STATE, r.state) },
    ...(kind === 'mp' ? [{ key: 'serverUrl', title: `${F}.serverUrl`, render: (r: ConfigRow) => <span style={{ wordBreak: 'break-all' }}>{r.serverUrl}</span> }] : []),
    { key: 'modifyDate', title: `${F}.modifyDate`, width: 150, render: (r) => dateTime(r.modifyDate) },
    ...(mayEdit || mayState || mayTest
      ? [
          {
            key: 'actions',
            title: 'weixin.actions',
            render: (r: ConfigRow) => (
              <RowActions>
                {mayEdit && <RowAction label="weixin.edit" onClick={() => setEditing(r)} testId={`config-edit-${r.configId}`} />}
                {mayTest && <RowAction label="weixin.configs.test" onClick={() => test(r)} testId={`config-test-${r.configId}`} />}
                {mayState &&
                  (r.state === 1 ? (
                    <RowAction label="weixin.configs.disable" color="warning" onClick={() => toggle(r)} testId={`config-disable-${r.configId}`} />
                  ) : (
                    <RowAction label="weixin.configs.enable" onClick={() => toggle(r)} testId={`config-enable-${r.configId}`} />
                  ))}
              </RowActions>
            ),
          },
        ]
      : []),
  ];
  return (
    <ListPage
      title={`weixin.configs.title.${kind}`}
      onInquire={f.inquire}
      onReset={f.reset}
      actions={mayAdd && <AddButton onClick={() => setEditing('new')} testId="config-add" label={`weixin.configs.add.${kind}`} />}
      filters={
        <>
          <TextFilter label={`${F}.nameOrAppId`} value={f.draft.name} onChange={(v) => f.set('name', v)} testId="configs-name" />
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={CONFIG_STATE} testId="configs-state" />
        </>
      }
    >
      {tested && (
        <Alert severity={tested.ok ? 'success' : 'error'} sx={{ mb: 1 }} onClose={() => setTested(null)} data-testid="config-test-result">
          {intl.formatMessage({ id: tested.ok ? 'weixin.configs.testOk' : 'weixin.configs.testFailed' }, { name: tested.name })}
        </Alert>
      )}
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.configId} testId={`${kind}-configs-table`} />
      <ConfigDialog
        kind={kind}
        config={editing}
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
