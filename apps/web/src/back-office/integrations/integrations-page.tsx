import { Navigate, Route, Routes } from 'react-router';
import { DeliveriesPage } from './deliveries-page';
import { KeyPage } from './key-page';
import { KeysList } from './keys-list';

/** Everything under /admin/schnittstellen (one chunk): keys, a key's webhooks, an endpoint's deliveries. */
export default function IntegrationsPages() {
  return (
    <Routes>
      <Route index element={<KeysList />} />
      <Route path=":keyId" element={<KeyPage />} />
      <Route path=":keyId/webhooks/:endpointId" element={<DeliveriesPage />} />
      <Route path="*" element={<Navigate to="/admin/schnittstellen" replace />} />
    </Routes>
  );
}
