import { Navigate, Route, Routes } from 'react-router';
import { LegalEditor } from './legal-editor';
import { LegalList } from './legal-list';

/** Everything under /admin/rechtliches: the three pages and one page's editor (one chunk). */
export default function LegalPages() {
  return (
    <Routes>
      <Route index element={<LegalList />} />
      <Route path=":page" element={<LegalEditor />} />
      <Route path="*" element={<Navigate to="/admin/rechtliches" replace />} />
    </Routes>
  );
}
