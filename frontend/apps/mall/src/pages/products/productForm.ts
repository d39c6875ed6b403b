// The mall product form (the tenant's staff save and update products): its values as typed,
// its rules (mall-app's domain/product.rs: name 1 to 64 characters, keywords up to 200, a hotel
// or ticket product picked for sale types 10 and 20, a sale time whose end is after its start,
// price in yuan up to 10 million, stock and rank whole numbers, at most 9 image addresses) and
// the body, with the price sent in fen (integer arithmetic, yuanToFen).
import { fenToYuan, rules, yuanToFen, type Rule } from '@tradewind/shared';
import { fromLocalInput, toLocalInput } from '../../time';
import type { ProductRow } from '../../types';

export type ProductFormValues = {
  productName: string;
  keywords: string;
  saleType: string;
  productId: string;
  supplierId: string;
  saleStart: string;
  saleEnd: string;
  price: string;
  stock: string;
  rankNum: string;
  images: string;
  description: string;
};

const DAY = 86_400_000;

export const emptyProductForm = (now = Date.now()): ProductFormValues => ({
  productName: '',
  keywords: '',
  saleType: '60',
  productId: '',
  supplierId: '0',
  saleStart: toLocalInput(now),
  saleEnd: toLocalInput(now + 30 * DAY),
  price: '',
  stock: '0',
  rankNum: '0',
  images: '',
  description: '',
});

export function productFormOf(p: ProductRow): ProductFormValues {
  return {
    productName: p.productName,
    keywords: p.keywords,
    saleType: String(p.saleType),
    productId: p.saleType === 60 ? '' : String(p.productId),
    supplierId: String(p.supplierId),
    saleStart: toLocalInput(p.saleTimeRange[0]),
    saleEnd: toLocalInput(p.saleTimeRange[1]),
    price: fenToYuan(p.price),
    stock: String(p.stock),
    rankNum: String(p.rankNum),
    images: p.images.join('\n'),
    description: p.description,
  };
}

const F = 'mall.productForm.fields';
const YUAN = /^\d{1,8}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,7}$/;

/** Image addresses, one a line, blank lines left out. */
export function imagesOf(text: string): string[] {
  return text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);
}

export const productRules: Partial<Record<keyof ProductFormValues, Rule<ProductFormValues>>> = {
  productName: rules.all(rules.required('productName', `${F}.productName`), rules.length('productName', 1, 64)),
  keywords: rules.length('keywords', 0, 200),
  saleType: rules.chosen('saleType', `${F}.saleType`),
  productId: (v, intl) => (v.saleType !== '60' && v.productId === '' ? intl.formatMessage({ id: 'form.select' }, { name: intl.formatMessage({ id: `${F}.productId` }) }) : null),
  saleStart: (v, intl) => (Number.isNaN(fromLocalInput(v.saleStart)) ? intl.formatMessage({ id: 'form.select' }, { name: intl.formatMessage({ id: `${F}.saleStart` }) }) : null),
  saleEnd: (v, intl) => {
    const end = fromLocalInput(v.saleEnd);
    if (Number.isNaN(end)) return intl.formatMessage({ id: 'form.select' }, { name: intl.formatMessage({ id: `${F}.saleEnd` }) });
    return end <= fromLocalInput(v.saleStart) ? intl.formatMessage({ id: 'mall.form.endAfterStart' }) : null;
  },
  price: rules.all(rules.required('price', `${F}.price`), rules.pattern('price', (s) => YUAN.test(s), 'mall.form.yuan')),
  stock: rules.all(rules.required('stock', `${F}.stock`), rules.pattern('stock', (s) => WHOLE.test(s), 'mall.form.whole')),
  rankNum: rules.pattern('rankNum', (s) => /^\d{1,6}$/.test(s), 'mall.form.rank'),
  images: (v, intl) => {
    const list = imagesOf(v.images);
    if (list.length > 9) return intl.formatMessage({ id: 'mall.form.images' });
    return list.every((s) => /^(https?:\/\/|\/)/.test(s)) ? null : intl.formatMessage({ id: 'mall.form.imageAddress' });
  },
  description: rules.length('description', 0, 4000),
};

/** The product's fields as mall-app takes them (`ProductFields`). */
export function productBody(v: ProductFormValues): Record<string, unknown> {
  const general = v.saleType === '60';
  return {
    productName: v.productName.trim(),
    keywords: v.keywords.trim(),
    saleType: Number(v.saleType),
    productId: general ? 0 : Number(v.productId),
    supplierId: general ? Number(v.supplierId || 0) : 0,
    saleTimeRange: [fromLocalInput(v.saleStart), fromLocalInput(v.saleEnd)],
    images: imagesOf(v.images),
    description: v.description.trim(),
    price: yuanToFen(v.price.trim()),
    stock: Number(v.stock),
    rankNum: Number(v.rankNum || 0),
  };
}
