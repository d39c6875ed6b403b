// The tenant's suppliers.
import { MerchantList } from './MerchantList';

export default function SupplierList() {
  return <MerchantList kind="supplier" />;
}
