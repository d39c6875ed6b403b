// Support tickets in a real browser against the real fleet: the demo supplier submits a ticket
// (after the spec's question); the platform's administrator finds it among the work orders,
// assigns it to himself and replies; the supplier reads the reply, answers, allows the agent
// login and marks the ticket solved (after the question), which closes its replies.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { login, newPage, shot, useFleet } from '../lib.mjs';

const ctx = useFleet();

const row = (page, table, text) => page.getByTestId(table).getByRole('row').filter({ hasText: text });

async function fits(page, table) {
  const f = await page.getByTestId(table).evaluate((t) => {
    const scroller = t.querySelector('.MuiTableContainer-root') ?? t;
    return { scroll: scroller.scrollWidth, client: scroller.clientWidth };
  });
  assert.ok(f.scroll <= f.client, `${table}: ${JSON.stringify(f)}`);
}

describe('support pages', () => {
  it('goes from the customer to support and back, and solving closes the replies', async () => {
    const customer = await newPage(ctx.browser, 'en-US');
    await login(customer, ctx.fleet.url, 'supplier', 'supplier123');
    await customer.goto(`${ctx.fleet.url}/saas-app/support/mySupport/list`);
    await customer.getByTestId('base-tickets-table').waitFor();
    await customer.getByTestId('ticket-add').click();
    const form = customer.getByTestId('ticket-submit-dialog');
    await form.getByTestId('field-subject').fill('Orders');
    await form.getByTestId('field-title').fill('Order stays in booking');
    await form.getByTestId('field-content').fill('Order 42 has been booking for an hour.');
    await form.getByTestId('form-submit').click();
    await customer.getByTestId('confirm-dialog').getByText('Submit the ticket?').waitFor();
    await customer.getByTestId('confirm-yes').click();
    await form.waitFor({ state: 'detached' });
    await row(customer, 'base-tickets-table', 'Order stays in booking').getByText('Pending').waitFor();
    await fits(customer, 'base-tickets-table');
    await shot(customer, 'base-support-tickets');

    const support = await newPage(ctx.browser, 'en-US');
    await login(support, ctx.fleet.url, 'admin', 'admin123');
    await support.goto(`${ctx.fleet.url}/saas-app/support/workOrder/list`);
    const work = row(support, 'base-work-orders-table', 'Order stays in booking');
    await work.waitFor();
    await work.getByRole('button', { name: 'Assign' }).click();
    const assign = support.getByTestId('ticket-assign-dialog');
    await assign.getByRole('combobox', { name: /Assignee/ }).click();
    await support.getByRole('option', { name: /admin/ }).first().click();
    await assign.getByTestId('form-submit').click();
    await assign.waitFor({ state: 'detached' });
    await work.getByText('In progress').waitFor();
    await fits(support, 'base-work-orders-table');
    await shot(support, 'base-work-orders');
    await work.getByRole('button', { name: 'View' }).click();
    const view = support.getByTestId('ticket-view');
    await view.getByTestId('ticket-reply-text').fill('We are looking into order 42.');
    await view.getByTestId('ticket-reply-send').click();
    await view.getByTestId('ticket-replies').getByText('We are looking into order 42.').waitFor();
    await shot(support, 'base-work-order-view');
    await view.getByTestId('ticket-view-close').click();

    await customer.reload();
    const mine = row(customer, 'base-tickets-table', 'Order stays in booking');
    await mine.getByText('In progress').waitFor();
    await mine.getByRole('button', { name: 'View' }).click();
    const detail = customer.getByTestId('ticket-view');
    await detail.getByTestId('ticket-replies').getByText('We are looking into order 42.').waitFor();
    await detail.getByTestId('ticket-reply-text').fill('Thank you.');
    await detail.getByTestId('ticket-reply-send').click();
    await detail.getByTestId('ticket-replies').getByText('Thank you.').waitFor();
    await detail.getByTestId('ticket-consent').click();
    await detail.getByTestId('ticket-fields').getByText('Allowed', { exact: true }).waitFor();
    await shot(customer, 'base-support-ticket-view');
    await detail.getByTestId('ticket-view-close').click();
    await detail.waitFor({ state: 'detached' });

    await mine.getByRole('button', { name: 'Solved' }).click();
    await customer.getByTestId('confirm-dialog').getByText('This will close the ticket “Order stays in booking”, continue?').waitFor();
    await customer.getByTestId('confirm-yes').click();
    await mine.getByText('Solved').first().waitFor();
    await mine.getByRole('button', { name: 'Restore' }).waitFor();
    await mine.getByRole('button', { name: 'View' }).click();
    await customer.getByTestId('ticket-view').getByTestId('ticket-closed').waitFor();
    assert.equal(await customer.getByTestId('ticket-view').getByTestId('ticket-reply-text').count(), 0);
  });
});
