// The tenant's distributors.
import { MerchantList } from './MerchantList';

export default function DistributorList() {
  return <MerchantList kind="distributor" />;
}
