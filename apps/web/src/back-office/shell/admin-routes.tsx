import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { s } from '../strings';
import { AdminLayout } from './admin-layout';
import LoginPage from './login-page';
import { RequireStaff } from './require-staff';
import { adminScreens } from './screens';

const OverviewPage = lazy(adminScreens.overview);
const ModerationPage = lazy(adminScreens.moderation);
const TicketsPage = lazy(adminScreens.tickets);
const NoticesPage = lazy(adminScreens.notices);
const NoticeFormPage = lazy(adminScreens.noticeForm);
const RequestsPage = lazy(adminScreens.requests);
const BookingsPage = lazy(adminScreens.bookings);
const ResidentsPage = lazy(adminScreens.residents);
const DocumentsPage = lazy(adminScreens.documents);
const PhonesPage = lazy(adminScreens.phones);
const ServicesPage = lazy(adminScreens.services);
const LocationsPage = lazy(adminScreens.locations);
const EmailsPage = lazy(adminScreens.emails);
const ParcelsPage = lazy(adminScreens.parcels);
const AuditPage = lazy(adminScreens.audit);
const TwoFactorPage = lazy(adminScreens.twoFactor);
const AccountPage = lazy(adminScreens.account);
const LegalPages = lazy(adminScreens.legal);
const IntegrationsPages = lazy(adminScreens.integrations);

/** The back office's routes, all below /admin. */
export function AdminRoutes() {
  return (
    <Suspense fallback={<Spinner label={s.loading} />}>
      <Routes>
        <Route path="/admin/login" element={<LoginPage />} />
        <Route element={<RequireStaff />}>
          <Route element={<AdminLayout />}>
            <Route path="/admin" element={<Navigate to="/admin/uebersicht" replace />} />
            <Route path="/admin/uebersicht" element={<OverviewPage />} />
            <Route path="/admin/moderation" element={<ModerationPage />} />
            <Route path="/admin/tickets/*" element={<TicketsPage />} />
            <Route path="/admin/notices" element={<NoticesPage />} />
            <Route path="/admin/notices/new" element={<NoticeFormPage />} />
            <Route path="/admin/notices/:noticeId" element={<NoticeFormPage />} />
            <Route path="/admin/requests" element={<RequestsPage />} />
            <Route path="/admin/buchungen/*" element={<BookingsPage />} />
            <Route path="/admin/residents/*" element={<ResidentsPage />} />
            <Route path="/admin/documents/*" element={<DocumentsPage />} />
            <Route path="/admin/phones/*" element={<PhonesPage />} />
            <Route path="/admin/services/*" element={<ServicesPage />} />
            <Route path="/admin/locations/*" element={<LocationsPage />} />
            <Route path="/admin/emails/*" element={<EmailsPage />} />
            <Route path="/admin/pakete" element={<ParcelsPage />} />
            <Route path="/admin/audit/*" element={<AuditPage />} />
            <Route path="/admin/rechtliches/*" element={<LegalPages />} />
            <Route path="/admin/schnittstellen/*" element={<IntegrationsPages />} />
            <Route path="/admin/zwei-faktor" element={<TwoFactorPage />} />
            <Route path="/admin/konto" element={<AccountPage />} />
            <Route path="*" element={<Navigate to="/admin/uebersicht" replace />} />
          </Route>
        </Route>
      </Routes>
    </Suspense>
  );
}
