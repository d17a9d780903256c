import { adminApi, listQuery, type ListArgs } from '../api/admin-api';
import type { ModerationComment, ModerationKind, ModerationMessage, Paginated, ReportedItem } from '../api/types';

/** Every moderation list and the nav count: a decision can change any of them. */
const moderationTags = ['ModerationSummary', 'ModerationMessages', 'ModerationComments', 'Reports'] as const;

export interface ModerationDecision {
  id: number;
  status: 'approved' | 'rejected';
  rejection_reason?: string;
}

export interface ReportDecision {
  kind: ModerationKind;
  id: number;
  decision: 'remove' | 'keep';
  reason?: string;
}

/** The moderation queue's calls (product §3.2, §4.7). */
export const moderationApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    pendingMessages: build.query<Paginated<ModerationMessage>, ListArgs>({
      query: ({ page, location_id }) => listQuery('/api/admin/messages/', { page, status: 'pending', location_id }),
      providesTags: ['ModerationMessages'],
    }),
    pendingComments: build.query<Paginated<ModerationComment>, ListArgs>({
      query: ({ page, location_id }) => listQuery('/api/admin/comments/', { page, status: 'pending', location_id }),
      providesTags: ['ModerationComments'],
    }),
    openReports: build.query<Paginated<ReportedItem>, ListArgs>({
      query: ({ page, location_id }) => listQuery('/api/admin/reports/', { page, status: 'open', location_id }),
      providesTags: ['Reports'],
    }),
    moderateMessage: build.mutation<{ id: number; status: string }, ModerationDecision>({
      query: ({ id, ...body }) => ({ url: `/api/admin/messages/${id}/moderation/`, method: 'PUT', body }),
      invalidatesTags: [...moderationTags],
    }),
    moderateComment: build.mutation<{ id: number; status: string }, ModerationDecision>({
      query: ({ id, ...body }) => ({ url: `/api/admin/comments/${id}/moderation/`, method: 'PUT', body }),
      invalidatesTags: [...moderationTags],
    }),
    bulkApprove: build.mutation<{ approved: number }, { kind: ModerationKind; id: number }[]>({
      query: (items) => ({ url: '/api/admin/moderation/bulk/', method: 'POST', body: { items, status: 'approved' } }),
      invalidatesTags: [...moderationTags],
    }),
    decideReport: build.mutation<{ kind: ModerationKind; id: number; decision: string }, ReportDecision>({
      query: (body) => ({ url: '/api/admin/reports/decision/', method: 'POST', body }),
      invalidatesTags: [...moderationTags],
    }),
  }),
});

export const {
  usePendingMessagesQuery,
  usePendingCommentsQuery,
  useOpenReportsQuery,
  useModerateMessageMutation,
  useModerateCommentMutation,
  useBulkApproveMutation,
  useDecideReportMutation,
} = moderationApi;
