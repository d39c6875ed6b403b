// Adding (POST /saas/saasInterface/interfaceConfig/save) or changing (PUT .../update) a
// configuration of an interface: the interface (from the catalogue, fixed once saved), the
// distributor (a channel) or supplier (a vendor) it belongs to, its name, the address its adapter
// calls and the credentials the interface asks for. Credentials are typed as passwords and never
// shown again; on a change an empty one keeps what is stored.
import { Typography } from '@mui/material';
import { FormattedMessage } from 'react-intl';
import { announceInterfacesChanged, api, endpointOf, FormDialog, FormSelect, FormText, keepChosen, PERM, useEnumLabel, useForm, useMerchantOptions, type Option } from '@tradewind/shared';
import { INTERFACE_TYPE, PRODUCT_TYPE_OF_INTERFACE } from '../../enums';
import { configBody, configRules, configValues, credLabel, CRED, type ConfigValues } from './configForm';
import type { InterfaceConfigRow, InterfaceInfoRow } from './types';

const F = 'base.interfaces.fields';
const CHANNEL = 2;

export function ConfigDialog({
  row,
  infos,
  onClose,
  onSaved,
}: {
  row: InterfaceConfigRow | null;
  infos: InterfaceInfoRow[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const form = useForm<ConfigValues>(configValues(row, [...new Set(infos.flatMap((i) => i.credentialFields))]));
  const info = infos.find((i) => String(i.interfaceId) === form.values.interfaceId);
  const channel = (info?.type ?? row?.type) === CHANNEL;
  const distributors = useMerchantOptions('distributor', Boolean(info) && channel);
  const suppliers = useMerchantOptions('supplier', Boolean(info) && !channel);
  const merchants = keepChosen(channel ? distributors : suppliers, form.values.mchId, row?.mchName ?? '');
  const label = useEnumLabel();
  const interfaceOptions: Option[] = infos.map((i) => ({ value: String(i.interfaceId), text: `${i.title} (${label(PRODUCT_TYPE_OF_INTERFACE, i.productType)} · ${label(INTERFACE_TYPE, i.type)})` }));
  const fields = info?.credentialFields ?? row?.credentialKeys ?? [];
  const submit = () =>
    void form
      .submit(configRules(fields, row === null), (v) => {
        const body = configBody(v, fields);
        return row ? api.put('saas-main', endpointOf(PERM.interfaceConfig.update), { id: row.id, ...body }) : api.post('saas-main', endpointOf(PERM.interfaceConfig.save), body);
      })
      .then((ok) => {
        if (!ok) return;
        announceInterfacesChanged();
        onSaved();
      });
  return (
    <FormDialog open title={row ? 'base.interfaces.editTitle' : 'base.interfaces.addTitle'} busy={form.busy} onClose={onClose} onSubmit={submit} testId="interface-dialog">
      <FormSelect form={form} name="interfaceId" label={`${F}.interface`} options={interfaceOptions} required disabled={row !== null} wide />
      <FormSelect form={form} name="mchId" label={channel ? `${F}.distributor` : `${F}.supplier`} options={merchants} required disabled={!info} />
      <FormText form={form} name="configName" label={`${F}.configName`} required />
      <FormText form={form} name="baseUrl" label={`${F}.baseUrl`} required wide />
      {fields.length > 0 && (
        <Typography variant="caption" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
          <FormattedMessage id={row ? 'base.interfaces.credentialsKept' : 'base.interfaces.credentialsNew'} />
        </Typography>
      )}
      {fields.map((f) => (
        <FormText key={f} form={form} name={`${CRED}${f}`} label={credLabel(f)} type="password" required={row === null} />
      ))}
    </FormDialog>
  );
}
