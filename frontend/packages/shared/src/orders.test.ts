// The shared order action table as the applications bind it.
import { describe, expect, it } from 'vitest';
import { bindOrderActions, orderActionsOf, orderPartyOf } from './orders';

describe('order actions', () => {
  const actions = bindOrderActions({ confirm: '/c:PUT', refuse: '/r:PUT', cancel: '/x:PUT', pay: '/p:PUT' });
  const all = () => true;

  it('leaves out the actions an application serves no code for', () => {
    expect(actions.map((a) => a.key)).toEqual(['pay', 'confirm', 'refuse', 'cancel']);
  });

  it('offers an action to its parties in the states it starts from, among the codes held', () => {
    expect(orderActionsOf(actions, 8, 'S', all).map((a) => a.key)).toEqual(['confirm', 'refuse']);
    expect(orderActionsOf(actions, 8, 'D', all).map((a) => a.key)).toEqual(['cancel']);
    expect(orderActionsOf(actions, 2, 'O', all).map((a) => a.key)).toEqual(['pay', 'cancel']);
    expect(orderActionsOf(actions, 1, 'S', all)).toEqual([]);
    expect(orderActionsOf(actions, 8, 'S', (c) => c === '/c:PUT').map((a) => a.key)).toEqual(['confirm']);
    expect(orderActionsOf(actions, 8, null, all)).toEqual([]);
  });

  it('needs a reason for refusals only', () => {
    expect(actions.filter((a) => a.remarkRequired).map((a) => a.key)).toEqual(['refuse']);
  });

  it('knows the party from the merchant', () => {
    expect(orderPartyOf(0, undefined)).toBe('O');
    expect(orderPartyOf(2001, 1)).toBe('S');
    expect(orderPartyOf(2002, 2)).toBe('D');
    expect(orderPartyOf(2003, 9)).toBeNull();
  });
});
