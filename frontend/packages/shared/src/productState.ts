// A product's life, as the services' one table of actions and states (services/trade's
// product_state.rs: hotel and ticket products move alike): which state changes
// (`changeState`'s `action`) a product in each state allows.

/** Product `state`: 0 unpublished, 1 on sale, 2 off the shelf, 3 disabled, -1 deleted. */
export const PRODUCT_STATES = [0, 1, 2, 3, -1] as const;

/** Each action and the states it may start from. */
export const STATE_ACTIONS: Record<string, number[]> = {
  publish: [0],
  unpublish: [1, 2],
  shelve: [2],
  unshelve: [1],
  disable: [0, 1, 2],
  enable: [3],
  delete: [0, 2, 3],
  restore: [-1],
};

/** The actions a product in `state` allows, in the order a row shows them. */
export function actionsFor(state: number): string[] {
  return Object.entries(STATE_ACTIONS)
    .filter(([, from]) => from.includes(state))
    .map(([action]) => action);
}
