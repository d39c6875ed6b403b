// What the signed-in user may do, from the session the shell loaded.
import { useSession } from '../session';

/** Whether the user holds a permission code (`/saas/...:PUT`). */
export function useHolds(code: string): boolean {
  const { permissions } = useSession();
  return permissions?.some((p) => p.permCode === code) ?? false;
}

/** Whether the user is the tenant's staff (merchant id 0) rather than a merchant's user. */
export function useIsTenantStaff(): boolean {
  const { user } = useSession();
  return user?.mchId === 0;
}
