import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AppLayout } from '../layout/app-layout';
import { AnonymousOnly, RequireAuth } from './guards';

// Every screen is its own chunk, so the login route does not pull in the whole app.
const LoginPage = lazy(() => import('@/features/auth/components/login-page'));
const ForgotPasswordPage = lazy(() => import('@/features/auth/components/forgot-password-page'));
const HomePage = lazy(() => import('@/features/home/components/home-page'));
const PhonesPage = lazy(() => import('@/features/phones/components/phones-page'));
const ApartmentPage = lazy(() => import('@/features/apartment/components/apartment-page'));
const BlackboardPage = lazy(() => import('@/features/blackboard/components/blackboard-page'));
const NewMessagePage = lazy(() => import('@/features/blackboard/components/new-message-page'));
const MessageDetailPage = lazy(() => import('@/features/blackboard/components/message-detail-page'));
const ServicesPage = lazy(() => import('@/features/services/components/services-page'));
const ServicePage = lazy(() => import('@/features/services/components/service-page'));
const ReceptionPage = lazy(() => import('@/features/reception/components/reception-page'));
const ProfilePage = lazy(() => import('@/features/profile/components/profile-page'));
const ChangePasswordPage = lazy(() => import('@/features/profile/components/change-password-page'));

/**
 * The routes of SPEC §2. Declarative routes rather than a data router: the app loads its
 * data through Redux, and the data router would add about 17 kB to the login bundle.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route element={<AnonymousOnly />}>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/forgot-password/:token?" element={<ForgotPasswordPage />} />
        </Route>
        <Route element={<RequireAuth />}>
          <Route path="/" element={<HomePage />} />
          <Route path="/phone-numbers" element={<PhonesPage />} />
          <Route path="/apartment" element={<ApartmentPage />} />
          <Route path="/blackboard/:page?" element={<BlackboardPage />} />
          <Route path="/messages/new" element={<NewMessagePage />} />
          <Route path="/messages/view/:messageId" element={<MessageDetailPage />} />
          <Route path="/services" element={<ServicesPage />} />
          <Route path="/services/:serviceId" element={<ServicePage />} />
          <Route path="/reception" element={<ReceptionPage />} />
          <Route path="/profile/:success?" element={<ProfilePage />} />
          <Route path="/change-password" element={<ChangePasswordPage />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Route>
    </Routes>
  );
}
