// The paid services catalogue, by rank: the shared `ServiceCatalogue` (saas-main GET
// /saas/boss/service/list, buying after a question naming the price). The shell's expiry banner
// links here (/saas-app/boss/service/list). Only a platform administrator tops a tenant's balance
// up (the service refuses others): the base application's button and dialog.
import { useState } from 'react';
import { Button } from '@mui/material';
import { FormattedMessage } from 'react-intl';
import { MscType, PERM, ServiceCatalogue, useHolds, useSession } from '@tradewind/shared';
import { RechargeDialog } from './RechargeDialog';

export default function ServiceList() {
  const { user } = useSession();
  const mayRecharge = useHolds(PERM.recharge) && user?.mscType === MscType.PlatformAdmin;
  const [recharging, setRecharging] = useState(false);
  return (
    <ServiceCatalogue
      testId="base-services-table"
      actions={
        mayRecharge && (
          <Button variant="contained" color="success" size="small" onClick={() => setRecharging(true)} data-testid="recharge-open">
            <FormattedMessage id="base.recharge.open" />
          </Button>
        )
      }
    >
      {recharging && <RechargeDialog onClose={() => setRecharging(false)} onSaved={() => setRecharging(false)} />}
    </ServiceCatalogue>
  );
}
