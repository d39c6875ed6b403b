// A stay as the booking pages carry it (in the URL from search to hotel to order form), and
// its rules as hotel-app checks them (domain/booking.rs check_stay): check-in not in the past,
// check-out after it, at most 90 nights, 1 to 99 rooms.
import { appPath } from '../../app';
import { parseDay } from '@tradewind/shared';

export const MAX_NIGHTS = 90;
export const MAX_ROOMS = 99;

export interface Stay {
  checkinDate: string;
  checkoutDate: string;
  roomNum: string;
}

/** `YYYY-MM-DD` of the local date `n` days from `from`. */
export function addDays(from: Date, n: number): string {
  const d = new Date(from.getFullYear(), from.getMonth(), from.getDate() + n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Tonight for one night, one room. */
export function defaultStay(now = new Date()): Stay {
  return { checkinDate: addDays(now, 0), checkoutDate: addDays(now, 1), roomNum: '1' };
}

/** Nights between the dates (0 when either is missing or they are reversed). */
export function nightsOf(checkin: string, checkout: string): number {
  const a = parseDay(checkin);
  const b = parseDay(checkout);
  if (!a || !b || b <= a) return 0;
  return Math.round((b.getTime() - a.getTime()) / 86_400_000);
}

/** The first problem of a stay, on the field the service would name. */
export function stayProblem(s: Stay, today: string): { field: keyof Stay; id: string } | null {
  if (!parseDay(s.checkinDate)) return { field: 'checkinDate', id: 'hotel.booking.rules.checkin' };
  if (!parseDay(s.checkoutDate)) return { field: 'checkoutDate', id: 'hotel.booking.rules.checkout' };
  if (s.checkinDate < today) return { field: 'checkinDate', id: 'hotel.booking.rules.past' };
  const nights = nightsOf(s.checkinDate, s.checkoutDate);
  if (nights === 0) return { field: 'checkoutDate', id: 'hotel.booking.rules.order' };
  if (nights > MAX_NIGHTS) return { field: 'checkoutDate', id: 'hotel.booking.rules.tooLong' };
  const rooms = Number(s.roomNum);
  if (!/^\d+$/.test(s.roomNum.trim()) || rooms < 1 || rooms > MAX_ROOMS) return { field: 'roomNum', id: 'hotel.booking.rules.rooms' };
  return null;
}

/** The stay as query parameters. */
export function stayQuery(s: Stay): Record<string, string> {
  return { checkinDate: s.checkinDate, checkoutDate: s.checkoutDate, roomNum: s.roomNum.trim() };
}

/** A stay read from the URL, the default where a part is missing. */
export function stayFrom(params: URLSearchParams, now = new Date()): Stay {
  const d = defaultStay(now);
  return {
    checkinDate: params.get('checkinDate') || d.checkinDate,
    checkoutDate: params.get('checkoutDate') || d.checkoutDate,
    roomNum: (params.get('roomNum') || d.roomNum).replace(/\D/g, ''),
  };
}

/** The booking page of a hotel for a stay. */
export function hotelBookingPath(hotelId: number, s: Stay, distributorId = ''): string {
  const q = new URLSearchParams({ hotelId: String(hotelId), ...stayQuery(s) });
  if (distributorId) q.set('distributorId', distributorId);
  return appPath(`booking/hotelDetail?${q.toString()}`);
}
