import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@hausportal/contract';
import { setLanguage } from '@/i18n';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { NotificationsCard } from './notifications-card';

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('de');
});

// Status changes and messages on defect tickets are a kind of their own in the settings.
describe('the notification kind of defect tickets', () => {
  it('shows "Meine Schadensmeldungen" with its push and e-mail switches, and "My damage reports" in English', async () => {
    mockFetch({ 'GET /api/profile/notifications/': { body: DEFAULT_NOTIFICATION_SETTINGS } });
    renderWithApp(<NotificationsCard />);
    expect(await screen.findByRole('checkbox', { name: 'Auf dem Gerät: Meine Schadensmeldungen' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'E-Mail: Meine Schadensmeldungen' })).toBeInTheDocument();
    // The managers' queue of new tickets is not a resident's switch.
    expect(screen.queryByText('Neue Schadensmeldungen')).not.toBeInTheDocument();

    await setLanguage('en');
    expect(await screen.findByRole('checkbox', { name: 'Push: My damage reports' })).toBeInTheDocument();
  });
});
