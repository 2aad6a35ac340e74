import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/**
 * PUT /api/product/edit: rename, reprice or take a plan off sale (later purchases only).
 * The admin catalogue and the public lists the purchase screens use revalidate after it.
 */
export const editProductKey = api.editProduct.path;

export function useEditProduct() {
  return useApiMutation(api.editProduct, {
    invalidates: [api.products, api.dataProducts, api.cableProducts],
  });
}
