// saas-main's interface catalogue and the tenant's configurations of it.

import type { SaasMainApi } from '@tradewind/shared';

/** `InterfaceConfig` of saas-main: the credentials' names only (`credentialKeys`), never their values. */
export type InterfaceConfigRow = SaasMainApi['schemas']['InterfaceConfig'];

/** `InterfaceInfo` of saas-main: an interface of the catalogue with the credentials it asks for. */
export type InterfaceInfoRow = SaasMainApi['schemas']['InterfaceInfo'];
