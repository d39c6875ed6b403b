// The enumerations the ticket pages show, with the values ticket-app answers (labels in the
// messages as `<id>.<value>`): docs/enums.md and services/ticket-app/src/domain/.
import type { Enumeration } from '@tradewind/shared';

/** `typeScenicStar`: 0 unrated, 1 (A) to 5 (AAAAA). */
export const SCENIC_STAR: Enumeration = { id: 'ticket.enum.scenicStar', values: [0, 1, 2, 3, 4, 5] };

/** `stateScenic`: 0 pending, 1 normal, 2 stopped. */
export const SCENIC_STATE: Enumeration = { id: 'ticket.enum.scenicState', values: [0, 1, 2] };

/** Every enumeration, for the messages test. */
export const ENUMS: Enumeration[] = [SCENIC_STAR, SCENIC_STATE];
