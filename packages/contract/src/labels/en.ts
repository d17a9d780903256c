import type { Labels } from './constants.js';

/** English. */
export const labelsEn: Labels = {
  ticketStatuses: {
    received: 'Received',
    in_progress: 'In progress',
    craftsman_assigned: 'Craftsman assigned',
    appointment_set: 'Appointment set',
    reported_done: 'Reported as done',
    done: 'Done',
    rejected: 'Rejected',
  },
  ticketScopes: {
    apartment: 'In my apartment',
    building: 'In the building / common area',
  },
  notificationKinds: {
    posts: 'New posts on the blackboard',
    comments: 'Comments on my posts',
    moderation: 'Review of my posts and comments',
    reports: 'Decisions on my reports',
    requests: 'Progress of my requests',
    notices: 'Notices from the management',
    documents: 'New documents for my apartment',
    tickets: 'My damage reports',
    parcels: 'Parcels at the reception',
    bookings: 'My bookings',
    queue: 'New in moderation',
    ticket_queue: 'New damage reports',
  },
};
