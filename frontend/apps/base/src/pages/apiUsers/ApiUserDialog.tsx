// Creating (POST /saas/account/api/save) or changing (PUT /saas/account/api/update) an API user;
// a change starts from the user as loaded now (GET /saas/account/api/load). The service makes
// the app key and the secret, and answers the secret only then (and when a change asks for a new
// one): it is shown once, in its own dialog, to be copied.
import { useEffect, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { FormattedMessage } from 'react-intl';
import { api, API_USER_TYPES, endpointOf, FormCheck, FormDialog, FormSelect, FormText, MSC_TYPE, MscType, PERM, rules, useEnumLabel, useForm, useOptions, type Option } from '@tradewind/shared';
import { API_USER_STATE } from '../../enums';
import type { ApiUserRow } from './types';

const F = 'base.apiUsers.fields';
const A = '/saas/account/api';
/** The merchants an API supplier or distributor may belong to. */
const MERCHANT_SELECT: Record<string, string> = {
  [MscType.ApiSupplier]: endpointOf(PERM.supplier.select),
  [MscType.ApiDistributor]: endpointOf(PERM.distributor.select),
};

interface Credentials {
  id: number;
  appKey: string;
  appSecret?: string;
}

type Values = { name: string; mscType: string; mchId: string; state: string; remarks: string; resetSecret: boolean };

export function ApiUserDialog({ id, onClose, onSaved }: { id: number | null; onClose: () => void; onSaved: () => void }) {
  const label = useEnumLabel();
  const form = useForm<Values>({ name: '', mscType: '', mchId: '', state: '0', remarks: '', resetSecret: false });
  const { reset } = form;
  const v = form.values;
  const creating = id === null;
  const [secret, setSecret] = useState<Credentials | null>(null);
  const [typeShown, setTypeShown] = useState(v.mscType);
  useEffect(() => {
    if (id === null) return;
    let live = true;
    api.get<ApiUserRow>('auth-center', `${A}/load`, { query: { id } }).then(
      (a) => {
        if (!live) return;
        setTypeShown(String(a.mscType));
        reset({ name: a.name, mscType: String(a.mscType), mchId: a.mchId ? String(a.mchId) : '', state: String(a.state), remarks: a.remarks, resetSecret: false });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
    // `reset` is a new function each render; the user to load is `id`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  // Another type needs a merchant of another kind (or none).
  if (typeShown !== v.mscType) {
    setTypeShown(v.mscType);
    form.set('mchId', '');
  }
  const merchantPath = MERCHANT_SELECT[v.mscType];
  const merchants = useOptions(
    merchantPath ? () => api.get<{ id: number; name: string }[]>('saas-main', merchantPath).then((rs) => rs.map((r) => ({ value: String(r.id), text: r.name }))) : null,
    merchantPath ?? '',
  );
  const types: Option[] = API_USER_TYPES.map((t) => ({ value: String(t), text: label(MSC_TYPE, t) }));

  const submit = () => {
    // With a secret to show, the list reloads once it has been read (closing its dialog).
    let withSecret = false;
    void form
      .submit(
        {
          name: rules.all(rules.required('name', `${F}.name`), rules.length('name', 1, 64)),
          mscType: rules.chosen('mscType', `${F}.mscType`),
          mchId: merchantPath ? rules.chosen('mchId', `${F}.mchId`) : undefined,
          remarks: rules.length('remarks', 0, 500),
        },
        async (x) => {
          const body = {
            name: x.name.trim(),
            mscType: Number(x.mscType),
            mchId: MERCHANT_SELECT[x.mscType] ? Number(x.mchId) : 0,
            state: Number(x.state),
            remarks: x.remarks,
          };
          const answer = creating
            ? await api.post<Credentials>('auth-center', `${A}/save`, body)
            : await api.put<Credentials>('auth-center', `${A}/update`, { id, ...body, resetSecret: x.resetSecret });
          if (answer?.appSecret) {
            withSecret = true;
            setSecret(answer);
          }
          return answer;
        },
      )
      .then((ok) => ok && !withSecret && onSaved());
  };

  if (secret) {
    return (
      <Dialog open onClose={onSaved} data-testid="api-secret-dialog">
        <DialogTitle>
          <FormattedMessage id="base.apiUsers.secretTitle" />
        </DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            <FormattedMessage id="base.apiUsers.secretOnce" />
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, fontFamily: 'monospace' }}>
            <FormattedMessage id={`${F}.appKey`} />
            <span data-testid="api-app-key">{secret.appKey}</span>
            <FormattedMessage id="base.apiUsers.appSecret" />
            <span data-testid="api-app-secret">{secret.appSecret}</span>
          </Box>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onSaved} data-testid="api-secret-close">
            <FormattedMessage id="form.confirm" />
          </Button>
        </DialogActions>
      </Dialog>
    );
  }
  return (
    <FormDialog open title={creating ? 'base.apiUsers.addTitle' : 'base.apiUsers.editTitle'} busy={form.busy} onClose={onClose} onSubmit={submit} testId="api-user-dialog">
      <FormText form={form} name="name" label={`${F}.name`} required />
      <FormSelect form={form} name="mscType" label={`${F}.mscType`} options={types} required />
      {merchantPath ? <FormSelect form={form} name="mchId" label={`${F}.mchId`} options={merchants} required /> : <span />}
      <FormSelect form={form} name="state" label={`${F}.state`} enumeration={API_USER_STATE} />
      <FormText form={form} name="remarks" label={`${F}.remarks`} multiline wide />
      {!creating && <FormCheck form={form} name="resetSecret" label="base.apiUsers.resetSecret" />}
    </FormDialog>
  );
}
