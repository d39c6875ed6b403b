// The frame of a ticket channel's pages: the channel, which configuration the page is on (its
// name and distributor, chosen among the channel's enabled configurations, kept in the URL as
// ?configId=), links to the channel's three pages, and "Pull catalogue" (POST
// /saas/ticket/channel/sync), with its progress, what it took in or why it could not.
import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Link, MenuItem, TextField, Typography } from '@mui/material';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { api, ApiError, endpointOf, PERM, useHolds, useMerchantOptions } from '@tradewind/shared';
import { channelOfPath, channelPagePath, PAGE_KINDS, useTicketChannelConfigs, type Channel, type ChannelPageKind, type Synced } from './channels';

const C = 'ticket.channels';

/** What the last pull came to. */
export type PullOutcome =
  | { kind: 'done'; synced: Synced }
  | { kind: 'refused'; message: string }
  | { kind: 'unreachable'; message: string }
  | { kind: 'failed'; message: string };

/** What a failed pull means to the user: the channel refused (412 channel-refused), could not be reached (502), or another reason. */
export function pullFailure(e: unknown): PullOutcome {
  if (e instanceof ApiError) {
    if (e.status === 412 && e.code === 'channel-refused') return { kind: 'refused', message: e.message };
    if (e.status === 502) return { kind: 'unreachable', message: e.message };
    return { kind: 'failed', message: e.reason ?? e.message };
  }
  return { kind: 'failed', message: String(e) };
}

export interface ChannelFrameProps {
  kind: ChannelPageKind;
  /** The page below the frame, on a configuration; `pulled` changes after each successful pull. */
  children: (configId: number, channel: Channel, pulled: number) => ReactNode;
}

export function ChannelFrame({ kind, children }: ChannelFrameProps) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const channel = channelOfPath(pathname);
  const { configs: all, done } = useTicketChannelConfigs();
  const distributors = useMerchantOptions('distributor');
  const maySync = useHolds(PERM.ticketChannel.sync);
  const configs = all.filter((c) => c.interfaceName === channel);
  const asked = Number(params.get('configId')) || null;
  // Without ?configId= the page is on the channel's first configuration.
  const configId = asked ?? configs[0]?.id ?? null;
  const known = configs.some((c) => c.id === configId);
  const [pulling, setPulling] = useState(false);
  const [outcome, setOutcome] = useState<{ configId: number; outcome: PullOutcome } | null>(null);
  const [pulled, setPulled] = useState(0);

  if (!channel) return null;
  const merchantOf = (mchId: number) => distributors.find((d) => d.value === String(mchId))?.text ?? `#${mchId}`;
  const choiceText = (c: { configName: string; mchId: number }) => `${c.configName} · ${merchantOf(c.mchId)}`;

  const pull = (id: number) => {
    setPulling(true);
    setOutcome(null);
    api
      .post<Synced>('ticket-app', endpointOf(PERM.ticketChannel.sync), { configId: id }, { quiet: true })
      .then(
        (synced) => {
          setOutcome({ configId: id, outcome: { kind: 'done', synced } });
          setPulled((n) => n + 1);
        },
        (e) => setOutcome({ configId: id, outcome: pullFailure(e) }),
      )
      .finally(() => setPulling(false));
  };
  const shown = outcome && outcome.configId === configId ? outcome.outcome : null;

  return (
    <Box data-testid="channel-frame">
      <Typography variant="h6" sx={{ mb: 1 }}>
        <FormattedMessage id={`${C}.channel.${channel}`} />
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, mb: 2 }}>
        {PAGE_KINDS.map((k) =>
          k === kind || configId === null ? (
            <Typography key={k} variant="body2" sx={{ fontWeight: k === kind ? 600 : undefined }} color={k === kind ? 'text.primary' : 'text.secondary'}>
              <FormattedMessage id={`${C}.pages.${k}`} />
            </Typography>
          ) : (
            <Link key={k} component={RouterLink} to={channelPagePath(channel, k, configId)} variant="body2" data-testid={`channel-page-${k}`}>
              <FormattedMessage id={`${C}.pages.${k}`} />
            </Link>
          ),
        )}
      </Box>
      {done && configs.length === 0 && asked === null ? (
        <Typography color="text.secondary" data-testid="channel-no-config">
          <FormattedMessage id={`${C}.noConfig`} />
        </Typography>
      ) : (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
            <TextField
              select
              size="small"
              label={intl.formatMessage({ id: `${C}.config` })}
              value={configId === null ? '' : String(configId)}
              onChange={(e) => navigate(channelPagePath(channel, kind, e.target.value))}
              sx={{ minWidth: 280 }}
              slotProps={{ htmlInput: { 'data-testid': 'channel-config' } }}
            >
              {configs.map((c) => (
                <MenuItem key={c.id} value={String(c.id)}>
                  {choiceText(c)}
                </MenuItem>
              ))}
              {configId !== null && !known && (
                // A configuration the URL names that is not an enabled one of this channel: the service says why.
                <MenuItem value={String(configId)}>{intl.formatMessage({ id: `${C}.unknownConfig` }, { id: configId })}</MenuItem>
              )}
            </TextField>
            {maySync && configId !== null && (
              <Button
                variant="contained"
                size="small"
                disabled={pulling}
                onClick={() => pull(configId)}
                startIcon={pulling ? <CircularProgress size={16} color="inherit" /> : undefined}
                data-testid="channel-sync"
              >
                <FormattedMessage id={pulling ? `${C}.pulling` : `${C}.pull`} />
              </Button>
            )}
          </Box>
          {shown && <PullAlert outcome={shown} />}
          {configId !== null && children(configId, channel, pulled)}
        </>
      )}
    </Box>
  );
}

function PullAlert({ outcome }: { outcome: PullOutcome }) {
  if (outcome.kind === 'done') {
    return (
      <Alert severity="success" sx={{ mb: 2 }} data-testid="channel-sync-result">
        <FormattedMessage id={`${C}.pulled`} values={{ scenics: outcome.synced.scenics, products: outcome.synced.products }} />
      </Alert>
    );
  }
  return (
    <Alert severity={outcome.kind === 'failed' ? 'warning' : 'error'} sx={{ mb: 2 }} data-testid="channel-sync-result">
      <FormattedMessage id={`${C}.pullFailed.${outcome.kind}`} values={{ message: outcome.message }} />
    </Alert>
  );
}
