import { whenIdle } from '@/lib/when-idle';

// Every screen is its own chunk, so the login route does not pull in the whole app. The table
// lives apart from the router so that the layout can prefetch without importing the router.
export const screens = {
  forgotPassword: () => import('@/features/auth/components/forgot-password-page'),
  // /aktivieren/{code}: the activation letter's page, before anyone is signed in.
  activation: () => import('@/features/auth/components/activation-page'),
  // /willkommen/{token}: the invitation mail's link; /willkommen: the step after it (ADR 044).
  welcome: () => import('@/features/auth/components/welcome-page'),
  welcomeNext: () => import('@/features/profile/components/welcome-next-page'),
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
  // /tickets, /tickets/new, /tickets/:ticketId, and /requests, where 'Meine Anfragen' lived.
  tickets: () => import('@/features/tickets/components/tickets-screens'),
  // /buchen, /buchen/meine, /buchen/:resourceId, /buchen/gebucht/:bookingId: one file each, one chunk.
  bookings: () => import('@/features/bookings/components/bookings-screens'),
  // Parcels: the receptionist's desk and the resident's code.
  parcelDesk: () => import('@/features/parcels/components/desk-page'),
  myParcels: () => import('@/features/parcels/components/my-parcels-page'),
  // /impressum, /datenschutz, /barrierefreiheit, with or without sign-in.
  legal: () => import('@/features/legal/components/legal-page'),
};

/**
 * Loads the signed-in screens in the background, so that they open instantly and still
 * open after the connection drops (the persisted data is readable offline, product §2.18).
 */
export function prefetchScreens(): void {
  // The legal pages are rarely opened; they load when they are.
  const { forgotPassword: _forgot, activation: _activation, legal: _legal, ...signedIn } = screens;
  // One screen per idle moment, so that evaluating them never blocks a tap for long.
  const queue = Object.values(signedIn);
  const next = () => {
    const load = queue.shift();
    if (load)
      void load().then(
        () => whenIdle(next),
        () => whenIdle(next),
      );
  };
  whenIdle(next);
}
