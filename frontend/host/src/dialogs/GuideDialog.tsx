// The beginner guide: its tasks with a start button; starting one opens a side panel with the
// numbered groups and steps (about 10 minutes), each step opening its page where it exists.
import { useState } from 'react';
import { Box, Button, Dialog, DialogContent, DialogTitle, Drawer, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { GUIDE_TASKS, type GuideStep, type GuideTask } from './guide';

function Steps({ steps, prefix, onOpen }: { steps: GuideStep[]; prefix: string; onOpen: (path: string) => void }) {
  const intl = useIntl();
  return (
    <Box component="ol" sx={{ pl: 2.5, my: 0.5, listStyle: 'none' }}>
      {steps.map((s, i) => {
        const n = `${prefix}${i + 1}`;
        const text = intl.formatMessage({ id: s.text });
        return (
          <li key={s.text}>
            <Typography variant="body2" sx={{ py: 0.25 }}>
              {n}.{' '}
              {s.path ? (
                <Link sx={{ cursor: 'pointer' }} onClick={() => onOpen(s.path!)} data-testid={`guide-step-${s.text}`}>
                  {text}
                </Link>
              ) : s.steps ? (
                text
              ) : (
                <>
                  {text} <FormattedMessage id="guide.notYet" />
                </>
              )}
            </Typography>
            {s.steps && <Steps steps={s.steps} prefix={`${n}.`} onOpen={onOpen} />}
          </li>
        );
      })}
    </Box>
  );
}

export function GuideDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [task, setTask] = useState<GuideTask | null>(null);
  return (
    <>
      <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid="guide-dialog">
        <DialogTitle>
          <FormattedMessage id="guide.title" />
        </DialogTitle>
        <DialogContent>
          <List>
            {GUIDE_TASKS.map((t) => (
              <ListItem
                key={t.id}
                secondaryAction={
                  <Button
                    variant="contained"
                    size="small"
                    onClick={() => {
                      setTask(t);
                      onClose();
                    }}
                    data-testid={`guide-start-${t.id}`}
                  >
                    <FormattedMessage id="guide.startButton" />
                  </Button>
                }
              >
                <ListItemText primary={intl.formatMessage({ id: t.name })} secondary={intl.formatMessage({ id: t.label })} />
              </ListItem>
            ))}
          </List>
        </DialogContent>
      </Dialog>
      <Drawer anchor="right" open={task !== null} onClose={() => setTask(null)}>
        <Box sx={{ width: 380, p: 2 }} data-testid="guide-panel">
          {task && (
            <>
              <Typography variant="h6">{intl.formatMessage({ id: task.name })}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                <FormattedMessage id="guide.duration" />
              </Typography>
              {task.groups.map((g, i) => (
                <Box key={g.title} sx={{ mb: 2 }}>
                  <Typography variant="subtitle2">
                    {i + 1}. {intl.formatMessage({ id: g.title })}
                  </Typography>
                  <Steps steps={g.steps} prefix={`${i + 1}.`} onOpen={(p) => navigate(p)} />
                </Box>
              ))}
            </>
          )}
        </Box>
      </Drawer>
    </>
  );
}
