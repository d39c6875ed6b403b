// The enumerations the ticket pages show, with the values ticket-app answers (labels in the
// messages as `<id>.<value>`): docs/enums.md and services/ticket-app/src/domain/.
import type { Enumeration } from '@tradewind/shared';

/** `typeScenicStar`: 0 unrated, 1 (A) to 5 (AAAAA). */
export const SCENIC_STAR: Enumeration = { id: 'ticket.enum.scenicStar', values: [0, 1, 2, 3, 4, 5] };

/** `stateScenic`: 0 pending, 1 normal, 2 stopped. */
export const SCENIC_STATE: Enumeration = { id: 'ticket.enum.scenicState', values: [0, 1, 2] };

/** `typeScenicOpen`: 1 all year, 2 seasonal, 3 temporarily closed. */
export const SCENIC_OPEN: Enumeration = { id: 'ticket.enum.scenicOpen', values: [1, 2, 3] };

/** `stateScenicSupplier`: 0 pending, 1 cooperating, 2 stopped. */
export const SCENIC_SUPPLIER_STATE: Enumeration = { id: 'ticket.enum.scenicSupplierState', values: [0, 1, 2] };

/** A supplier's scenic request `state`: 0 pending, 1 approved, 2 rejected. */
export const REQUEST_STATE: Enumeration = { id: 'ticket.enum.requestState', values: [0, 1, 2] };

/** A scenic request's `kind`: 1 add a spot, 2 change one. */
export const REQUEST_KIND: Enumeration = { id: 'ticket.enum.requestKind', values: [1, 2] };

/** Every enumeration, for the messages test. */
export const ENUMS: Enumeration[] = [SCENIC_STAR, SCENIC_STATE, SCENIC_OPEN, SCENIC_SUPPLIER_STATE, REQUEST_STATE, REQUEST_KIND];
