import { Navigate, Route, Routes } from 'react-router';
import LocationPage from './location-page';
import { LocationsList } from './locations-list';

/** Everything under /admin/locations: the list and one location's settings (one chunk). */
export default function LocationsPage() {
  return (
    <Routes>
      <Route index element={<LocationsList />} />
      <Route path=":locationId" element={<LocationPage />} />
      <Route path="*" element={<Navigate to="/admin/locations" replace />} />
    </Routes>
  );
}
