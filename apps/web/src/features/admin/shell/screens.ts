// Every back-office screen is its own chunk, loaded when first opened. W2's screens replace
// the placeholder entries here (see /work/notes/admin-shell.md).
export const adminScreens = {
  moderation: () => import('../moderation/moderation-page'),
  notices: () => import('../notices/notices-page'),
  noticeForm: () => import('../notices/notice-form-page'),
  requests: () => import('../requests/requests-page'),
  placeholder: () => import('./placeholder-page'),
};
