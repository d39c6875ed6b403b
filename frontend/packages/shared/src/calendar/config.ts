// Which service a price and stock calendar talks to: hotel-app's and ticket-app's calendars are
// one shape (the same list, save and distributor price calls under their own paths), so one set
// of components serves both, told the service, its paths and codes by this.
import type { Service } from '../api';

export interface CalendarConfig {
  service: Service;
  endpoints: {
    /** GET ?productId=&startDate=&endDate=: one entry a date. */
    list: string;
    /** POST: a change of the common calendar. */
    save: string;
    /**
     * GET ?productId=&startDate=&endDate=&distributorId=: distributors' own prices, a row per
     * distributor and date (hotel-app). Absent: the calendar's list itself carries the view of the
     * distributor it is asked for, under each date's `distributor` (ticket-app), so a distributor
     * must be picked to see it.
     */
    distributorList?: string;
    /** POST: a distributor's own price and authorised stock. */
    distributorSave: string;
  };
  /** The codes of the save, the distributors' list and their save. */
  perms: { save: string; distributorList: string; distributorSave: string };
  /** The product list the calendar's Back returns to. */
  backTo: string;
  /** What the stock counts (a few labels say it): rooms or tickets. */
  unit: 'room' | 'ticket';
  /** The page's test id. */
  testId: string;
}
