import { useRef, type KeyboardEvent } from 'react';
import { useModerationSummaryQuery } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { useFilterParam, useLocationFilter } from '../lib/list-params';
import { s } from '../strings';
import { CommentsTab } from './comments-tab';
import { PostsTab } from './posts-tab';
import { ReportsTab } from './reports-tab';

const tabs = ['posts', 'comments', 'reports'] as const;
type Tab = (typeof tabs)[number];

const labels: Record<Tab, string> = {
  posts: s.moderation.posts,
  comments: s.moderation.comments,
  reports: s.moderation.reports,
};

/**
 * The moderation queue: pending posts, pending comments and reports as tabs (the tab is in the
 * URL, `?tab=`), each with its count from the summary that the sidebar also shows.
 */
export default function ModerationPage() {
  const [locationId] = useLocationFilter();
  const [current = 'posts', setTab] = useFilterParam<Tab>('tab', tabs);
  const { data: summary } = useModerationSummaryQuery(locationId ? { location_id: locationId } : {});
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});

  const counts: Record<Tab, number | undefined> = {
    posts: summary?.pending_messages,
    comments: summary?.pending_comments,
    reports: summary?.open_reports,
  };

  // The tab pattern of WAI-ARIA: arrows move between tabs, only the active one is in the tab order.
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.indexOf(current);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    let next: Tab | undefined;
    if (step) next = tabs[(index + step + tabs.length) % tabs.length];
    else if (event.key === 'Home') next = tabs[0];
    else if (event.key === 'End') next = tabs[tabs.length - 1];
    if (!next) return;
    event.preventDefault();
    setTab(next === 'posts' ? undefined : next);
    refs.current[next]?.focus();
  };

  return (
    <AdminPage title={s.moderation.title}>
      <div className="admin-tabs" role="tablist" aria-label={s.moderation.tabs} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab}
            ref={(el) => {
              refs.current[tab] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${tab}`}
            className="admin-tab"
            aria-selected={tab === current}
            aria-controls={`panel-${tab}`}
            tabIndex={tab === current ? 0 : -1}
            onClick={() => setTab(tab === 'posts' ? undefined : tab)}
          >
            {labels[tab]} {counts[tab] !== undefined ? <span className="admin-tab-count">{counts[tab]}</span> : null}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${current}`} aria-labelledby={`tab-${current}`}>
        {current === 'posts' ? <PostsTab /> : current === 'comments' ? <CommentsTab /> : <ReportsTab />}
      </div>
    </AdminPage>
  );
}
