import { useCallback, useMemo, useState } from 'react';
import { toast } from 'react-toastify';
import type { RowSelectionState } from '@tanstack/react-table';
import type { ModerationKind } from '../api/types';
import { errorMessage, describeServerError } from '../lib/errors';
import { s } from '../strings';
import { useBulkApproveMutation, useModerateCommentMutation, useModerateMessageMutation } from './api';

/** The item whose rejection dialog is open. */
export interface Rejecting {
  id: number;
  error: string | null;
}

/**
 * What the posts and the comments queue share: approving one, rejecting one with a reason,
 * approving the selected ones at once, and hiding what was decided until the list refetches.
 */
export function useQueue(kind: ModerationKind) {
  const [moderateMessage, messageState] = useModerateMessageMutation();
  const [moderateComment, commentState] = useModerateCommentMutation();
  const [bulkApprove, bulkState] = useBulkApproveMutation();
  const moderate = kind === 'message' ? moderateMessage : moderateComment;
  const busy = (kind === 'message' ? messageState : commentState).isLoading || bulkState.isLoading;
  const [selected, setSelected] = useState<RowSelectionState>({});
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());
  const [rejecting, setRejecting] = useState<Rejecting | null>(null);

  const leave = useCallback((ids: string[]) => {
    setGone((current) => new Set([...current, ...ids]));
    setSelected((current) => {
      const next = { ...current };
      for (const id of ids) delete next[id];
      return next;
    });
  }, []);

  const approve = async (id: number) => {
    try {
      await moderate({ id, status: 'approved' }).unwrap();
      leave([String(id)]);
      toast.success(s.moderation.approved);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const reject = async (reason: string) => {
    if (!rejecting) return;
    const { id } = rejecting;
    try {
      await moderate({ id, status: 'rejected', rejection_reason: reason }).unwrap();
      leave([String(id)]);
      setRejecting(null);
      toast.success(s.moderation.rejected);
    } catch (error) {
      const { fields, general } = describeServerError(error);
      setRejecting({ id, error: fields.rejection_reason ?? general ?? Object.values(fields).join(' ') });
    }
  };

  const selectedIds = useMemo(() => Object.keys(selected), [selected]);
  const approveSelected = async () => {
    if (selectedIds.length === 0) return;
    try {
      const { approved } = await bulkApprove(selectedIds.map((id) => ({ kind, id: Number(id) }))).unwrap();
      leave(selectedIds);
      toast.success(s.moderation.bulkApproved(approved));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return { selected, setSelected, selectedIds, gone, busy, approve, rejecting, setRejecting, reject, approveSelected };
}
