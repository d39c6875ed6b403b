// One ticket with its replies (GET .../load): the customer or the support staff reply (POST
// .../reply) while it is open; the customer allows or withdraws support's agent login (PUT
// /saas/support/mySupport/consent). A solved ticket's replies are closed until it is restored.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, LinearProgress, Paper, Switch, TextField, Typography } from '@mui/material';
import { api, dateTime, FieldGrid, PERM, useEnumLabel, useHolds, useLoadState } from '@tradewind/shared';
import { SUPPORT_BUSINESS, SUPPORT_STATE } from '../../enums';
import { MINE, SOLVED, WORK, type TicketDetail } from './types';

const F = 'base.support.fields';

export function TicketView({ id, support, onClose, onChanged }: { id: number; support: boolean; onClose: () => void; onChanged: () => void }) {
  const intl = useIntl();
  const label = useEnumLabel();
  const base = support ? WORK : MINE;
  const [generation, setGeneration] = useState(0);
  const { data: t, done } = useLoadState(() => api.get<TicketDetail>('saas-main', `${base}/load`, { query: { supportId: id } }), `${id}-${generation}`);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const mayReply = useHolds(support ? PERM.workOrder.reply : PERM.support.reply);
  const mayConsent = useHolds(PERM.support.consent) && !support;
  const changed = () => {
    setGeneration((g) => g + 1);
    onChanged();
  };
  const send = () => {
    if (!text.trim()) return;
    setBusy(true);
    api
      .post('saas-main', `${base}/reply`, { supportId: id, content: text.trim() })
      .then(() => {
        setText('');
        changed();
      })
      .finally(() => setBusy(false));
  };
  const consent = (allow: boolean) => {
    setBusy(true);
    api
      .put('saas-main', `${MINE}/consent`, { supportId: id, allowAgentLogin: allow })
      .then(changed)
      .finally(() => setBusy(false));
  };
  const open = t !== null && t.state !== SOLVED;
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="ticket-view">
      <DialogTitle>
        <FormattedMessage id="base.support.viewTitle" values={{ id: String(id) }} />
      </DialogTitle>
      {!done || busy ? <LinearProgress /> : <Box sx={{ height: 4 }} />}
      <DialogContent>
        {t && (
          <>
            <FieldGrid
              testId="ticket-fields"
              fields={[
                { label: `${F}.title`, value: t.title },
                { label: `${F}.state`, value: label(SUPPORT_STATE, t.state) },
                { label: `${F}.businessType`, value: label(SUPPORT_BUSINESS, t.businessType) },
                { label: `${F}.subject`, value: t.subject },
                { label: `${F}.tag`, value: t.tag },
                { label: `${F}.applicant`, value: t.applicant },
                { label: `${F}.assignee`, value: t.assigneeName },
                { label: `${F}.createDate`, value: dateTime(t.createDate) },
                { label: `${F}.lastDate`, value: dateTime(t.lastDate) },
                ...(support ? [{ label: `${F}.saasId`, value: String(t.saasId) }] : []),
                { label: `${F}.allowAgentLogin`, value: intl.formatMessage({ id: t.allowAgentLogin ? 'base.support.allowed' : 'base.support.notAllowed' }) },
              ]}
            />
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', my: 2 }} data-testid="ticket-content">
              {t.content}
            </Typography>
            {mayConsent && (
              <FormControlLabel
                control={<Switch checked={t.allowAgentLogin} disabled={!open || busy} onChange={(e) => consent(e.target.checked)} data-testid="ticket-consent" />}
                label={intl.formatMessage({ id: 'base.support.consentLabel' })}
              />
            )}
            <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
              <FormattedMessage id="base.support.replies" />
            </Typography>
            <Box data-testid="ticket-replies" sx={{ display: 'grid', rowGap: 1 }}>
              {t.replies.length === 0 && (
                <Typography variant="body2" color="text.secondary">
                  <FormattedMessage id="base.support.noReplies" />
                </Typography>
              )}
              {t.replies.map((r) => (
                <Paper key={r.id} variant="outlined" sx={{ p: 1.5, ml: r.fromSupport ? 0 : 6, mr: r.fromSupport ? 6 : 0, bgcolor: r.fromSupport ? 'action.hover' : undefined }}>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {r.authorName} · {intl.formatMessage({ id: r.fromSupport ? 'base.support.fromSupport' : 'base.support.fromCustomer' })} · {dateTime(r.createDate)}
                  </Typography>
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                    {r.content}
                  </Typography>
                </Paper>
              ))}
            </Box>
            {mayReply &&
              (open ? (
                <Box sx={{ display: 'flex', gap: 1, mt: 2, alignItems: 'flex-start' }}>
                  <TextField
                    size="small"
                    fullWidth
                    multiline
                    minRows={2}
                    value={text}
                    onChange={(e) => setText(e.target.value)}
                    placeholder={intl.formatMessage({ id: 'base.support.replyHint' })}
                    slotProps={{ htmlInput: { maxLength: 5000, 'data-testid': 'ticket-reply-text' } }}
                  />
                  <Button variant="contained" onClick={send} disabled={busy || !text.trim()} data-testid="ticket-reply-send">
                    <FormattedMessage id="base.support.reply" />
                  </Button>
                </Box>
              ) : (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="ticket-closed">
                  <FormattedMessage id="base.support.closed" />
                </Typography>
              ))}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="ticket-view-close">
          <FormattedMessage id="form.cancel" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
