import { memo, useDeferredValue, useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SERVICE_ADMINISTRATION_ID, SERVICE_RECEPTION_ID } from '@hausportal/contract';
import { fetchBlackboardOpened } from '@/entities/blackboard-badge/slice';
import { fetchLocation } from '@/entities/location/slice';
import { fetchServices } from '@/entities/services/slice';
import { fetchProfile } from '@/entities/user/slice';
import { Icon } from '@/components/ui/icon';
import { LoadedAt } from '@/components/ui/not-loaded';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { useOnline } from '@/lib/use-online';
import { useAppDispatch, useAppSelector } from '@/lib/redux/hooks';
import { badgeLabel } from '@/lib/badge';
import { telHref } from '@/lib/text';
import { registerHomeTicketStrings } from '@/i18n/home-tickets';
import { fetchHome } from '../slice';
import { BuildingProblems, useBuildingTickets } from './building-problems';
import { HomeCards, HomeNotices } from './home-news';
import ParcelCard, { DeskLink } from './parcel-card';

registerHomeTicketStrings();

interface Tile {
  to: string;
  label: string;
  icon: string;
  badge?: string | null;
  badgeText?: string;
  /** A place held for a tile that may still arrive. */
  placeholder?: boolean;
}

/**
 * product §1.3: a resident whose emergency services are deactivated gets no button, but one line
 * with the public numbers: 112 first, then the gas emergency line of the phone list (the entry with
 * the gas icon), the order the gas advice gives.
 */
function EmergencyFallback() {
  const { t } = useTranslation();
  const gas = useAppSelector((s) => s.phones.results.find((p) => p.icon.endsWith('/gas.svg') && !p.hidden));
  return (
    <p className="emergency-fallback">
      <span>{t('homeTickets.inEmergency')}</span> <a href="tel:112">{t('homeTickets.fire')}</a>
      {gas ? (
        <>
          {' · '}
          <a href={telHref(gas.number)}>{t('homeTickets.gas', { number: gas.number })}</a>
        </>
      ) : null}
    </p>
  );
}

/**
 * product §2.6: the emergency or default service button. Its headline says what it is in the
 * reader's language, 'Notruf: {Dienst}', whatever service is the target (the server names the
 * service in that language where translated), and the line under it what a tap does. Until the
 * profile and the location are known, a placeholder of the same size holds its place (CLS 0).
 */
function EmergencyButton() {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.user.data);
  const location = useAppSelector((s) => s.location.data);
  const service = useAppSelector((s) => s.services.results.find((x) => x.id === location?.default_service_id));
  if (!location || !user) return <div className="emergency-button emergency-placeholder" aria-hidden="true" />;
  if (user.emergency_services_deactivated) return <EmergencyFallback />;
  const name = t('homeTickets.emergency', { service: location.default_service_name || t('home.tiles.reception') });
  if (location.direct_call && location.direct_number) {
    return (
      <a className="emergency-button" href={telHref(location.direct_number)}>
        <span className="emergency-icon">
          <img src="/icons/emergency.svg" alt="" width={28} height={28} />
        </span>
        <span className="emergency-text">
          <span className="emergency-name">{name}</span>
          <span className="emergency-sub">{t('home.emergencyCall', { number: location.direct_number })}</span>
        </span>
        <Icon name="phone" className="emergency-action" />
      </a>
    );
  }
  if (!location.default_service_id) return <EmergencyFallback />;
  const title = service?.title;
  return (
    <Link className="emergency-button" to={`/services/${location.default_service_id}`}>
      <span className="emergency-icon">
        <img src="/icons/emergency.svg" alt="" width={28} height={28} />
      </span>
      <span className="emergency-text">
        <span className="emergency-name">{name}</span>
        <span className="emergency-sub">
          {location.default_service_always
            ? t('home.emergencyAlways')
            : title && title !== location.default_service_name
              ? t('home.emergencyOpen', { service: title })
              : t('home.emergencyOpenUnnamed')}
        </span>
      </span>
      <Icon name="chevron" className="emergency-action" />
    </Link>
  );
}

/**
 * 'Schaden melden' after the news, and under it 'Meine Meldungen' (only while no card of open
 * reports shows it: the screen names it once) and 'Buchen' as a two-up row.
 */
function TicketButtons({ myTicketsCard }: { myTicketsCard: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="ticket-buttons">
      <Link className="report-damage-button" to="/tickets/new">
        <span className="report-damage-icon">
          <img src="/icons/tools.svg" alt="" width={28} height={28} />
        </span>
        <span className="emergency-text">
          <span className="report-damage-name">{t('homeTickets.report')}</span>
          <span className="emergency-sub">{t('homeTickets.reportSub')}</span>
        </span>
        <Icon name="chevron" className="emergency-action" />
      </Link>
      <div className="ticket-buttons-row">
        {myTicketsCard ? null : (
          <Link className="button my-tickets-button" to="/tickets">
            <Icon name="file" />
            <span>{t('homeTickets.list')}</span>
          </Link>
        )}
        <Link className="button my-tickets-button" to="/buchen">
          <Icon name="clock" />
          <span>{t('homeTickets.book')}</span>
        </Link>
      </div>
    </div>
  );
}

/** The spec's tiles (product §2.6); memoised, so the news arriving or refreshing does not redraw them. */
const Tiles = memo(function Tiles({
  unread,
  hasAdmin,
  adminUnknown,
}: {
  unread: number;
  hasAdmin: boolean;
  adminUnknown: boolean;
}) {
  const { t } = useTranslation();
  const badge = badgeLabel(unread);
  const tiles: Tile[] = [
    { to: '/phone-numbers', label: t('home.tiles.phones'), icon: 'phone' },
    { to: `/services/${SERVICE_RECEPTION_ID}`, label: t('home.tiles.reception'), icon: 'reception' },
    {
      to: '/blackboard',
      label: t('home.tiles.blackboard'),
      icon: 'blackboard',
      badge,
      badgeText: unread > 99 ? t('home.unreadMany') : t('home.unread', { count: unread }),
    },
    { to: '/services', label: t('home.tiles.services'), icon: 'services' },
    // product §5.8: the administration tile shows when the services list has service 1.
    ...(hasAdmin
      ? [{ to: `/services/${SERVICE_ADMINISTRATION_ID}`, label: t('home.tiles.administration'), icon: 'admin' }]
      : adminUnknown
        ? [{ to: 'admin-placeholder', label: '', icon: '', placeholder: true }]
        : []),
    { to: '/apartment', label: t('home.tiles.apartment'), icon: 'apartment' },
  ];
  return (
    <ul className="tile-grid">
      {tiles.map((tile) =>
        tile.placeholder ? (
          <li key={tile.to} className="tile tile-placeholder" aria-hidden="true" />
        ) : (
          <li key={tile.to}>
            <Link className="tile" to={tile.to}>
              <span className="tile-icon">
                <img src={`/icons/${tile.icon}.svg`} alt="" width={36} height={36} />
                {tile.badge ? (
                  <span className="badge" aria-hidden="true" data-testid="blackboard-badge">
                    {tile.badge}
                  </span>
                ) : null}
              </span>
              <span className="tile-label">
                <bdi>{tile.label}</bdi>
              </span>
              {tile.badge ? <span className="visually-hidden">, {tile.badgeText}</span> : null}
            </Link>
          </li>
        ),
      )}
    </ul>
  );
});

export default function HomePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const location = useAppSelector((s) => s.location.data);
  const userId = useAppSelector((s) => s.user.data?.id);
  const isReceptionist = useAppSelector((s) => s.user.data?.is_receptionist) ?? false;
  const hasAdmin = useAppSelector((s) => s.services.results.some((x) => x.id === SERVICE_ADMINISTRATION_ID));
  // Before the first answer nobody knows whether the administration tile exists; its place is
  // held so that the apartment tile does not jump when it arrives.
  const servicesUnknown = useAppSelector((s) => s.services.fetching && s.services.results.length === 0);
  const unread = useAppSelector((s) => s.blackboard.unreadCount);
  // Each field on its own: the fetching flag going up and down redraws nothing below.
  // Drawn in a render of its own after the first paint (React splits it into short slices), so
  // the cards and tiles that come from storage do not lengthen the first task on a slow phone.
  const held = useAppSelector((s) => s.home.data);
  const news = useDeferredValue(held, null);
  const newsFetching = useAppSelector((s) => s.home.fetching);
  const newsFailed = useAppSelector((s) => s.home.error !== null);
  const online = useOnline();

  useEffect(() => {
    void dispatch(fetchProfile());
    void dispatch(fetchLocation());
    void dispatch(fetchServices());
  }, [dispatch]);

  useEffect(() => {
    if (online) void dispatch(fetchHome());
  }, [dispatch, online]);

  // The notices sit above 'Schaden melden' and the tiles, and their height is only known with their
  // data. So what follows them appears with them, once the news is known (stored or loaded) or
  // cannot come (offline, failed): nothing moves under a finger when it arrives (CLS 0). The
  // emergency button above never waits.
  // News that is held but not drawn yet counts as on its way, offline too, so the tiles never
  // come first and then move down under it.
  const newsKnown = news !== null || (held === null && !newsFetching && (newsFailed || !online));
  // The problems in the house sit above 'Schaden melden' too: what follows waits for both.
  const building = useBuildingTickets();
  const newsSettled = newsKnown && building.settled;

  useEffect(() => {
    if (userId) void dispatch(fetchBlackboardOpened(userId));
  }, [dispatch, userId]);

  return (
    <Page title={location?.title || t('app.name')} className="home-page">
      {/* product §2.6 and issue 33: emergency, important notices, parcels, open problems in the
          house, then 'Schaden melden', the resident's cards and the tiles; 12 px between them. */}
      <div className="home-stack">
        <EmergencyButton />
        {!newsSettled ? <Spinner label={t('homeNews.loading')} /> : null}
        {news ? <HomeNotices notices={news.notices} /> : null}
        {/* Parcels: the desk for receptionists, the pickup code for residents. */}
        {isReceptionist ? <DeskLink /> : <ParcelCard />}
        {newsSettled ? (
          <>
            <BuildingProblems building={building} />
            <TicketButtons myTicketsCard={Boolean(news?.tickets.count)} />
          </>
        ) : null}
        {news ? (
          <>
            <HomeCards home={news} />
            <LoadedAt name="home" />
          </>
        ) : newsSettled && online ? (
          <p className="muted home-news-failed">
            {t('homeNews.failed')}{' '}
            <button type="button" className="link-button" onClick={() => void dispatch(fetchHome())}>
              {t('homeNews.retry')}
            </button>
          </p>
        ) : null}
        {newsSettled ? <Tiles unread={unread} hasAdmin={hasAdmin} adminUnknown={servicesUnknown} /> : null}
      </div>
    </Page>
  );
}
