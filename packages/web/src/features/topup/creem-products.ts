import { CreemProducts, type CreemProduct } from '@gw/contracts';

/** The products of topup/info's `creem_products` (JSON text, as new-api sends it); none when it is not valid. */
export function parseCreemProducts(text: string | undefined): CreemProduct[] {
  if (!text) return [];
  try {
    const parsed = CreemProducts.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** A product's price as the buyer reads it: "4.99 USD". */
export function creemPriceText(product: Pick<CreemProduct, 'price' | 'currency'>): string {
  return `${product.price.toFixed(2)} ${product.currency}`;
}
