// A warning while the tenant's subscription ends within 30 days, linking to the service list.
import { Alert, Link } from '@mui/material';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { dateTime, useSession } from '@tradewind/shared';

export const EXPIRY_WARNING_DAYS = 30;

export function expiresSoon(expire: number | undefined, now = Date.now()): boolean {
  return !!expire && expire - now <= EXPIRY_WARNING_DAYS * 86_400_000;
}

export function ExpiryBanner() {
  const navigate = useNavigate();
  const { user } = useSession();
  if (!expiresSoon(user?.saasExpireDate)) return null;
  return (
    <Alert severity="warning" data-testid="expiry-banner">
      <FormattedMessage id="shell.expiry" values={{ date: dateTime(user?.saasExpireDate, false) }} />{' '}
      <Link sx={{ cursor: 'pointer' }} onClick={() => navigate('/saas-app/boss/service/list')}>
        <FormattedMessage id="shell.renew" />
      </Link>
    </Alert>
  );
}
