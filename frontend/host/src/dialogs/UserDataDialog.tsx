// The user data dialog: personal data (read-only) and changing the password on the form kit
// (the shell's rules, the first failing one shown under its field; a 412 under the field it
// names; success says so and logs out).
import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Tab, Tabs, TextField } from '@mui/material';
import { FormattedMessage, useIntl } from 'react-intl';
import { api, FormText, passwordChangeProblem, useForm, useSession, type Rule } from '@tradewind/shared';

const FIELDS: [string, string][] = [
  ['username', 'user.username'],
  ['realName', 'user.realName'],
  ['nickName', 'user.nickName'],
  ['mobile', 'user.mobile'],
  ['email', 'user.email'],
  ['companyName', 'user.companyName'],
  ['mchName', 'user.mchName'],
];

type PasswordValues = { oldPassword: string; newPassword: string; repeatNewPassword: string };

/** The problems of the change-password rules each field shows (`password.<problem>`). */
const PROBLEMS: Record<keyof PasswordValues, string[]> = {
  oldPassword: ['oldRequired'],
  newPassword: ['newRequired'],
  repeatNewPassword: ['repeatRequired', 'notEqual'],
};

/** A field's rule: the first problem of the form, when it is this field's. */
const passwordRule =
  (field: keyof PasswordValues): Rule<PasswordValues> =>
  (v, intl) => {
    const problem = passwordChangeProblem(v);
    return problem && PROBLEMS[field].includes(problem) ? intl.formatMessage({ id: `password.${problem}` }) : null;
  };

const PASSWORD_RULES = { oldPassword: passwordRule('oldPassword'), newPassword: passwordRule('newPassword'), repeatNewPassword: passwordRule('repeatNewPassword') };

export function UserDataDialog({ open, onClose, onPasswordChanged }: { open: boolean; onClose: () => void; onPasswordChanged: () => void }) {
  const intl = useIntl();
  const { user } = useSession();
  const [tab, setTab] = useState(0);
  const form = useForm<PasswordValues>({ oldPassword: '', newPassword: '', repeatNewPassword: '' }, { saved: 'password.changed' });

  const save = async () => {
    if (await form.submit(PASSWORD_RULES, (v) => api.put('auth-center', '/client/user/reset', v))) onPasswordChanged();
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid="user-data-dialog">
      <DialogTitle>
        <FormattedMessage id="user.dialog" />
      </DialogTitle>
      <DialogContent>
        <Tabs value={tab} onChange={(_, v: number) => setTab(v)} sx={{ mb: 2 }}>
          <Tab label={intl.formatMessage({ id: 'user.personal' })} />
          <Tab label={intl.formatMessage({ id: 'user.password' })} data-testid="password-tab" />
        </Tabs>
        {tab === 0 && (
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
            {FIELDS.map(([key, label]) => (
              <TextField
                key={key}
                label={intl.formatMessage({ id: label })}
                value={String((user as unknown as Record<string, unknown> | null)?.[key] ?? '') || '--'}
                slotProps={{ input: { readOnly: true } }}
                size="small"
              />
            ))}
          </Box>
        )}
        {tab === 1 && (
          <Box sx={{ display: 'grid' }}>
            <FormText form={form} name="oldPassword" label="password.old" type="password" />
            <FormText form={form} name="newPassword" label="password.new" type="password" />
            <FormText form={form} name="repeatNewPassword" label="password.repeat" type="password" />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="common.close" />
        </Button>
        {tab === 1 && (
          <Button variant="contained" onClick={() => void save()} disabled={form.busy} data-testid="password-save">
            <FormattedMessage id="common.save" />
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
