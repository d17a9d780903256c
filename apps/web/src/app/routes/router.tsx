import { lazy } from 'react';
// The login screen is the first thing a new phone shows: in the entry chunk it needs no second
// round trip before it can paint (about 2 kB gzip for every route).
import LoginPage from '@/features/auth/components/login-page';
import { Navigate, Route, Routes } from 'react-router';
import { AppLayout } from '../layout/app-layout';
import { AnonymousOnly, RequireAuth } from './guards';

// Every screen is its own chunk, so the login route does not pull in the whole app.
const screens = {
  forgotPassword: () => import('@/features/auth/components/forgot-password-page'),
  home: () => import('@/features/home/components/home-page'),
  phones: () => import('@/features/phones/components/phones-page'),
  apartment: () => import('@/features/apartment/components/apartment-page'),
  blackboard: () => import('@/features/blackboard/components/blackboard-page'),
  newMessage: () => import('@/features/blackboard/components/new-message-page'),
  messageDetail: () => import('@/features/blackboard/components/message-detail-page'),
  services: () => import('@/features/services/components/services-page'),
  service: () => import('@/features/services/components/service-page'),
  reception: () => import('@/features/reception/components/reception-page'),
  profile: () => import('@/features/profile/components/profile-page'),
  changePassword: () => import('@/features/profile/components/change-password-page'),
};

const ForgotPasswordPage = lazy(screens.forgotPassword);
const HomePage = lazy(screens.home);
const PhonesPage = lazy(screens.phones);
const ApartmentPage = lazy(screens.apartment);
const BlackboardPage = lazy(screens.blackboard);
const NewMessagePage = lazy(screens.newMessage);
const MessageDetailPage = lazy(screens.messageDetail);
const ServicesPage = lazy(screens.services);
const ServicePage = lazy(screens.service);
const ReceptionPage = lazy(screens.reception);
const ProfilePage = lazy(screens.profile);
const ChangePasswordPage = lazy(screens.changePassword);

/**
 * Loads the signed-in screens in the background, so that they open instantly and still
 * open after the connection drops (the persisted data is readable offline, SPEC §4).
 */
export function prefetchScreens(): void {
  const { forgotPassword: _forgot, ...signedIn } = screens;
  for (const load of Object.values(signedIn)) load().catch(() => undefined);
}

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
