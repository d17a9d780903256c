import type { Phone } from '@hausportal/contract';
import { getAll } from '@/lib/api-client';

/** GET /api/phones/, every page. */
export function getPhones(): Promise<Phone[]> {
  return getAll<Phone>('/api/phones/');
}
