// Searching hotels to book: GET /saas/booking/hotelBookings/list with the stay (check-in and
// check-out dates, rooms) and optional name and star; each hotel shows its lowest price for the
// stay and opens its booking page. The tenant's staff may pick the distributor they book for
// from the tenant's list.
import { useCallback } from 'react';
import { Alert, Link } from '@mui/material';
import {
  api,
  DataTable,
  DateFilter,
  ListPage,
  money,
  SelectFilter,
  TextFilter,
  useEnumLabel,
  useFilters,
  useIsTenantStaff,
  day,
  type Column,
  type Page,
} from '@tradewind/shared';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { HOTEL_STAR } from '../../enums';
import { useDistributorOptions } from '../choices';
import { defaultStay, hotelBookingPath, stayProblem, stayQuery } from './stay';
import type { BookableHotel } from './types';

const F = 'hotel.booking.fields';

export default function BookingSearch() {
  const label = useEnumLabel();
  const staff = useIsTenantStaff();
  const distributors = useDistributorOptions(staff);
  const f = useFilters({ ...defaultStay(), hotelName: '', star: '', distributorId: '' });
  const { applied } = f;
  const problem = stayProblem(applied, day(new Date()));
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<BookableHotel>>('hotel-app', '/saas/booking/hotelBookings/list', {
        query: {
          page,
          resultNum: size,
          ...stayQuery(applied),
          hotelName: applied.hotelName.trim(),
          star: applied.star,
          distributorId: applied.distributorId,
        },
      }),
    [applied],
  );
  const columns: Column<BookableHotel>[] = [
    {
      key: 'name',
      title: `${F}.hotelName`,
      render: (r) => (
        <Link component={RouterLink} to={hotelBookingPath(r.hotelId, applied, applied.distributorId)} data-testid={`booking-hotel-${r.hotelId}`}>
          {r.name}
        </Link>
      ),
    },
    { key: 'star', title: `${F}.star`, render: (r) => label(HOTEL_STAR, r.star) },
    { key: 'address', title: `${F}.address`, render: (r) => r.address || '--' },
    { key: 'minPrice', title: `${F}.minPrice`, render: (r) => money(r.minPrice) },
    { key: 'bookableProducts', title: `${F}.bookableProducts` },
  ];
  return (
    <ListPage
      title="hotel.booking.title"
      onInquire={f.inquire}
      onReset={f.reset}
      filters={
        <>
          <DateFilter label={`${F}.checkinDate`} value={f.draft.checkinDate} onChange={(v) => f.set('checkinDate', v)} testId="booking-checkin" />
          <DateFilter label={`${F}.checkoutDate`} value={f.draft.checkoutDate} onChange={(v) => f.set('checkoutDate', v)} testId="booking-checkout" />
          <TextFilter label={`${F}.roomNum`} value={f.draft.roomNum} onChange={(v) => f.set('roomNum', v)} digits width={90} testId="booking-rooms" />
          <TextFilter label={`${F}.hotelName`} value={f.draft.hotelName} onChange={(v) => f.set('hotelName', v)} testId="booking-hotel-name" />
          <SelectFilter label={`${F}.star`} value={f.draft.star} onChange={(v) => f.set('star', v)} enumeration={HOTEL_STAR} testId="booking-star" />
          {staff && (
            <SelectFilter
              label={`${F}.distributor`}
              value={f.draft.distributorId}
              onChange={(v) => f.set('distributorId', v)}
              options={distributors}
              width={200}
              testId="booking-distributor"
            />
          )}
        </>
      }
    >
      {problem ? (
        // The service would refuse the stay: nothing is asked.
        <Alert severity="warning" data-testid="booking-stay-problem">
          <FormattedMessage id={problem.id} />
        </Alert>
      ) : (
        <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.hotelId} testId="hotel-booking-table" />
      )}
    </ListPage>
  );
}
