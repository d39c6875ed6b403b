// Operator information (for operator users, mscType 300): the tenant's information, read-only,
// as the shell loaded it after login (`/saas/myInfo/saasInfo/load`).
import { Box, Dialog, DialogContent, DialogTitle, TextField } from '@mui/material';
import { FormattedMessage, useIntl } from 'react-intl';
import { dateTime, money, useSession } from '@tradewind/shared';

type Row = [field: string, label: string, show?: (v: unknown) => string];

const FIELDS: Row[] = [
  ['saasName', 'tenant.saasName'],
  ['companyName', 'tenant.companyName'],
  ['currency', 'tenant.currency'],
  ['language', 'tenant.language'],
  ['contactName', 'tenant.contactName'],
  ['contactMobile', 'tenant.contactMobile'],
  ['contactEmail', 'tenant.contactEmail'],
  ['domain', 'tenant.domain'],
  ['payServiceFee', 'tenant.payServiceFee', (v) => money(Number(v))],
  ['creditFee', 'tenant.creditFee', (v) => money(Number(v))],
  ['saasExpireDate', 'tenant.saasExpireDate', (v) => dateTime(Number(v), false)],
];

export function OperatorInfoDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const { org } = useSession();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid="operator-info">
      <DialogTitle>
        <FormattedMessage id="header.operatorInfo" />
      </DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5, pt: 1 }}>
          {FIELDS.map(([field, label, show]) => {
            const v = org?.[field];
            const text = v === undefined || v === null || v === '' ? '--' : show ? show(v) : String(v);
            return (
              <TextField key={field} size="small" label={intl.formatMessage({ id: label })} value={text} slotProps={{ input: { readOnly: true } }} />
            );
          })}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
