// Which state changes a product allows (docs/hotel-products.md, domain/product.rs): the actions
// of PUT /saas/product/hotelProducts/changeState each product's row offers.
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

/** The actions a product in `state` allows, in the order the row shows them. */
export function actionsFor(state: number): string[] {
  return Object.entries(STATE_ACTIONS)
    .filter(([, from]) => from.includes(state))
    .map(([action]) => action);
}
