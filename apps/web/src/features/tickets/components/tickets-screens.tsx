import { Navigate, Route, Routes } from 'react-router';
import MyTicketsPage from './my-tickets-page';
import NewTicketPage from './new-ticket-page';
import TicketPage from './ticket-page';

/**
 * The ticket screens under /tickets: 'Meine Meldungen', 'Schaden melden' and a ticket's
 * page. One lazy chunk for the three, so /login's entry carries one import of them, not three
 * (ADR 015: it must not grow). /requests, the old 'Meine Anfragen', renders the list as well.
 */
export default function TicketsScreens() {
  return (
    <Routes>
      <Route index element={<MyTicketsPage />} />
      <Route path="new" element={<NewTicketPage />} />
      <Route path=":ticketId" element={<TicketPage />} />
      <Route path="*" element={<Navigate to="/tickets" replace />} />
    </Routes>
  );
}
