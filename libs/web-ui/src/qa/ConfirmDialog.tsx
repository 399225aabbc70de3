import { lazyDialog } from '../components/lazy-dialog';
import type { ConfirmDialogProps } from './ConfirmDialogBody';

/** A destructive action's confirmation: Delete (danger) and Cancel. Its code arrives when it is first opened. */
export const ConfirmDialog = lazyDialog<ConfirmDialogProps>(() =>
  import(/* webpackChunkName: "confirm-dialog" */ './ConfirmDialogBody').then((m) => m.ConfirmDialogBody),
);
