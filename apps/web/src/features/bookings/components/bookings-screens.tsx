import { Route, Routes } from 'react-router';
import { registerBookingStrings } from '@/i18n/bookings';
import ConfirmationPage from './confirmation-page';
import MyBookingsPage from './my-bookings-page';
import ResourceListPage from './resource-list-page';
import ResourcePage from './resource-page';
import './bookings.css';

registerBookingStrings();

/**
 * The booking screens under /buchen: the resources, 'Meine Buchungen', a resource's calendar and
 * the confirmation after booking. One lazy chunk for them, as the tickets' screens, so /login's
 * entry carries one import of them.
 */
export default function BookingsScreens() {
  return (
    <Routes>
      <Route index element={<ResourceListPage />} />
      <Route path="meine" element={<MyBookingsPage />} />
      <Route path="gebucht/:bookingId" element={<ConfirmationPage />} />
      <Route path=":resourceId" element={<ResourcePage />} />
    </Routes>
  );
}
