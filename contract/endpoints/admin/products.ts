import { endpoint, message, Text } from '../../endpoint';
import { CatalogueSchema } from '../../entities';
import { ProductEditBody } from '../../forms';

/** The admin's price lists. */

export const products = endpoint({
  name: 'product.all',
  method: 'GET',
  path: '/api/product/all',
  access: 'admin',
  summary: 'The whole catalogue, for price lists.',
  response: message(CatalogueSchema),
});

export const editProduct = endpoint({
  name: 'product.edit',
  method: 'PUT',
  path: '/api/product/edit',
  access: 'admin',
  summary: 'Rename, reprice or take off sale a data or cable plan (later purchases only).',
  body: ProductEditBody,
  response: Text,
  errors: [400, 401, 403, 404, 429, 500],
});
