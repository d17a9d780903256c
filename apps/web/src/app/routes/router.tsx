import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
// The login screen is the first thing a new phone shows: in the entry chunk it needs no second
// round trip before it can paint (about 2 kB gzip for every route).
import LoginPage from '@/features/auth/components/login-page';
import { AppLayout } from '../layout/app-layout';
import { AnonymousOnly, RequireAuth } from './guards';
import { screens } from './screens';

const ForgotPasswordPage = lazy(screens.forgotPassword);
const ActivationPage = lazy(screens.activation);
const WelcomePage = lazy(screens.welcome);
const WelcomeNextPage = lazy(screens.welcomeNext);
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
const TicketsScreens = lazy(screens.tickets);
const BookingsScreens = lazy(screens.bookings);
const ParcelDeskPage = lazy(screens.parcelDesk);
const MyParcelsPage = lazy(screens.myParcels);
const LegalPage = lazy(screens.legal);

/**
 * The routes of product §2.1. Declarative routes rather than a data router: the app loads its
 * data through Redux, and the data router would add about 17 kB to the login bundle.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {/* What German law asks for: open to everyone, signed in or not. */}
        <Route path="/impressum" element={<LegalPage page="impressum" />} />
        <Route path="/datenschutz" element={<LegalPage page="datenschutz" />} />
        <Route path="/barrierefreiheit" element={<LegalPage page="barrierefreiheit" />} />
        {/* The invitation link signs the resident in on the page itself, which then leads on. */}
        <Route path="/willkommen/:token" element={<WelcomePage />} />
        <Route element={<AnonymousOnly />}>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/forgot-password/:token?" element={<ForgotPasswordPage />} />
          <Route path="/aktivieren/:code?" element={<ActivationPage />} />
        </Route>
        <Route element={<RequireAuth />}>
          <Route path="/" element={<HomePage />} />
          <Route path="/willkommen" element={<WelcomeNextPage />} />
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
          <Route path="/tickets/*" element={<TicketsScreens />} />
          <Route path="/buchen/*" element={<BookingsScreens />} />
          <Route path="/rezeption/pakete" element={<ParcelDeskPage />} />
          <Route path="/pakete" element={<MyParcelsPage />} />
          {/* The old 'Meine Anfragen' shows 'Meine Meldungen' under its own address, so links in
              mails and pushes, and the profile's button, keep working. */}
          <Route path="/requests" element={<TicketsScreens />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Route>
    </Routes>
  );
}
