// Notification settings: which notification types reach the user on the web, WeChat, SMS and
// mail, the mobile and e-mail they go to, and whether they are blocked, on the form kit. SMS and
// mail need their paid services (the server says so); the rules are checked before saving is
// asked for, and a 412 naming a field puts its reason under that field.
import { useEffect, useState } from 'react';
import { Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Switch, Typography } from '@mui/material';
import { FormattedMessage, useIntl } from 'react-intl';
import { api, ConfirmDialog, FormText, NOTIFY_TYPE, useEnumLabel, useForm, type Rule } from '@tradewind/shared';
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

const TYPES = NOTIFY_TYPE.values.map(Number);

/** The contact a checked channel needs, under its field. */
const problemRule =
  (field: 'mobile' | 'email', message: string): Rule<NotifyForm> =>
  (v, intl) =>
    notifyProblem(v) === field ? intl.formatMessage({ id: message }) : null;

const RULES = { mobile: problemRule('mobile', 'notifySettings.badMobile'), email: problemRule('email', 'notifySettings.badEmail') };

export function NotifySettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const label = useEnumLabel();
  const form = useForm<NotifyForm>(EMPTY, { saved: 'notifySettings.saved' });
  const { reset } = form;
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (!open) return;
    api.get<Stored | null>('saas-main', '/saas/notify/config/load').then(
      (s) =>
        reset(
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
    // `reset` is new each render; the dialog loads once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const v = form.values;
  const toggle = (channel: (typeof CHANNELS)[number], value: number) => {
    const has = v[channel].includes(value);
    form.set(channel, has ? v[channel].filter((t) => t !== value) : [...v[channel], value]);
  };

  const save = async () => {
    setConfirming(false);
    const ok = await form.submit(RULES, (x) =>
      api.post('saas-main', '/saas/notify/config/save', {
        notifyWeb: joinTypes(x.notifyWeb),
        notifyWeixin: joinTypes(x.notifyWeixin),
        notifySms: joinTypes(x.notifySms),
        notifyMail: joinTypes(x.notifyMail),
        mobile: x.mobile.trim(),
        email: x.email.trim(),
        state: x.state,
      }),
    );
    if (ok) onClose();
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
              {TYPES.map((t) => (
                <FormControlLabel
                  key={t}
                  sx={{ width: 280 }}
                  control={
                    <Checkbox
                      size="small"
                      checked={v[channel].includes(t)}
                      disabled={form.busy}
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
          <FormText form={form} name="mobile" label="notifySettings.mobile" />
          <FormText form={form} name="email" label="notifySettings.email" />
          <FormControlLabel
            control={<Switch checked={v.state === 1} disabled={form.busy} onChange={(e) => form.set('state', e.target.checked ? 1 : 0)} />}
            label={intl.formatMessage({ id: v.state === 1 ? 'notifySettings.normal' : 'notifySettings.blocked' })}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="common.close" />
        </Button>
        <Button variant="contained" onClick={() => form.check(RULES) && setConfirming(true)} disabled={form.busy} data-testid="notify-save">
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
