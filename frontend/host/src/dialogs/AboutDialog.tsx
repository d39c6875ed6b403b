// About: the console's build and the builds of the main, hotel, ticket and weixin backends
// (their public /actuator/info).
import { useEffect, useState } from 'react';
import { Dialog, DialogContent, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { FormattedMessage } from 'react-intl';
import { dateTime } from '@tradewind/shared';

interface Info {
  build?: { artifact?: string; version?: string; time?: number };
  git?: { commitId?: string; commitTime?: number };
}

const BACKENDS: [string, string][] = [
  ['about.main', 'saas-main'],
  ['about.hotel', 'hotel-app'],
  ['about.ticket', 'ticket-app'],
  ['about.weixin', 'weixin-server'],
];

export function AboutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [infos, setInfos] = useState<Record<string, Info | null>>({});
  useEffect(() => {
    if (!open) return;
    for (const [, svc] of BACKENDS) {
      fetch(`/api/${svc}/actuator/info`)
        .then((r) => (r.ok ? r.json() : null))
        .then((j: Info | null) => setInfos((s) => ({ ...s, [svc]: j })))
        .catch(() => setInfos((s) => ({ ...s, [svc]: null })));
    }
  }, [open]);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>
        <FormattedMessage id="about.title" />
      </DialogTitle>
      <DialogContent>
        <Table size="small" data-testid="about-table">
          <TableHead>
            <TableRow>
              <TableCell />
              <TableCell><FormattedMessage id="about.artifact" /></TableCell>
              <TableCell><FormattedMessage id="about.version" /></TableCell>
              <TableCell><FormattedMessage id="about.time" /></TableCell>
              <TableCell><FormattedMessage id="about.git" /></TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableRow>
              <TableCell><FormattedMessage id="about.frontend" /></TableCell>
              <TableCell>{__BUILD__.app}</TableCell>
              <TableCell>{__BUILD__.version}</TableCell>
              <TableCell>{__BUILD__.time}</TableCell>
              <TableCell>{__BUILD__.git}</TableCell>
            </TableRow>
            {BACKENDS.map(([label, svc]) => {
              const i = infos[svc];
              return (
                <TableRow key={svc}>
                  <TableCell><FormattedMessage id={label} /></TableCell>
                  <TableCell>{i?.build?.artifact ?? '--'}</TableCell>
                  <TableCell>{i?.build?.version ?? '--'}</TableCell>
                  <TableCell>{dateTime(i?.git?.commitTime)}</TableCell>
                  <TableCell>{i?.git?.commitId ?? '--'}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </DialogContent>
    </Dialog>
  );
}
