// The ticket application's page of one configured sales channel (Channel interfaces menu): the
// shared page of the interface's configurations by merchant, each enabled configuration of a
// ticket channel with links to the channel's spots, products and the tenant's products on it.
import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { InterfacePage, RowActions, type InterfaceConfigRow } from '@tradewind/shared';
import { asChannel, channelPagePath, PAGE_KINDS, useTicketChannelConfigs } from './channels';

/** `state` of an enabled configuration. */
const ENABLED = 1;

export default function ChannelInterfacePage() {
  const { configs } = useTicketChannelConfigs();
  const actions = (config: InterfaceConfigRow, interfaceId: number) => {
    const channel = asChannel(configs.find((c) => c.interfaceId === interfaceId)?.interfaceName ?? '');
    if (!channel || config.state !== ENABLED) return null;
    return (
      <RowActions>
        {PAGE_KINDS.map((k) => (
          <Link key={k} component={RouterLink} to={channelPagePath(channel, k, config.id)} variant="body2" sx={{ whiteSpace: 'nowrap' }} data-testid={`interface-${k}-${config.id}`}>
            <FormattedMessage id={`ticket.channels.pages.${k}`} />
          </Link>
        ))}
      </RowActions>
    );
  };
  return <InterfacePage rowActions={actions} />;
}
