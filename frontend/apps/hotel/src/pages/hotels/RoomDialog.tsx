// Adding a room to a hotel (POST /saas/hotel/rooms/save with hotelId) or editing one
// (GET /saas/hotel/rooms/load?roomId=, then PUT /saas/hotel/rooms/update with roomId). Rules as
// hotel-app's RoomFields: a name of 1-64, type codes 0-99, 1 to 20 guests.
import { useEffect, useState } from 'react';
import { api, FormDialog, FormSelect, FormText, rules, useForm, YES_NO, type Rule } from '@tradewind/shared';
import { HOTEL_STATE, ROOM_WINDOW } from '../../enums';
import type { RoomRow } from './types';

export type RoomFormValues = {
  name: string;
  bedType: string;
  roomType: string;
  area: string;
  floor: string;
  maxGuests: string;
  addBed: string;
  broadband: string;
  window: string;
  state: string;
};

const R = 'hotel.rooms.fields';

export const emptyRoomForm = (): RoomFormValues => ({
  name: '',
  bedType: '0',
  roomType: '0',
  area: '',
  floor: '',
  maxGuests: '2',
  addBed: '0',
  broadband: '1',
  window: '1',
  state: '1',
});

export function roomFormOf(r: RoomRow): RoomFormValues {
  return {
    name: r.name,
    bedType: String(r.bedType),
    roomType: String(r.roomType),
    area: r.area,
    floor: r.floor,
    maxGuests: String(r.maxGuests),
    addBed: String(r.addBed),
    broadband: r.broadband,
    window: String(r.window),
    state: String(r.state),
  };
}

const code = (name: 'bedType' | 'roomType'): Rule<RoomFormValues> =>
  rules.all(rules.required(name, `${R}.${name}`), rules.pattern(name, (s) => Number(s) <= 99, 'hotel.roomForm.rules.code'));

export const roomRules: Partial<Record<keyof RoomFormValues, Rule<RoomFormValues>>> = {
  name: rules.all(rules.required('name', `${R}.name`), rules.length('name', 1, 64)),
  bedType: code('bedType'),
  roomType: code('roomType'),
  area: rules.length('area', 0, 32),
  floor: rules.length('floor', 0, 32),
  maxGuests: rules.all(
    rules.required('maxGuests', `${R}.maxGuests`),
    rules.pattern('maxGuests', (s) => Number(s) >= 1 && Number(s) <= 20, 'hotel.roomForm.rules.maxGuests'),
  ),
};

export function roomBody(v: RoomFormValues) {
  return {
    name: v.name.trim(),
    bedType: Number(v.bedType),
    roomType: Number(v.roomType),
    area: v.area.trim(),
    floor: v.floor.trim(),
    maxGuests: Number(v.maxGuests),
    addBed: Number(v.addBed),
    broadband: v.broadband,
    window: Number(v.window),
    state: Number(v.state),
  };
}

/** `roomId` null: closed; 0: a new room of `hotelId`. */
export function RoomDialog({ hotelId, roomId, onClose, onSaved }: { hotelId: string; roomId: number | null; onClose: () => void; onSaved: () => void }) {
  const form = useForm<RoomFormValues>(emptyRoomForm());
  const [loadedId, setLoadedId] = useState(0);
  const { reset } = form;
  useEffect(() => {
    if (!roomId) {
      if (roomId === 0) reset(emptyRoomForm());
      return undefined;
    }
    let live = true;
    api
      .get<RoomRow>('hotel-app', '/saas/hotel/rooms/load', { query: { roomId } })
      .then((r) => {
        if (!live) return;
        reset(roomFormOf(r));
        setLoadedId(r.id);
      })
      .catch(() => live && onClose());
    return () => {
      live = false;
    };
    // A new room id opens the dialog afresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [roomId]);
  const save = async () => {
    const ok = await form.submit(roomRules, (v) =>
      roomId
        ? api.put('hotel-app', '/saas/hotel/rooms/update', { roomId, ...roomBody(v) })
        : api.post('hotel-app', '/saas/hotel/rooms/save', { hotelId: Number(hotelId), ...roomBody(v) }),
    );
    if (ok) onSaved();
  };
  return (
    <FormDialog
      open={roomId === 0 || (roomId !== null && loadedId === roomId)}
      title={roomId ? 'hotel.roomForm.edit' : 'hotel.roomForm.add'}
      busy={form.busy}
      onClose={onClose}
      onSubmit={save}
      testId="room-dialog"
    >
      <FormText form={form} name="name" label={`${R}.name`} required wide />
      <FormText form={form} name="bedType" label={`${R}.bedType`} digits required />
      <FormText form={form} name="roomType" label={`${R}.roomType`} digits required />
      <FormText form={form} name="area" label={`${R}.area`} />
      <FormText form={form} name="floor" label={`${R}.floor`} />
      <FormText form={form} name="maxGuests" label={`${R}.maxGuests`} digits required />
      <FormSelect form={form} name="addBed" label={`${R}.addBed`} enumeration={YES_NO} />
      <FormSelect form={form} name="broadband" label={`${R}.broadband`} enumeration={YES_NO} />
      <FormSelect form={form} name="window" label={`${R}.window`} enumeration={ROOM_WINDOW} />
      <FormSelect form={form} name="state" label={`${R}.state`} enumeration={HOTEL_STATE} />
    </FormDialog>
  );
}
