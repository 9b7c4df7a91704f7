import { parseAttributes, type AttributeName, type PageContext } from '../../src/element/attributes';

/** A product page of a test store, for attributes whose URLs resolve against the page. */
export const SHOP_PAGE: PageContext = {
  baseUrl: 'https://shop.example/products/',
  origin: 'https://shop.example',
  host: 'shop.example',
};

/** Parses `attributes` as an element on `page` would, collecting the console warnings it gives. */
export function parseElementAttributes(attributes: Partial<Record<AttributeName, string>>, page = SHOP_PAGE) {
  const warnings: string[] = [];
  const config = parseAttributes(
    (name) => attributes[name] ?? null,
    page,
    (message) => warnings.push(message),
  );
  return { config, warnings };
}
