import { useEffect } from 'react';
import { startTicketBackground } from '@/features/tickets/background';
import { useAppSelector } from '@/lib/redux/hooks';

/**
 * Sends the resident's defect reports kept on the device (written offline, or cut off while
 * sending) from any screen, at start and when the connection returns; stops at logout.
 */
export default function TicketOutbox() {
  const userId = useAppSelector((s) => s.user.data?.id);
  useEffect(() => (userId ? startTicketBackground(userId) : undefined), [userId]);
  return null;
}
