import { Navigate, Route, Routes } from 'react-router';
import { ApprovalsPage } from './approvals-page';
import { CalendarPage } from './calendar-page';
import { ResourcePage } from './resource-page';
import { ResourcesList } from './resources-list';
import { UsagePage } from './usage-page';

/** Everything under /admin/buchungen: approvals, the week calendar, resources, usage (one chunk). */
export default function BookingsPage() {
  return (
    <Routes>
      <Route index element={<ApprovalsPage />} />
      <Route path="kalender" element={<CalendarPage />} />
      <Route path="ressourcen" element={<ResourcesList />} />
      <Route path="ressourcen/neu" element={<ResourcePage />} />
      <Route path="ressourcen/:resourceId" element={<ResourcePage />} />
      <Route path="auslastung" element={<UsagePage />} />
      <Route path="*" element={<Navigate to="/admin/buchungen" replace />} />
    </Routes>
  );
}
