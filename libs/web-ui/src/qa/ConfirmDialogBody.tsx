import { useState } from 'react';
import { Modal } from 'antd';
import { QaUiTexts } from './texts';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: string;
  okText?: string;
  onConfirm: () => Promise<unknown>;
  onCancel: () => void;
}

/** A destructive action's confirmation: Delete (danger) and Cancel. */
export function ConfirmDialogBody({ open, title, body, okText = QaUiTexts.delete, onConfirm, onCancel }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={title} okText={okText} okButtonProps={{ danger: true }} cancelText={QaUiTexts.cancel} onOk={confirm} onCancel={onCancel} confirmLoading={busy}>
      <p>{body}</p>
    </Modal>
  );
}
