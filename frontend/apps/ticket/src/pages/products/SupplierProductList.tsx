// The supplier's own ticket products (GET /saas/product/supplierProduct/listTicket): the product
// list's page on the supplier's endpoint.
import { ProductList } from './ProductList';

export default function SupplierProductList() {
  return <ProductList source="supplier" />;
}
