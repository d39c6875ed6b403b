// Adding or changing a configuration: POST /saas/{mp,ma}/config/save, PUT .../update. The
// secrets are write-only: the form never shows them, says whether each is set, and an empty one
// on a change keeps what is stored.
import { useEffect } from 'react';
import { Typography } from '@mui/material';
import { api, FormDialog, FormSelect, FormText, labelId, NOTIFY_TYPE, useForm } from '@tradewind/shared';
import { useIntl } from 'react-intl';
import { CONFIG_STATE } from '../../enums';
import type { ConfigRow, Kind } from '../../types';
import { configBody, configFormOf, configRules, emptyConfigForm, TEMPLATE_TYPES, templateField } from './configForm';

const F = 'weixin.configForm.fields';

/** null: closed; 'new': a new configuration; else the one being changed. */
export function ConfigDialog({ kind, config, onClose, onSaved }: { kind: Kind; config: ConfigRow | 'new' | null; onClose: () => void; onSaved: () => void }) {
  const intl = useIntl();
  const form = useForm(emptyConfigForm());
  const { reset } = form;
  useEffect(() => {
    if (config === null) return;
    reset(config === 'new' ? emptyConfigForm() : configFormOf(config));
    // A configuration opened anew starts from its own values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [config]);
  const editing = config !== null && config !== 'new';
  const keep = (set: boolean) => (editing && set ? intl.formatMessage({ id: 'weixin.configForm.keep' }) : undefined);
  const save = async () => {
    const ok = await form.submit(configRules(kind, !editing), (v) =>
      editing
        ? api.put('weixin-server', `/saas/${kind}/config/update`, { configId: config.configId, ...configBody(kind, v) })
        : api.post('weixin-server', `/saas/${kind}/config/save`, configBody(kind, v)),
    );
    if (ok) onSaved();
  };
  const title = `weixin.configForm.${editing ? 'edit' : 'add'}.${kind}`;
  return (
    <FormDialog open={config !== null} title={title} busy={form.busy} onClose={onClose} onSubmit={save} testId="config-dialog">
      <FormText form={form} name="name" label={`${F}.name`} required />
      <FormText form={form} name="appId" label={`${F}.appId`} required />
      <FormText form={form} name="appSecret" label={`${F}.appSecret`} type="password" required={!editing} />
      {kind === 'mp' && <FormText form={form} name="token" label={`${F}.token`} type="password" required={!editing} />}
      {kind === 'mp' && <FormText form={form} name="encodingAesKey" label={`${F}.encodingAesKey`} type="password" />}
      <FormSelect form={form} name="state" label={`${F}.state`} enumeration={CONFIG_STATE} required />
      {editing && (
        <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1' }} data-testid="config-secrets-kept">
          {[keep(config.appSecretSet), intl.formatMessage({ id: 'weixin.configForm.writeOnly' })].filter(Boolean).join(' ')}
        </Typography>
      )}
      {kind === 'mp' && (
        <Typography variant="subtitle2" sx={{ gridColumn: '1 / -1', mt: 1 }}>
          {intl.formatMessage({ id: 'weixin.configForm.templates' })}
        </Typography>
      )}
      {kind === 'mp' &&
        TEMPLATE_TYPES.map((t) => <FormText key={t} form={form} name={templateField(t)} label={labelId(NOTIFY_TYPE, t)} />)}
    </FormDialog>
  );
}
