import { Navigate, Route, Routes } from 'react-router';
import ProviderPage from './provider-page';
import ServicePage from './service-page';
import { ServicesList } from './services-list';

/** Everything under /admin/services: services, a service with its providers, a provider (one chunk). */
export default function ServicesPage() {
  return (
    <Routes>
      <Route index element={<ServicesList />} />
      <Route path="new" element={<ServicePage />} />
      <Route path=":serviceId" element={<ServicePage />} />
      <Route path=":serviceId/providers/new" element={<ProviderPage />} />
      <Route path=":serviceId/providers/:providerId" element={<ProviderPage />} />
      <Route path="*" element={<Navigate to="/admin/services" replace />} />
    </Routes>
  );
}
