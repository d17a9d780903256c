import { Navigate, Route, Routes } from 'react-router';
import { DocumentsList } from './documents-list';
import UploadPage from './upload-page';

/** Everything under /admin/documents: the list and the upload (one chunk). */
export default function DocumentsPage() {
  return (
    <Routes>
      <Route index element={<DocumentsList />} />
      <Route path="new" element={<UploadPage />} />
      <Route path="*" element={<Navigate to="/admin/documents" replace />} />
    </Routes>
  );
}
