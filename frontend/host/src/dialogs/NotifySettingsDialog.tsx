// Notification settings: which notification types reach the user on the web, WeChat, SMS and
// mail, the mobile and e-mail they go to, and whether they are blocked. SMS and mail need their
// paid services (the server says so); saving asks for confirmation.
import { useEffect, useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { FormattedMessage, useIntl } from 'react-intl';
import { api, ConfirmDialog, NOTIFY_TYPE, useEnumLabel } from '@tradewind/shared';
import { toast } from '../notifier';
import { joinTypes, notifyProblem, parseTypes, type NotifyForm } from './notifyRules';

interface Stored {
  notifyWeb: string;
  notifyWeixin: string;
  notifySms: string;
  notifyMail: string;
  mobile: string;
  email: string;
  state: number;
}

const CHANNELS: (keyof Pick<NotifyForm, 'notifyWeb' | 'notifyWeixin' | 'notifySms' | 'notifyMail'>)[] = ['notifyWeb', 'notifyWeixin', 'notifySms', 'notifyMail'];

const EMPTY: NotifyForm = { notifyWeb: [], notifyWeixin: [], notifySms: [], notifyMail: [], mobile: '', email: '', state: 1 };

export function NotifySettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const label = useEnumLabel();
  const types = NOTIFY_TYPE.values.map(Number);
  const [form, setForm] = useState<NotifyForm>(EMPTY);
  const [problem, setProblem] = useState<'mobile' | 'email' | null>(null);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (!open) return;
    api.get<Stored | null>('saas-main', '/saas/notify/config/load').then(
      (s) =>
        setForm(
          s
            ? {
                notifyWeb: parseTypes(s.notifyWeb),
                notifyWeixin: parseTypes(s.notifyWeixin),
                notifySms: parseTypes(s.notifySms),
                notifyMail: parseTypes(s.notifyMail),
                mobile: s.mobile ?? '',
                email: s.email ?? '',
                state: s.state ?? 1,
              }
            : EMPTY,
        ),
      () => undefined,
    );
  }, [open]);

  const toggle = (channel: (typeof CHANNELS)[number], value: number) => {
    const has = form[channel].includes(value);
    setForm({ ...form, [channel]: has ? form[channel].filter((v) => v !== value) : [...form[channel], value] });
  };

  const ask = () => {
    const p = notifyProblem(form);
    setProblem(p);
    if (!p) setConfirming(true);
  };

  const save = async () => {
    setConfirming(false);
    try {
      await api.post('saas-main', '/saas/notify/config/save', {
        notifyWeb: joinTypes(form.notifyWeb),
        notifyWeixin: joinTypes(form.notifyWeixin),
        notifySms: joinTypes(form.notifySms),
        notifyMail: joinTypes(form.notifyMail),
        mobile: form.mobile.trim(),
        email: form.email.trim(),
        state: form.state,
      });
      toast({ severity: 'success', message: intl.formatMessage({ id: 'notifySettings.saved' }), durationMs: 3000 });
      onClose();
    } catch {
      // The API client showed the server's message (a missing paid service is a 412).
    }
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="lg" fullWidth data-testid="notify-settings">
      <DialogTitle>
        <FormattedMessage id="notifySettings.title" />
      </DialogTitle>
      <DialogContent>
        {CHANNELS.map((channel) => (
          <Box key={channel} sx={{ mb: 1.5 }}>
            <Typography variant="subtitle2">
              <FormattedMessage id={`notifySettings.${channel}`} />
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
              {types.map((t) => (
                <FormControlLabel
                  key={t}
                  sx={{ width: 280 }}
                  control={
                    <Checkbox
                      size="small"
                      checked={form[channel].includes(t)}
                      onChange={() => toggle(channel, t)}
                      data-testid={`${channel}-${t}`}
                    />
                  }
                  label={label(NOTIFY_TYPE, t)}
                />
              ))}
            </Box>
          </Box>
        ))}
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mt: 1 }}>
          <TextField
            size="small"
            label={intl.formatMessage({ id: 'notifySettings.mobile' })}
            value={form.mobile}
            onChange={(e) => setForm({ ...form, mobile: e.target.value })}
            error={problem === 'mobile'}
            helperText={problem === 'mobile' ? intl.formatMessage({ id: 'notifySettings.badMobile' }) : ' '}
            name="mobile"
          />
          <TextField
            size="small"
            label={intl.formatMessage({ id: 'notifySettings.email' })}
            value={form.email}
            onChange={(e) => setForm({ ...form, email: e.target.value })}
            error={problem === 'email'}
            helperText={problem === 'email' ? intl.formatMessage({ id: 'notifySettings.badEmail' }) : ' '}
            name="email"
          />
          <FormControlLabel
            control={<Switch checked={form.state === 1} onChange={(e) => setForm({ ...form, state: e.target.checked ? 1 : 0 })} />}
            label={intl.formatMessage({ id: form.state === 1 ? 'notifySettings.normal' : 'notifySettings.blocked' })}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="common.close" />
        </Button>
        <Button variant="contained" onClick={ask} data-testid="notify-save">
          <FormattedMessage id="common.save" />
        </Button>
      </DialogActions>
      <ConfirmDialog
        question={confirming ? intl.formatMessage({ id: 'notifySettings.confirm' }) : null}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void save()}
      />
    </Dialog>
  );
}
