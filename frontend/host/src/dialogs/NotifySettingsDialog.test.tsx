// The notification settings on the form kit: the types named by the shared labels, the contact
// rules checked before the question (nothing sent), then the configuration saved as stored.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { configureApi } from '@tradewind/shared';
import { renderPage, serve, setUpPageTests, type, writes } from '@tradewind/shared/src/testing';
import en from '../messages/en';
import { NotifySettingsDialog } from './NotifySettingsDialog';

setUpPageTests();

let shown: [string, string][];
beforeEach(() => {
  shown = [];
  configureApi({ notify: (severity, message) => shown.push([severity, message]) });
});

const box = (testId: string) => within(screen.getByTestId(testId)).getByRole('checkbox') as HTMLInputElement;

describe('notification settings', () => {
  it('asks for a mobile before SMS notices and saves after the question', async () => {
    const stored = { notifyWeb: '0', notifyWeixin: '', notifySms: '', notifyMail: '', mobile: '', email: '', state: 1 };
    const calls = serve((c) => (c.method === 'GET' ? stored : true));
    const closed = vi.fn();
    const { problems } = renderPage(() => <NotifySettingsDialog open onClose={closed} />, en);
    await waitFor(() => expect(box('notifyWeb-0').checked).toBe(true));
    // Every type on each of the four channels, with the shared labels.
    expect(screen.getAllByText('New order (supplier)')).toHaveLength(4);
    expect(screen.getAllByText('Order completed (distributor)')).toHaveLength(4);

    fireEvent.click(box('notifySms-0'));
    fireEvent.click(screen.getByTestId('notify-save'));
    expect(await screen.findByText('You checked SMS notices: enter a valid contact phone')).toBeTruthy();
    expect(screen.queryByText('Save the notification configuration?')).toBeNull();
    expect(writes(calls)).toEqual([]);

    type('field-mobile', '13800000000');
    fireEvent.click(screen.getByTestId('notify-save'));
    expect(await screen.findByText('Save the notification configuration?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(closed).toHaveBeenCalledTimes(1));
    expect(writes(calls)).toHaveLength(1);
    expect(writes(calls)[0].url.pathname).toBe('/api/saas-main/saas/notify/config/save');
    expect(writes(calls)[0].body).toEqual({ notifyWeb: '0', notifyWeixin: '', notifySms: '0', notifyMail: '', mobile: '13800000000', email: '', state: 1 });
    expect(shown).toEqual([['success', 'Notification settings saved']]);
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/saas-main/saas/notify/config/load', '/api/saas-main/saas/notify/config/save']);
    expect(problems).toEqual([]);
  });
});
