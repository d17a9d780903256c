import { api } from '@/lib/api-client';

export interface BlackboardOpened {
  date_blackboard_opened: string | null;
  unread_count: number;
}

/** GET /api/blackboard_opened/{user}/: the last visit and the unread count. */
export function getBlackboardOpened(userId: number): Promise<BlackboardOpened> {
  return api.get<BlackboardOpened>(`/api/blackboard_opened/${userId}/`);
}

/** PUT /api/blackboard_opened/{user}/ with the current time. */
export function putBlackboardOpened(userId: number): Promise<BlackboardOpened> {
  return api.put<BlackboardOpened>(`/api/blackboard_opened/${userId}/`, {
    date_blackboard_opened: new Date().toISOString(),
  });
}
