import { Navigate, Route, Routes } from 'react-router';
import ResidentFormPage from './resident-form-page';
import ResidentImportPage from './import-page';
import { ResidentsList } from './residents-list';

/** Everything under /admin/residents: the list, the form, the CSV import (one chunk). */
export default function ResidentsPage() {
  return (
    <Routes>
      <Route index element={<ResidentsList />} />
      <Route path="new" element={<ResidentFormPage />} />
      <Route path="import" element={<ResidentImportPage />} />
      <Route path=":residentId" element={<ResidentFormPage />} />
      <Route path="*" element={<Navigate to="/admin/residents" replace />} />
    </Routes>
  );
}
