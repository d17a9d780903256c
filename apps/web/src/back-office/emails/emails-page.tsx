import { Navigate, Route, Routes } from 'react-router';
import EmailPage from './email-page';
import { EmailsList } from './emails-list';

/** Everything under /admin/emails: the outbox and one mail (one chunk). */
export default function EmailsPage() {
  return (
    <Routes>
      <Route index element={<EmailsList />} />
      <Route path=":emailId" element={<EmailPage />} />
      <Route path="*" element={<Navigate to="/admin/emails" replace />} />
    </Routes>
  );
}
