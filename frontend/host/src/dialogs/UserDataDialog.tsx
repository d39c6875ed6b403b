// The user data dialog: personal data (read-only) and changing the password (rules of the
// shell; success logs out).
import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Tab, Tabs, TextField } from '@mui/material';
import { FormattedMessage, useIntl } from 'react-intl';
import { api, passwordChangeProblem, useSession } from '@tradewind/shared';
import { toast } from '../notifier';

const FIELDS: [string, string][] = [
  ['username', 'user.username'],
  ['realName', 'user.realName'],
  ['nickName', 'user.nickName'],
  ['mobile', 'user.mobile'],
  ['email', 'user.email'],
  ['companyName', 'user.companyName'],
  ['mchName', 'user.mchName'],
];

export function UserDataDialog({ open, onClose, onPasswordChanged }: { open: boolean; onClose: () => void; onPasswordChanged: () => void }) {
  const intl = useIntl();
  const { user } = useSession();
  const [tab, setTab] = useState(0);
  const [form, setForm] = useState({ oldPassword: '', newPassword: '', repeatNewPassword: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const p = passwordChangeProblem(form);
    setProblem(p);
    if (p) return;
    setBusy(true);
    try {
      await api.put('auth-center', '/client/user/reset', form);
      toast({ severity: 'success', message: intl.formatMessage({ id: 'password.changed' }), durationMs: 3000 });
      onPasswordChanged();
    } catch {
      // The API client showed the server's message.
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof typeof form, label: string, rule: string[]) => (
    <TextField
      type="password"
      label={intl.formatMessage({ id: label })}
      value={form[name]}
      onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      fullWidth
      margin="dense"
      name={name}
      error={problem !== null && rule.includes(problem)}
      helperText={problem !== null && rule.includes(problem) ? intl.formatMessage({ id: `password.${problem}` }) : ' '}
    />
  );

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
          <Box>
            {field('oldPassword', 'password.old', ['oldRequired'])}
            {field('newPassword', 'password.new', ['newRequired'])}
            {field('repeatNewPassword', 'password.repeat', ['repeatRequired', 'notEqual'])}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="common.close" />
        </Button>
        {tab === 1 && (
          <Button variant="contained" onClick={save} disabled={busy} data-testid="password-save">
            <FormattedMessage id="common.save" />
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
