// An application's home (/hotel/home): its menu as cards of links, the pages the user may open.
import { useMemo } from 'react';
import { Box, Card, CardContent, Link, Typography } from '@mui/material';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { buildMenu, useSession, type MenuItem } from '@tradewind/shared';
import { useRemotes } from '../remotesContext';

function leaves(item: MenuItem): MenuItem[] {
  return item.children.length === 0 ? [item] : item.children.flatMap(leaves);
}

export default function ModuleHome({ app }: { app: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const remotes = useRemotes();
  const { user, permissions } = useSession();
  const menu = useMemo(() => {
    const r = remotes.byApp[app];
    if (!r || !user) return [];
    return buildMenu(r.routes, `/${app}`, { mscType: user.mscType, mchId: user.mchId, codes: new Set((permissions ?? []).map((p) => p.permCode)) });
  }, [remotes, app, user, permissions]);
  return (
    <Box data-testid={`module-home-${app}`}>
      <Typography variant="h6" sx={{ mb: 2 }}>
        <FormattedMessage id="home.title" />
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: 2 }}>
        {menu.length === 0 && (
          <Typography color="text.secondary" data-testid="module-empty">
            <FormattedMessage id="home.empty" />
          </Typography>
        )}
        {menu.map((group) => (
          <Card key={group.path} variant="outlined">
            <CardContent>
              <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
                {intl.formatMessage({ id: group.title })}
              </Typography>
              {leaves(group).map((l) => (
                <Link key={l.path} sx={{ display: 'block', cursor: 'pointer', py: 0.25 }} onClick={() => navigate(l.path)}>
                  {intl.formatMessage({ id: l.title })}
                </Link>
              ))}
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
