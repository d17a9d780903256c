import { Navigate, Route, Routes } from 'react-router';
import { CategoriesPage } from './categories-page';
import { StatsPage } from './stats-page';
import { TicketBoardPage } from './ticket-board';
import { TicketCreatePage } from './ticket-create-page';
import { TicketPage } from './ticket-page';
import { TicketsList } from './tickets-list';

/** Everything under /admin/tickets: list, board, one ticket, a new one, categories, figures (one chunk). */
export default function TicketsPage() {
  return (
    <Routes>
      <Route index element={<TicketsList />} />
      <Route path="board" element={<TicketBoardPage />} />
      <Route path="new" element={<TicketCreatePage />} />
      <Route path="categories" element={<CategoriesPage />} />
      <Route path="stats" element={<StatsPage />} />
      <Route path=":ticketId" element={<TicketPage />} />
      <Route path="*" element={<Navigate to="/admin/tickets" replace />} />
    </Routes>
  );
}
