// A tenant as saas-main answers it (`Tenant`): the platform's list and a tenant's own info.

import type { SaasMainApi } from '@tradewind/shared';
export type TenantRow = SaasMainApi['schemas']['Tenant'];
