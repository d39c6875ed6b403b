// Mapping a product of the tenant to a channel's product (POST /saas/ticket/channel/map): the
// channel's product chosen from its catalogue as last pulled (GET
// /saas/ticket/channel/listProduct, searched by name as one types); a product the channel sells
// as another of ours is said beside it. The service's 412 on channelProductId is shown under
// the box.
import { useEffect, useState } from 'react';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { FormattedMessage, useIntl } from 'react-intl';
import { api, endpointOf, FormDialog, PERM, rules, useForm, type Page } from '@tradewind/shared';
import type { ChannelProductRow, SysProductRow } from './channels';

const F = 'ticket.channels.fields';

/** What the map call sends. */
export function mapBody(configId: number, productId: number, channelProductId: string) {
  return { configId, productId, channelProductId };
}

/** The channel's products whose name holds `name`, newest search only. */
function useChannelProducts(configId: number, name: string): ChannelProductRow[] {
  const [found, setFound] = useState<ChannelProductRow[]>([]);
  useEffect(() => {
    let live = true;
    const t = setTimeout(() => {
      api
        .get<Page<ChannelProductRow>>('ticket-app', endpointOf(PERM.ticketChannel.listProduct), { query: { configId, name: name.trim(), page: 1, resultNum: 50 } })
        .then(
          (p) => live && setFound(p.results),
          () => live && setFound([]),
        );
    }, 250);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [configId, name]);
  return found;
}

export interface MapDialogProps {
  configId: number;
  product: SysProductRow;
  onClose: () => void;
  onDone: () => void;
}

export function MapDialog({ configId, product, onClose, onDone }: MapDialogProps) {
  const intl = useIntl();
  const form = useForm({ channelProductId: '' });
  // What the box shows, and what was last typed (the search).
  const [input, setInput] = useState('');
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<ChannelProductRow | null>(null);
  const options = useChannelProducts(configId, typed);
  const shown = chosen && !options.some((o) => o.channelId === chosen.channelId) ? [chosen, ...options] : options;
  const error = form.errors.channelProductId;
  const label = (o: ChannelProductRow) => `${o.name} (${o.channelId})`;
  const submit = async () => {
    const ok = await form.submit({ channelProductId: rules.chosen('channelProductId', `${F}.channelProduct`) }, (v) =>
      api.post('ticket-app', endpointOf(PERM.ticketChannel.map), mapBody(configId, product.productId, v.channelProductId)),
    );
    if (ok) onDone();
  };
  return (
    <FormDialog open title="ticket.channels.mapTitle" busy={form.busy} onClose={onClose} onSubmit={submit} testId="channel-map-dialog" submitLabel="ticket.channels.map">
      <Typography variant="body2" sx={{ gridColumn: '1 / -1', mb: 1 }}>
        <FormattedMessage id="ticket.channels.mapProduct" values={{ product: `${product.productName} (${product.productId})`, scenic: product.scenicName }} />
      </Typography>
      <Autocomplete<ChannelProductRow>
        sx={{ gridColumn: '1 / -1' }}
        options={shown}
        value={chosen}
        onChange={(_, o) => {
          setChosen(o);
          form.set('channelProductId', o?.channelId ?? '');
        }}
        inputValue={input}
        onInputChange={(_, v, reason) => {
          setInput(v);
          // Choosing writes the label into the box: that is not a new search.
          if (reason === 'input' || reason === 'clear') setTyped(v);
        }}
        filterOptions={(x) => x}
        getOptionLabel={label}
        isOptionEqualToValue={(a, b) => a.channelId === b.channelId}
        noOptionsText={intl.formatMessage({ id: 'ticket.channels.noChannelProduct' })}
        size="small"
        autoHighlight
        disabled={form.busy}
        renderOption={(props, o) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <li key={key} {...rest}>
              <Box>
                <Box>{label(o)}</Box>
                <Typography variant="caption" color="text.secondary">
                  {o.parentName}
                  {o.productId !== null && o.productId !== product.productId && (
                    <>
                      {' · '}
                      <FormattedMessage id="ticket.channels.soldAs" values={{ product: o.productName ?? String(o.productId) }} />
                    </>
                  )}
                </Typography>
              </Box>
            </li>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={intl.formatMessage({ id: `${F}.channelProduct` })}
            required
            margin="dense"
            error={Boolean(error)}
            helperText={error ?? ' '}
            slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'field-channelProductId' } }}
          />
        )}
      />
    </FormDialog>
  );
}
